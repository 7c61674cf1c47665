import { and, count, desc, eq, gt, inArray, isNull, lt, lte, min, or, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates, emailThrottles, passkeys, passwordResetTokens, users, verificationCodes } from '../../db/schema';
import { live } from '../../lib/trash';

// Accounts

/** The account under the address; a trashed one reads as none (issue 16). */
export async function findLiveUserByEmail(db: Tx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), live(users)));
  return row;
}

/** Who holds the address, for a sign-up: a trashed account's address is free (decision 0017). */
export async function findLiveUserSummaryByEmail(db: Tx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.email, email), live(users)));
  return row;
}

/** Whether the registry holds a certificate under the address with this number (in any case). */
export async function certificateOnRecord(db: Tx, email: string, certificateNo: string): Promise<boolean> {
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.userEmail, email),
        sql`lower(${certificates.certificateNo}) = lower(${certificateNo})`,
        // Issue 11: a certificate already claimed is never claimed again, even once its
        // address is free (its holder changed e-mail, or their account was deleted).
        isNull(certificates.claimedAt),
        live(certificates),
      ),
    )
    .limit(1);
  return Boolean(certificate);
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [created] = await tx.insert(users).values(values).returning();
  return created!;
}

export async function markUserVerified(tx: Tx, userId: string) {
  const [user] = await tx.update(users).set({ isVerified: true }).where(eq(users.id, userId)).returning();
  return user!;
}

/** Stamps the sign-in; undefined when the account is gone. */
export async function recordLogin(tx: Tx, userId: string, now: Date) {
  const [row] = await tx.update(users).set({ lastLogin: now }).where(eq(users.id, userId)).returning();
  return row;
}

/** A reset's new password: it also marks the address verified and clears the device key secret. */
export async function setPasswordAfterReset(tx: Tx, userId: string, passwordHash: string) {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, isVerified: true, deviceKeySecret: null })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Issue 19: whether the account holds a passkey, so the second step of its sign-in may offer one. */
export async function hasPasskey(db: Tx, userId: string) {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

// Verification codes

/** Voids the account's codes not yet used. */
export async function voidOpenVerificationCodes(tx: Tx, userId: string, now: Date) {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
}

export async function insertVerificationCode(tx: Tx, values: typeof verificationCodes.$inferInsert) {
  await tx.insert(verificationCodes).values(values);
}

/** When the account's codes issued after `since` were issued, oldest first. */
export async function verificationCodesIssuedSince(db: Tx, userId: string, since: Date) {
  return db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since)))
    .orderBy(verificationCodes.createdAt);
}

/** The account's newest code not yet used, expired or not. */
export async function currentVerificationCode(tx: Tx, userId: string) {
  const [current] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return current;
}

/** The tries spent on the account's codes issued after `since`, and when the oldest was issued. */
export async function verificationTriesSince(tx: Tx, userId: string, since: Date) {
  const recentCodes = and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since));
  const [spent] = await tx
    .select({ tries: sum(verificationCodes.attempts).mapWith(Number), oldest: min(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(recentCodes);
  return spent;
}

/**
 * Counts a try of the code in the database, unless it is used or has `maxAttempts` tries
 * already: then undefined. Answers the tries counted so far, this one included.
 */
export async function reserveVerificationTry(tx: Tx, codeId: string, maxAttempts: number) {
  const [reserved] = await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return reserved;
}

/** Marks the code used; false when it already was (by a concurrent request), so exactly one wins. */
export async function consumeVerificationCodeRow(tx: Tx, codeId: string, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length > 0;
}

// Password reset links

/** Reset links made for the account after `since`, used or not. */
export async function countResetTokensSince(db: Tx, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** Voids the account's links not yet used. */
export async function voidOpenResetTokens(tx: Tx, userId: string, now: Date) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(tx: Tx, values: typeof passwordResetTokens.$inferInsert) {
  await tx.insert(passwordResetTokens).values(values);
}

/**
 * Looks a link up by its hash: what an unknown address runs in place of insertResetToken
 * (issue 3), so the work done does not tell the two apart.
 */
export async function findResetTokenIdsByHash(tx: Tx, tokenHash: string) {
  return tx
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
}

/** The link with this hash, when it is neither used nor expired at `now`. */
export async function findUsableResetToken(db: Tx, tokenHash: string, now: Date) {
  const [candidate] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return candidate;
}

/** Marks the link used; undefined when a concurrent request used it first. */
export async function claimResetToken(tx: Tx, tokenId: string, now: Date) {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt)))
    .returning();
  return claimed;
}

