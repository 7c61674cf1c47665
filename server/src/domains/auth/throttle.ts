import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import { hmac } from '../../lib/tokens';
import {
  activeLockEnd,
  deleteForgottenThrottles,
  lockThrottleRow,
  recordFailedLogin,
  recordSignupNotice,
  resetThrottle,
} from './repository';

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

/** The key an address's throttles are kept under. */
export const throttleKey = (key: Buffer, normalizedEmail: string) => hmac(key, normalizedEmail);

/** When the address's lock ends, if it is locked at `now`. */
export async function lockedUntil(db: Tx, emailHash: string, now: Date): Promise<Date | undefined> {
  return activeLockEnd(db, emailHash, now);
}

/**
 * Counts a failed login in the database, so failures that arrive together are all counted; the
 * LOCK_AFTER_FAILURES-th locks the address (and restarts the count: a lock is never permanent).
 * Only an address not locked meanwhile counts. Answers whether this failure locked it.
 */
export async function countFailure(db: Tx, emailHash: string, now: Date): Promise<boolean> {
  const locked = await recordFailedLogin(db, emailHash, now, {
    lockAfter: LOCK_AFTER_FAILURES,
    lockUntil: addMinutes(now, LOCK_MINUTES),
    forgetBefore: addMinutes(now, -FORGET_AFTER_MINUTES),
  });
  // Rows nobody touched for FORGET_AFTER_MINUTES (their lock ended long ago) go, a batch at a time.
  await deleteForgottenThrottles(db, addMinutes(now, -FORGET_AFTER_MINUTES), FORGET_BATCH);
  return locked;
}

/**
 * In a login's transaction, once the password is right: clears the failures, unless a concurrent
 * request locked the address meanwhile; then it answers false and changes nothing.
 */
export async function clearFailures(tx: Tx, emailHash: string, now: Date): Promise<boolean> {
  const row = await lockThrottleRow(tx, emailHash);
  if (!row) return true;
  if (row.lockedUntil && row.lockedUntil > now) return false;
  await resetThrottle(tx, emailHash, now);
  return true;
}

/** A password reset proves the address: its failures and lock are lifted. */
export async function liftLock(tx: Tx, emailHash: string, now: Date) {
  await resetThrottle(tx, emailHash, now);
}

/**
 * Claims the sign-up notice of an address, in the caller's transaction: true when its owner was
 * not told of a sign-up attempt within SIGNUP_NOTICE_EVERY_MINUTES (they are told now).
 */
export async function claimSignupNotice(tx: Tx, emailHash: string, now: Date): Promise<boolean> {
  return recordSignupNotice(tx, emailHash, now, {
    noticedBefore: addMinutes(now, -SIGNUP_NOTICE_EVERY_MINUTES),
    forgetBefore: addMinutes(now, -FORGET_AFTER_MINUTES),
  });
}
