import crypto from 'node:crypto';
import {
  AUTH_MESSAGES,
  isTotpCode,
  MFA_LOCK_AFTER_FAILURES,
  MFA_LOCK_MINUTES,
  MFA_MESSAGES,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Tx } from '../../db/client';
import { badRequest, tooMany } from '../../lib/errors';
import type { Pii } from '../../lib/pii';
import { sha256 } from '../../lib/tokens';
import type { UserRow } from '../../plugins/auth';
import { advanceTotpStep, burnRecoveryCode, recoveryCodesLeft, replaceRecoveryCodeHashes } from './repository';

/*
 * Issue 19: the second factor. TOTP per RFC 6238 with the parameters authenticator apps expect
 * (HMAC-SHA-1, 30-second steps, 6 digits; otplib's defaults, stated here so they cannot drift),
 * and 10 single-use recovery codes. The secret is sealed like intake PII (lib/pii.ts): AES-256-GCM
 * under PII_KEY, bound to the user's row and the column.
 */

/** RFC 6238 §5.2: one step either side, for the clocks of phone and server and the time to type. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const TOTP = { algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;
/** RFC 4648 base32, lower case: recovery codes are read aloud and typed from paper. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export const SECRET_FIELD = 'totpSecret';
export const PENDING_SECRET_FIELD = 'totpPendingSecret';

/**
 * The user's TOTP secrets re-sealed with the current key (rotate-pii-key), or null when both are
 * on it already. A secret that does not open throws PiiError: nothing is re-sealed blind.
 */
export function resealTotpSecrets(pii: Pii, row: Pick<UserRow, 'id' | 'totpSecret' | 'totpPendingSecret'>) {
  const onCurrent = (value: string | null) => value === null || pii.keyIdOf(value) === pii.currentKeyId;
  if (onCurrent(row.totpSecret) && onCurrent(row.totpPendingSecret)) return null;
  const reseal = (value: string | null, field: string) =>
    value === null ? null : pii.encrypt(pii.decrypt(value, row.id, field), row.id, field);
  return {
    totpSecret: reseal(row.totpSecret, SECRET_FIELD),
    totpPendingSecret: reseal(row.totpPendingSecret, PENDING_SECRET_FIELD),
  };
}

/** A fresh secret (160 bits, RFC 4226 §4) and its otpauth:// URI for the QR code. */
export function newTotpSecret(issuer: string, label: string) {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer, label, secret, ...TOTP }) };
}

/** The time step the code is valid for around `now`, or undefined. */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  if (!isTotpCode(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...TOTP,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** RECOVERY_CODE_COUNT codes of 80 random bits, as shown once: `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => BASE32[crypto.randomInt(32)]!).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Stored as SHA-256: 80 random bits need no slow hash, and a lookup is one indexed query. */
export const recoveryCodeHash = (code: string) => sha256(normalizeRecoveryCode(code));

/** The account's recovery codes, used or not, replaced by these. */
export async function replaceRecoveryCodes(tx: Tx, userId: string, codes: string[], now: Date) {
  await replaceRecoveryCodeHashes(tx, userId, codes.map(recoveryCodeHash), now);
}

const failuresKey = (userId: string) => `mfa-failures|${userId}`;
const lockKey = (userId: string) => `mfa-lock|${userId}`;
const LOCK_MS = MFA_LOCK_MINUTES * 60_000;

/**
 * The lock of the second step: MFA_LOCK_AFTER_FAILURES wrong codes within MFA_LOCK_MINUTES lock
 * it for MFA_LOCK_MINUTES, counted in the limit store every instance shares (decision 0011).
 */
export async function assertSecondStepOpen(app: FastifyInstance, userId: string) {
  const lock = await app.limits.peek(lockKey(userId));
  if (lock) throw tooMany(AUTH_MESSAGES.tooMany, lock.ttl / 1000);
}

async function countWrong(app: FastifyInstance, userId: string) {
  const { current } = await app.limits.count(failuresKey(userId), LOCK_MS);
  if (current >= MFA_LOCK_AFTER_FAILURES) await app.limits.count(lockKey(userId), LOCK_MS);
}

export interface SecondFactor {
  kind: 'totp' | 'recovery';
  /** When the factor was added to the account (issue 30, F1); null when that was not recorded. */
  addedAt: Date | null;
  /** After a recovery code: how many are left. */
  recoveryCodesLeft?: number;
}

/**
 * Checks a TOTP or recovery code of the user and uses it up: a TOTP code moves the user's last
 * accepted time step forward (a code of that step or an older one is a replay), a recovery code
 * is burnt. Wrong, expired, replayed and another account's codes are all answered alike (400) and
 * count towards the lock; a locked second step answers 429 without looking at the code.
 */
export async function useSecondFactor(
  app: FastifyInstance,
  pii: Pii,
  user: UserRow,
  code: string,
): Promise<SecondFactor> {
  await assertSecondStepOpen(app, user.id);
  const now = app.clock.now();
  let used: SecondFactor | undefined;
  if (isTotpCode(code)) {
    const secret = user.totpSecret ? pii.decrypt(user.totpSecret, user.id, SECRET_FIELD) : undefined;
    const step = secret ? await totpStep(secret, code, now) : undefined;
    if (step !== undefined) {
      // One UPDATE decides: of two requests with the same code, only one moves the step on.
      if (await advanceTotpStep(app.db, user.id, step)) used = { kind: 'totp', addedAt: user.totpEnabledAt };
    }
  } else {
    const burnt = await burnRecoveryCode(app.db, user.id, recoveryCodeHash(code), now);
    if (burnt) {
      const left = await recoveryCodesLeft(app.db, user.id);
      used = { kind: 'recovery', addedAt: burnt.createdAt, recoveryCodesLeft: left };
    }
  }
  if (!used) {
    await countWrong(app, user.id);
    throw badRequest(MFA_MESSAGES.invalidCode);
  }
  return used;
}

/** A wrong password at a step-up counts towards the same lock as a wrong code. */
export const countWrongPassword = countWrong;
