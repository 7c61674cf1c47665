import { IDEMPOTENCY_KEY_DAYS } from '@portal/contract';
import { and, isNotNull, lt } from 'drizzle-orm';
import { addMinutes } from '../lib/clock';
import type { Tx } from './client';
import { idempotencyKeys, outbox, passwordResetTokens, sessions, verificationCodes, walletOffers } from './schema';

/** The nightly purge's statements (plugins/purge.ts). */

const DAY_MINUTES = 24 * 60;
/** Delivered mails are kept this long (their bodies are already cleared) for support questions. */
const SENT_MAIL_KEPT_DAYS = 30;

/** Deletes what has outlived its use as of `now`; how many rows of each kind. */
export async function purgeExpiredRows(db: Tx, now: Date) {
  const dayAgo = addMinutes(now, -DAY_MINUTES);
  return {
    sessions: (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length,
    codes: (
      await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.expiresAt, dayAgo))
        .returning({ id: verificationCodes.id })
    ).length,
    resetLinks: (
      await db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, dayAgo))
        .returning({ id: passwordResetTokens.id })
    ).length,
    // Decision 0042: an offer is good for ten minutes; its row only answers a late scan.
    walletOffers: (
      await db.delete(walletOffers).where(lt(walletOffers.expiresAt, dayAgo)).returning({ id: walletOffers.id })
    ).length,
    mails: (
      await db
        .delete(outbox)
        .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, addMinutes(now, -SENT_MAIL_KEPT_DAYS * DAY_MINUTES))))
        .returning({ id: outbox.id })
    ).length,
    // Issue 18: a retry may come days later (a phone offline over a weekend); §2.3 of the draft.
    idempotencyKeys: (
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, addMinutes(now, -IDEMPOTENCY_KEY_DAYS * DAY_MINUTES)))
        .returning({ key: idempotencyKeys.key })
    ).length,
  };
}
