import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { idempotencyKeys } from './schema';

/** The statements of idempotent requests; lib/idempotency.ts has their rules. */

export interface IdempotentRequest {
  /** §5: the key is looked up with its owner, so another member's equal key is another row. */
  userId: string;
  /** The operation, e.g. `report` or `upload:video`: one key may name a report and its media. */
  scope: string;
  key: string;
  fingerprint: string;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

type KeyOf = Omit<IdempotentRequest, 'fingerprint'>;

const whereKey = (request: KeyOf) =>
  and(
    eq(idempotencyKeys.userId, request.userId),
    eq(idempotencyKeys.scope, request.scope),
    eq(idempotencyKeys.key, request.key),
  );

/**
 * Takes the key's transaction-scoped advisory lock without waiting: false while another
 * transaction holds it (a request with the same key still being processed). The commit releases it.
 */
export async function lockKey(tx: Tx, { userId, scope, key }: KeyOf): Promise<boolean> {
  const name = `idempotency:${userId}:${scope}:${key}`;
  const locked = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) as ok`,
  )) as unknown as {
    rows: { ok: boolean }[];
  };
  return locked.rows[0]?.ok === true;
}

/** Records the key as claimed (no answer yet): false when it was there already. */
export async function insertKey(tx: Tx, { userId, scope, key, fingerprint }: IdempotentRequest, now: Date) {
  const [inserted] = await tx
    .insert(idempotencyKeys)
    .values({ userId, scope, key, fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted !== undefined;
}

export async function readKey(tx: Tx, request: KeyOf) {
  const [row] = await tx.select().from(idempotencyKeys).where(whereKey(request));
  return row;
}

export async function updateAnswer(tx: Tx, request: KeyOf, answer: StoredAnswer) {
  await tx.update(idempotencyKeys).set({ status: answer.status, response: answer.body }).where(whereKey(request));
}

export async function deleteKey(tx: Tx, request: KeyOf) {
  await tx.delete(idempotencyKeys).where(whereKey(request));
}
