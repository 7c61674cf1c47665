import { AUTH_MESSAGES, VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_TTL_MINUTES } from '@portal/contract';
import { and, count, desc, eq, gt, isNull, lt, min, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { passkeys, passwordResetTokens, verificationCodes } from '../../db/schema';
import { addMinutes } from '../../lib/clock';
import { badRequest, HttpError } from '../../lib/errors';
import { hmac, randomCode, safeEqual } from '../../lib/tokens';
import { verificationMail } from './mails';

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
  user: { id: string; email: string; name: string },
) {
  const now = app.clock.now();
  const code = randomCode();
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt)));
  await tx.insert(verificationCodes).values({
    userId: user.id,
    codeHash: hmac(app.keys.codeHmac, code),
    expiresAt: addMinutes(now, VERIFICATION_CODE_TTL_MINUTES),
    createdAt: now,
  });
  await app.mail.enqueue(tx, verificationMail(user.email, user.name, code, app.config.productName));
}

/** Refuses a resend once MAX_CODES_PER_WINDOW codes were issued in the window. */
export async function assertMayResend(app: FastifyInstance, userId: string) {
  const now = app.clock.now();
  const since = addMinutes(now, -RESEND_WINDOW_MINUTES);
  const recent = await app.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since)))
    .orderBy(verificationCodes.createdAt);
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
  const [current] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt <= now) throw badRequest(AUTH_MESSAGES.invalidCode);

  // Issue 1: across resends, at most MAX_CODE_TRIES_PER_HOUR tries per account and hour.
  const since = addMinutes(now, -CODE_TRIES_WINDOW_MINUTES);
  const recentCodes = and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since));
  const [spent] = await tx
    .select({ tries: sum(verificationCodes.attempts).mapWith(Number), oldest: min(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(recentCodes);
  if ((spent?.tries ?? 0) >= MAX_CODE_TRIES_PER_HOUR) {
    throw codeLimit(now, addMinutes(spent?.oldest ?? now, CODE_TRIES_WINDOW_MINUTES));
  }

  const [reserved] = await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, current.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (!reserved) {
    // Either a concurrent right answer consumed it, or the tries are spent: then it is void.
    const voided = await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return { ok: false as const, void: voided.length > 0 };
  }
  if (!safeEqual(current.codeHash, hmac(app.keys.codeHmac, code))) {
    return { ok: false as const, void: false as const, triesLeft: VERIFICATION_CODE_MAX_ATTEMPTS - reserved.attempts };
  }

  const [won] = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return won ? { ok: true as const } : { ok: false as const, void: false as const };
}

/** At most this many reset mails per account and hour; more requests answer the same and send nothing. */
export const MAX_RESETS_PER_HOUR = 3;

export async function recentResetCount(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, addMinutes(app.clock.now(), -60))),
    );
  return row?.n ?? 0;
}

/** Issue 19: whether the account holds a passkey, so the second step of its sign-in may offer one. */
export async function hasPasskey(db: Tx, userId: string) {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}
