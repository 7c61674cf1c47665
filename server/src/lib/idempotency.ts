import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import {
  deleteKey,
  type IdempotentRequest,
  insertKey,
  lockKey,
  readKey,
  type StoredAnswer,
  updateAnswer,
} from '../db/idempotency';
import { badRequest, conflict, HttpError } from './errors';
import { hmac } from './tokens';

export type { IdempotentRequest, StoredAnswer };

/**
 * Idempotent requests (issue 18, decision 0019), after draft-ietf-httpapi-idempotency-key-header
 * (version 07, cited by section). A request names its key; the work and the record of its answer
 * are written in one transaction, so a retry finds either nothing (the first attempt left nothing
 * behind) or the finished answer.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request's key, or undefined when it sent none (the header is optional: the spec's clients
 * send none). §2.1: an sf-string, one header only; §5: the format is fixed (a UUID) and checked
 * before any look-up.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw) || raw.includes(',')) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  const value = raw.trim();
  const key = value.startsWith('"') && value.endsWith('"') && value.length > 1 ? value.slice(1, -1) : value;
  if (!UUID.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  return key.toLowerCase();
}

/** §2.4: the fingerprint of a request's content, keyed so that it says nothing of a client's data. */
export const fingerprintOf = (hmacKey: Buffer, content: string) => hmac(hmacKey, content);

/**
 * Claims the key inside the transaction that will do the work. Answers `null` when this request
 * is the first (do the work, then `recordAnswer`), or the first request's answer (§2.6, a retry).
 * Throws 422 when the key was used with other content (§2.7) and 409 while another request with
 * the key is still being processed (§2.6, a concurrent request): a transaction-scoped advisory
 * lock on the key says so without waiting, and is released with the commit.
 */
export async function claimKey(tx: Tx, request: IdempotentRequest, now: Date): Promise<StoredAnswer | null> {
  if (!(await lockKey(tx, request))) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
  if (await insertKey(tx, request, now)) return null;

  const row = await readKey(tx, request);
  if (!row) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
  if (row.fingerprint !== request.fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
  if (row.status === null) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
  return { status: row.status, body: row.response };
}

/** Records the answer of the work done under a claimed key, in the same transaction. */
export async function recordAnswer(tx: Tx, request: IdempotentRequest, answer: StoredAnswer) {
  await updateAnswer(tx, request, answer);
}

/**
 * The finished answer under a key, if any, read before a request's body is (an upload's bytes are
 * only hashed then, never stored again). `check` compares the retry's fingerprint (§2.7: 422).
 */
export async function findAnswer(tx: Tx, request: Omit<IdempotentRequest, 'fingerprint'>) {
  const row = await readKey(tx, request);
  if (!row || row.status === null) return undefined;
  const answer: StoredAnswer = { status: row.status, body: row.response };
  return {
    body: answer.body,
    check(fingerprint: string): StoredAnswer {
      if (fingerprint !== row.fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
      return answer;
    },
  };
}

/** Forgets a key whose answer no longer holds (an upload removed since). */
export async function forgetKey(tx: Tx, request: Omit<IdempotentRequest, 'fingerprint'>) {
  await deleteKey(tx, request);
}
