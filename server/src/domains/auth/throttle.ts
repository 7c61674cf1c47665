import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailThrottles } from '../../db/schema';
import { addMinutes } from '../../lib/clock';
import { hmac } from '../../lib/tokens';

/*
 * Throttles per e-mail address (issue 12). They are kept under an HMAC of the normalised
 * address, for an account and for an address without one alike, so that no answer (and no
 * difference in the work done) tells the two apart, and an address without an account is never
 * stored in clear. The key is derived from PII_KEY: rotating it starts every count afresh.
 */

/** Consecutive failed logins that lock an address, and for how long (never permanently). */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;
/** A row left alone this long is forgotten: its failures stop counting, and it is removed. */
export const FORGET_AFTER_MINUTES = 24 * 60;
/** At most one "someone tried to sign up" mail per address in this time. */
export const SIGNUP_NOTICE_EVERY_MINUTES = 60;
/** Forgotten rows removed by one failed login, so the table cannot grow without bound. */
const FORGET_BATCH = 100;

const t = emailThrottles;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const notLocked = (now: Date) => or(isNull(t.lockedUntil), lte(t.lockedUntil, now));
/** Whether the stored row is older than FORGET_AFTER_MINUTES (in an ON CONFLICT update). */
const forgotten = (now: Date) => sql`${t.updatedAt} <= ${at(addMinutes(now, -FORGET_AFTER_MINUTES))}`;

/** The key an address's throttles are kept under. */
export const throttleKey = (key: Buffer, normalizedEmail: string) => hmac(key, normalizedEmail);

/** When the address's lock ends, if it is locked at `now`. */
export async function lockedUntil(db: Tx, emailHash: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t)
    .where(and(eq(t.emailHash, emailHash), gt(t.lockedUntil, now)));
  return row?.lockedUntil ?? undefined;
}

/**
 * Counts a failed login in the database, so failures that arrive together are all counted; the
 * LOCK_AFTER_FAILURES-th locks the address (and restarts the count: a lock is never permanent).
 * Only an address not locked meanwhile counts. Answers whether this failure locked it.
 */
export async function countFailure(db: Tx, emailHash: string, now: Date): Promise<boolean> {
  const failures = sql`case when ${forgotten(now)} then 1 else ${t.failedLogins} + 1 end`;
  const reachesLimit = sql`${failures} >= ${LOCK_AFTER_FAILURES}`;
  const [counted] = await db
    .insert(t)
    .values({ emailHash, failedLogins: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        failedLogins: sql`case when ${reachesLimit} then 0 else ${failures} end`,
        lockedUntil: sql`case when ${reachesLimit} then ${at(addMinutes(now, LOCK_MINUTES))} else null end`,
        updatedAt: now,
      },
      setWhere: notLocked(now),
    })
    .returning({ lockedUntil: t.lockedUntil });
  await forgetOldRows(db, now);
  return Boolean(counted?.lockedUntil);
}

/**
 * In a login's transaction, once the password is right: clears the failures, unless a concurrent
 * request locked the address meanwhile; then it answers false and changes nothing.
 */
export async function clearFailures(tx: Tx, emailHash: string, now: Date): Promise<boolean> {
  const [row] = await tx.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.emailHash, emailHash)).for('update');
  if (!row) return true;
  if (row.lockedUntil && row.lockedUntil > now) return false;
  await tx.update(t).set({ failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(t.emailHash, emailHash));
  return true;
}

/** A password reset proves the address: its failures and lock are lifted. */
export async function liftLock(tx: Tx, emailHash: string, now: Date) {
  await tx.update(t).set({ failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(t.emailHash, emailHash));
}

/**
 * Claims the sign-up notice of an address, in the caller's transaction: true when its owner was
 * not told of a sign-up attempt within SIGNUP_NOTICE_EVERY_MINUTES (they are told now).
 */
export async function claimSignupNotice(tx: Tx, emailHash: string, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .insert(t)
    .values({ emailHash, signupNoticeAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        // Touching a forgotten row must not revive its old failures.
        failedLogins: sql`case when ${forgotten(now)} then 0 else ${t.failedLogins} end`,
        signupNoticeAt: now,
        updatedAt: now,
      },
      setWhere: or(isNull(t.signupNoticeAt), lte(t.signupNoticeAt, addMinutes(now, -SIGNUP_NOTICE_EVERY_MINUTES))),
    })
    .returning({ emailHash: t.emailHash });
  return Boolean(claimed);
}

/**
 * Removes a batch of rows nobody touched for FORGET_AFTER_MINUTES (their lock ended long ago).
 * Rows another request holds are skipped, so two of these never wait for each other.
 */
async function forgetOldRows(db: Tx, now: Date) {
  const old = db
    .select({ emailHash: t.emailHash })
    .from(t)
    .where(lte(t.updatedAt, addMinutes(now, -FORGET_AFTER_MINUTES)))
    .limit(FORGET_BATCH)
    .for('update', { skipLocked: true });
  await db.delete(t).where(inArray(t.emailHash, old));
}
