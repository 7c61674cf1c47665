import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { outbox } from './schema';

/** The mail outbox's statements (plugins/mail.ts delivers). */

export type OutboxRow = typeof outbox.$inferSelect;
type NewMail = Pick<typeof outbox.$inferInsert, 'to' | 'subject' | 'text' | 'headers'>;

/** Writes a mail in the caller's transaction, due at once. */
export async function insertMail(tx: Tx, mail: NewMail, now: Date) {
  await tx.insert(outbox).values({ ...mail, to: mail.to.toLowerCase(), createdAt: now, nextAttemptAt: now });
}

/** The oldest unsent mails that are due. */
export const dueMails = (db: Tx, now: Date, limit: number) =>
  db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);

/**
 * Claims a due mail for one attempt, so that two workers never send it twice: false when another
 * worker counted an attempt first (or it was sent). Until `retryAt`, no other run takes it.
 */
export async function claimMail(db: Tx, mail: Pick<OutboxRow, 'id' | 'attempts'>, retryAt: Date) {
  const [claimed] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: retryAt })
    .where(and(eq(outbox.id, mail.id), isNull(outbox.sentAt), eq(outbox.attempts, mail.attempts)))
    .returning({ id: outbox.id });
  return claimed !== undefined;
}

/** Marks a mail delivered; a mail that left the machine keeps no body. */
export async function markSent(db: Tx, id: string, now: Date, { delivered }: { delivered: boolean }) {
  await db
    .update(outbox)
    .set(delivered ? { sentAt: now, text: null, lastError: null } : { sentAt: now })
    .where(eq(outbox.id, id));
}

/** Records a failed attempt and when to try again. */
export async function markFailed(db: Tx, id: string, error: string, nextAttemptAt: Date) {
  await db.update(outbox).set({ lastError: error, nextAttemptAt }).where(eq(outbox.id, id));
}