// E-mail throttles (throttle.ts holds their rules)

const t = emailThrottles;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const notLocked = (now: Date) => or(isNull(t.lockedUntil), lte(t.lockedUntil, now));
/** Whether the stored row is forgotten (in an ON CONFLICT update): last changed at or before `forgetBefore`. */
const forgotten = (forgetBefore: Date) => sql`${t.updatedAt} <= ${at(forgetBefore)}`;

/** When the address's lock ends, if it is locked at `now`. */
export async function activeLockEnd(db: Tx, emailHash: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t)
    .where(and(eq(t.emailHash, emailHash), gt(t.lockedUntil, now)));
  return row?.lockedUntil ?? undefined;
}

/**
 * Counts a failed login in one statement, so failures that arrive together are all counted. A
 * row last changed at or before `forgetBefore` starts afresh; the `lockAfter`-th failure locks the
 * address until `lockUntil` and restarts the count; a row locked at `now` is left as it is.
 * Answers whether this failure locked the address.
 */
export async function recordFailedLogin(
  db: Tx,
  emailHash: string,
  now: Date,
  rule: { lockAfter: number; lockUntil: Date; forgetBefore: Date },
): Promise<boolean> {
  const failures = sql`case when ${forgotten(rule.forgetBefore)} then 1 else ${t.failedLogins} + 1 end`;
  const reachesLimit = sql`${failures} >= ${rule.lockAfter}`;
  const [counted] = await db
    .insert(t)
    .values({ emailHash, failedLogins: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        failedLogins: sql`case when ${reachesLimit} then 0 else ${failures} end`,
        lockedUntil: sql`case when ${reachesLimit} then ${at(rule.lockUntil)} else null end`,
        updatedAt: now,
      },
      setWhere: notLocked(now),
    })
    .returning({ lockedUntil: t.lockedUntil });
  return Boolean(counted?.lockedUntil);
}

/**
 * Removes up to `batch` rows last changed at or before `forgetBefore`. Rows another request holds
 * are skipped, so two of these never wait for each other.
 */
export async function deleteForgottenThrottles(db: Tx, forgetBefore: Date, batch: number) {
  const old = db
    .select({ emailHash: t.emailHash })
    .from(t)
    .where(lte(t.updatedAt, forgetBefore))
    .limit(batch)
    .for('update', { skipLocked: true });
  await db.delete(t).where(inArray(t.emailHash, old));
}

/** The address's throttle row, locked for the rest of the transaction. */
export async function lockThrottleRow(tx: Tx, emailHash: string) {
  const [row] = await tx.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.emailHash, emailHash)).for('update');
  return row;
}

/** Clears the address's failures and lock. */
export async function resetThrottle(tx: Tx, emailHash: string, now: Date) {
  await tx.update(t).set({ failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(t.emailHash, emailHash));
}

/**
 * Notes a sign-up notice for the address at `now`, unless one was noted after `noticedBefore`:
 * answers whether it was noted. Touching a forgotten row (last changed at or before
 * `forgetBefore`) must not revive its old failures.
 */
export async function recordSignupNotice(
  tx: Tx,
  emailHash: string,
  now: Date,
  rule: { noticedBefore: Date; forgetBefore: Date },
): Promise<boolean> {
  const [claimed] = await tx
    .insert(t)
    .values({ emailHash, signupNoticeAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        failedLogins: sql`case when ${forgotten(rule.forgetBefore)} then 0 else ${t.failedLogins} end`,
        signupNoticeAt: now,
        updatedAt: now,
      },
      setWhere: or(isNull(t.signupNoticeAt), lte(t.signupNoticeAt, rule.noticedBefore)),
    })
    .returning({ emailHash: t.emailHash });
  return Boolean(claimed);
}
