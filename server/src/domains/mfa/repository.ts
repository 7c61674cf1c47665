import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passkeys, recoveryCodes, users, webauthnChallenges } from '../../db/schema';

// The account's factors

/** The account's row, trashed or not, locked for the rest of the transaction. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Keeps a TOTP secret (sealed) until a first code confirms it. */
export async function setPendingTotpSecret(db: Tx, userId: string, sealedSecret: string) {
  await db.update(users).set({ totpPendingSecret: sealedSecret }).where(eq(users.id, userId));
}

/**
 * Turns TOTP on with the confirmed secret (sealed), `step` counted as used. False when the account
 * has a TOTP secret already: of two requests, only one turns it on.
 */
export async function enableTotp(tx: Tx, userId: string, sealedSecret: string, step: number, now: Date) {
  const [enabled] = await tx
    .update(users)
    .set({
      mfaEnabled: true,
      totpSecret: sealedSecret,
      totpPendingSecret: null,
      totpLastStep: step,
      totpEnabledAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.totpSecret)))
    .returning({ id: users.id });
  return enabled !== undefined;
}

/**
 * Moves the account's last accepted TOTP step on to `step`. One UPDATE decides: of two requests
 * with the same code, only one moves the step on; false for a step already used or an older one.
 */
export async function advanceTotpStep(db: Tx, userId: string, step: number) {
  const [moved] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return moved !== undefined;
}

/** Turns two-factor sign-in on (the account's first passkey). */
export async function markMfaEnabled(tx: Tx, userId: string) {
  await tx.update(users).set({ mfaEnabled: true }).where(eq(users.id, userId));
}

/** Takes away every factor of the user (an admin's reset): sign-in asks for the password only. */
export async function removeFactors(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({ mfaEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null, totpEnabledAt: null })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}

// Recovery codes

/** The account's recovery codes, used or not, replaced by these (hashed) ones. */
export async function replaceRecoveryCodeHashes(tx: Tx, userId: string, codeHashes: string[], now: Date) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function recoveryCodesLeft(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Burns the account's unused recovery code with this hash (one UPDATE decides, so it works once);
 * answers when the code was made, or undefined when there is none to burn.
 */
export async function burnRecoveryCode(db: Tx, userId: string, codeHash: string, now: Date) {
  const [burnt] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ createdAt: recoveryCodes.createdAt });
  return burnt;
}

// Passkeys

/** The account's passkeys, oldest first. */
export async function passkeysOf(db: Tx, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt, passkeys.id);
}

/** One of the account's passkeys, by its id: what its removal needs. */
export async function findOwnPasskey(db: Tx, userId: string, passkeyId: string) {
  const [row] = await db
    .select({ id: passkeys.id, name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
  return row;
}

/** One of the account's passkeys, by the credential id an assertion names. */
export async function findOwnPasskeyByCredential(db: Tx, userId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return row;
}

/** Whether the account holds a passkey besides `exceptId`. */
export async function hasOtherPasskey(db: Tx, userId: string, exceptId: string) {
  const [other] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), ne(passkeys.id, exceptId)))
    .limit(1);
  return other !== undefined;
}

/** Throws the database's unique violation when the credential id is registered already (to anyone). */
export async function insertPasskey(tx: Tx, values: typeof passkeys.$inferInsert) {
  const [row] = await tx.insert(passkeys).values(values).returning();
  return row!;
}

/**
 * Stores the counter of a checked assertion, if it moved forward (WebAuthn §6.1.1; an
 * authenticator that keeps none says 0 every time). One conditional UPDATE decides: false when
 * the counter did not move, or another request moved it first.
 */
export async function advancePasskeyCounter(db: Tx, passkeyId: string, newCounter: number, now: Date) {
  const [moved] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(eq(passkeys.id, passkeyId), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)),
    )
    .returning({ id: passkeys.id });
  return moved !== undefined;
}

export async function deletePasskey(tx: Tx, passkeyId: string) {
  await tx.delete(passkeys).where(eq(passkeys.id, passkeyId));
}

// WebAuthn challenges

export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/** Binds the challenge to the session for this purpose, replacing one it was given before. */
export async function upsertChallenge(
  db: Tx,
  sessionId: string,
  purpose: ChallengePurpose,
  challenge: string,
  expiresAt: Date,
) {
  await db
    .insert(webauthnChallenges)
    .values({ sessionId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [webauthnChallenges.sessionId, webauthnChallenges.purpose],
      set: { challenge, expiresAt },
    });
}

/**
 * Deletes the session's challenge for this purpose and answers it, or undefined. One DELETE
 * decides, so of two requests only one gets it.
 */
export async function takeChallengeRow(db: Tx, sessionId: string, purpose: ChallengePurpose) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.sessionId, sessionId), eq(webauthnChallenges.purpose, purpose)))
    .returning();
  return row;
}

/** The next accounts after `after` (by id) with a TOTP secret, locked: a batch of the key rotation. */
export const lockTotpSecretsAfter = (tx: Tx, after: string, limit: number) =>
  tx
    .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
    .from(users)
    .where(and(gt(users.id, after), or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret))))
    .orderBy(asc(users.id))
    .limit(limit)
    .for('update');

/** Writes an account's re-sealed TOTP secrets. */
export async function writeTotpSecrets(
  tx: Tx,
  id: string,
  values: { totpSecret: string | null; totpPendingSecret: string | null },
) {
  await tx.update(users).set(values).where(eq(users.id, id));
}
