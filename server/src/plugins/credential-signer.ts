import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker';

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
export type SignAnswer = { id: number; signed: Json } | { id: number; error: string };

/**
 * The issuer's signatures, made in one worker thread (credential-signing-worker.ts), so that
 * canonicalising and signing (about 13 ms of CPU each) never hold the server's event loop: a
 * registry of thousands of imported certificates is signed in the background while requests
 * are answered at their usual speed. The worker starts at the first signature and is kept; if it
 * dies, what it had been asked fails and the next signature starts a new one.
 */
export function credentialSigner(setup: SignerSetup) {
  let worker: Promise<Worker> | undefined;
  let next = 0;
  const pending = new Map<number, { resolve(signed: Json): void; reject(err: Error): void }>();

  function start(): Promise<Worker> {
    const started = startWorker(new URL('./credential-signing-worker.ts', import.meta.url), {
      workerData: setup,
    });
    const ready = new Promise<Worker>((resolve, reject) => {
      started.on('message', (message: 'ready' | SignAnswer) => {
        if (message === 'ready') return resolve(started);
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (!pending.size) started.unref();
        if ('error' in message) waiting?.reject(new Error(`Signing failed: ${message.error}`));
        else waiting?.resolve(message.signed);
      });
      const fail = (err: Error) => {
        worker = undefined;
        reject(err);
        for (const waiting of pending.values()) waiting.reject(err);
        pending.clear();
      };
      started.once('error', fail);
      started.once('exit', (code) => fail(new Error(`The signing worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  return {
    async sign(credential: Json, now: Date): Promise<Json> {
      worker ??= start();
      const ready = await worker;
      const id = next++;
      return new Promise<Json>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Referenced while it owes an answer; idle, it never keeps the process alive.
        ready.ref();
        ready.postMessage({ id, credential, now: now.toISOString() } satisfies SignRequest);
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await (await running.catch(() => undefined))?.terminate();
    },
  };
}
