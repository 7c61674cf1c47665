import {
  AUTH_MESSAGES,
  type Language,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import { wordsFor } from '../../lib/i18n';
import { badRequest, HttpError } from '../../lib/errors';
import { hmac, randomCode, safeEqual } from '../../lib/tokens';
import { verificationMail } from './mails';
import {
  consumeVerificationCodeRow,
  countResetTokensSince,
  currentVerificationCode,
  insertVerificationCode,
  reserveVerificationTry,
  verificationCodesIssuedSince,
  verificationTriesSince,
  voidOpenVerificationCodes,
} from './repository';

/**
 * Codes issued per account within RESEND_WINDOW_MINUTES, the sign-up code included: after
 * sign-up, three resends; the fourth within the window is 429.
 */
export const MAX_CODES_PER_WINDOW = 4;
export const RESEND_WINDOW_MINUTES = 10;

/** Issues a fresh code (voiding earlier ones) and queues its mail, in the caller's transaction. */
export async function issueVerificationCode(
  app: FastifyInstance,
  tx: Tx,
  user: { id: string; email: string; name: string; language: Language },
) {
  const now = app.clock.now();
  const code = randomCode();
  await voidOpenVerificationCodes(tx, user.id, now);
  await insertVerificationCode(tx, {
    userId: user.id,
    codeHash: hmac(app.keys.codeHmac, code),
    expiresAt: addMinutes(now, VERIFICATION_CODE_TTL_MINUTES),
    createdAt: now,
  });
  await app.mail.enqueue(
    tx,
    verificationMail(wordsFor(user.language), user.email, user.name, code, app.config.productName),
  );
}

/** Refuses a resend once MAX_CODES_PER_WINDOW codes were issued in the window. */
export async function assertMayResend(app: FastifyInstance, userId: string) {
  const now = app.clock.now();
  const since = addMinutes(now, -RESEND_WINDOW_MINUTES);
  const recent = await verificationCodesIssuedSince(app.db, userId, since);
  if (recent.length >= MAX_CODES_PER_WINDOW) {
    throw codeLimit(now, addMinutes(recent[0]!.createdAt, RESEND_WINDOW_MINUTES));
  }
}

/**
 * A 429 of the e-mail verification (issue 35): besides Retry-After, the body says when the
 * screen may offer a new try (`retryAt`), so that a newcomer reads a time, not just "later".
 */
function codeLimit(now: Date, retryAt: Date) {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    AUTH_MESSAGES.tooMany,
    { 'retry-after': String(seconds) },
    { retryAt: new Date(now.getTime() + seconds * 1000).toISOString() },
  );
}

/** A wrong code, and how many tries this code has left (issue 35: the screen says so). */
export function wrongCode(triesLeft: number | undefined) {
  return new HttpError(400, AUTH_MESSAGES.invalidCode, {}, triesLeft === undefined ? {} : { triesLeft });
}

/** Wrong tries per account within CODE_TRIES_WINDOW_MINUTES, whatever the number of resends. */
export const MAX_CODE_TRIES_PER_HOUR = 10;
export const CODE_TRIES_WINDOW_MINUTES = 60;

/**
 * Checks a code against the user's current one. Every try counts; once
 * VERIFICATION_CODE_MAX_ATTEMPTS tries are spent the code is void and the next try is 429.
 * Exactly one of several concurrent right answers wins.
 */
export async function consumeVerificationCode(app: FastifyInstance, tx: Tx, userId: string, code: string) {
  const now = app.clock.now();
  const current = await currentVerificationCode(tx, userId);
  if (!current || current.expiresAt <= now) throw badRequest(AUTH_MESSAGES.invalidCode);

  // Issue 1: across resends, at most MAX_CODE_TRIES_PER_HOUR tries per account and hour.
  const since = addMinutes(now, -CODE_TRIES_WINDOW_MINUTES);
  const spent = await verificationTriesSince(tx, userId, since);
  if ((spent?.tries ?? 0) >= MAX_CODE_TRIES_PER_HOUR) {
    throw codeLimit(now, addMinutes(spent?.oldest ?? now, CODE_TRIES_WINDOW_MINUTES));
  }

  const reserved = await reserveVerificationTry(tx, current.id, VERIFICATION_CODE_MAX_ATTEMPTS);
  if (!reserved) {
    // Either a concurrent right answer consumed it, or the tries are spent: then it is void.
    const voided = await consumeVerificationCodeRow(tx, current.id, now);
    return { ok: false as const, void: voided };
  }
  if (!safeEqual(current.codeHash, hmac(app.keys.codeHmac, code))) {
    return { ok: false as const, void: false as const, triesLeft: VERIFICATION_CODE_MAX_ATTEMPTS - reserved.attempts };
  }

  const won = await consumeVerificationCodeRow(tx, current.id, now);
  return won ? { ok: true as const } : { ok: false as const, void: false as const };
}

/** At most this many reset mails per account and hour; more requests answer the same and send nothing. */
export const MAX_RESETS_PER_HOUR = 3;

export async function recentResetCount(app: FastifyInstance, userId: string) {
  return countResetTokensSince(app.db, userId, addMinutes(app.clock.now(), -60));
}
