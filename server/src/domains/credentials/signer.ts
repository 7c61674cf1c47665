import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/worker';

type Json = Record<string, unknown>;

/** What the signing worker is started with: the issuer's key seed and DID. */
export interface SignerSetup {
  seed: Uint8Array;
  did: string;
}
export interface SignRequest {
  id: number;
  credential: Json;
  /** ISO time the proof is created at (the app's clock). */
  now: string;
}
/** A signed credential to check against the issuer's DID document (every key it ever had). */
export interface VerifyRequest {
  id: number;
  verify: Json;
  didDocument: Json;
  /** ISO time to check validity at, if not now. */
  at?: string;
}
export type SignAnswer =
  { id: number; signed: Json } | { id: number; verified: boolean } | { id: number; error: string };

/** An idle worker is stopped after this long: its heap (about 50 MB) is not kept for nothing. */
export const SIGNER_IDLE_MS = 60_000;

/**
 * The issuer's signatures, made (and checked) in one worker thread (signing-worker.ts), so that
 * canonicalising and signing (about 13 ms of CPU each) never hold the server's event loop: a
 * registry of thousands of imported certificates is signed in the background while requests
 * are answered at their usual speed. The worker starts at the first signature and stops after a
 * minute without one; if it dies, what it had been asked fails and the next signature starts a
 * new one.
 */
export function credentialSigner(setup: SignerSetup) {
  /** The running worker, once it has loaded, with what it still owes. */
  let current: Promise<Running> | undefined;
  let next = 0;
  let idle: NodeJS.Timeout | undefined;

  interface Running {
    worker: Worker;
    pending: Map<number, { resolve(answer: SignAnswer): void; reject(err: Error): void }>;
  }

  function start(): Promise<Running> {
    const worker = startWorker(new URL('./signing-worker.ts', import.meta.url), { workerData: setup });
    const running: Running = { worker, pending: new Map() };
    const ready = new Promise<Running>((resolve, reject) => {
      worker.on('message', (message: 'ready' | SignAnswer) => {
        if (message === 'ready') return resolve(running);
        const waiting = running.pending.get(message.id);
        running.pending.delete(message.id);
        if (!running.pending.size) {
          worker.unref();
          idle = setTimeout(() => void close(), SIGNER_IDLE_MS).unref();
        }
        if ('error' in message) waiting?.reject(new Error(`Signing failed: ${message.error}`));
        else waiting?.resolve(message);
      });
      const fail = (err: Error) => {
        if (current === ready) current = undefined;
        reject(err);
        for (const waiting of running.pending.values()) waiting.reject(err);
        running.pending.clear();
      };
      worker.once('error', fail);
      worker.once('exit', (code) => fail(new Error(`The signing worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  async function close() {
    clearTimeout(idle);
    const stopping = current;
    current = undefined;
    if (stopping) await (await stopping.catch(() => undefined))?.worker.terminate();
  }

  async function ask(request: Omit<SignRequest, 'id'> | Omit<VerifyRequest, 'id'>): Promise<SignAnswer> {
    clearTimeout(idle);
    current ??= start();
    const { worker, pending } = await current;
    const id = next++;
    return new Promise<SignAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Referenced while it owes an answer; idle, it never keeps the process alive.
      worker.ref();
      worker.postMessage({ id, ...request });
    });
  }

  return {
    async sign(credential: Json, now: Date): Promise<Json> {
      const answer = await ask({ credential, now: now.toISOString() });
      if (!('signed' in answer)) throw new Error('The signing worker did not sign');
      return answer.signed;
    },
    /** Whether the credential's proof holds, checked in the worker too (canonicalising is the cost). */
    async verify(credential: Json, didDocument: Json, at?: Date): Promise<boolean> {
      const answer = await ask({ verify: credential, didDocument, ...(at ? { at: at.toISOString() } : {}) });
      return 'verified' in answer && answer.verified;
    },
    close,
    /** Whether a worker is up (started, or starting). */
    get running() {
      return current !== undefined;
    },
  };
}
