import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addMinutes } from '../lib/clock';
import { IDEMPOTENCY_KEY_DAYS } from '@portal/contract';
import { idempotencyKeys, outbox, passwordResetTokens, sessions, verificationCodes, walletOffers } from '../db/schema';

/** The purge job on the queue (decision 0009): nightly. */
export const PURGE_JOB = 'purge';
const DAY_MINUTES = 24 * 60;
/** Delivered mails are kept this long (their bodies are already cleared) for support questions. */
const SENT_MAIL_KEPT_DAYS = 30;

/**
 * Rows that have served their purpose: ended sessions, and codes, reset links and wallet offers a
 * day past their expiry (a late attempt still reads "expired", not "unknown"), delivered mails, and
 * idempotency keys past the week they are kept.
 */
export default fp(
  async (app: FastifyInstance) => {
    async function run() {
      const now = app.clock.now();
      const dayAgo = addMinutes(now, -DAY_MINUTES);
      const removed = {
        sessions: (await app.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }))
          .length,
        codes: (
          await app.db
            .delete(verificationCodes)
            .where(lt(verificationCodes.expiresAt, dayAgo))
            .returning({ id: verificationCodes.id })
        ).length,
        resetLinks: (
          await app.db
            .delete(passwordResetTokens)
            .where(lt(passwordResetTokens.expiresAt, dayAgo))
            .returning({ id: passwordResetTokens.id })
        ).length,
        // Decision 0042: an offer is good for ten minutes; its row only answers a late scan.
        walletOffers: (
          await app.db.delete(walletOffers).where(lt(walletOffers.expiresAt, dayAgo)).returning({ id: walletOffers.id })
        ).length,
        mails: (
          await app.db
            .delete(outbox)
            .where(
              and(isNotNull(outbox.sentAt), lt(outbox.sentAt, addMinutes(now, -SENT_MAIL_KEPT_DAYS * DAY_MINUTES))),
            )
            .returning({ id: outbox.id })
        ).length,
        // Issue 18: a retry may come days later (a phone offline over a weekend); §2.3 of the draft.
        idempotencyKeys: (
          await app.db
            .delete(idempotencyKeys)
            .where(lt(idempotencyKeys.createdAt, addMinutes(now, -IDEMPOTENCY_KEY_DAYS * DAY_MINUTES)))
            .returning({ key: idempotencyKeys.key })
        ).length,
      };
      app.log.info(removed, 'purge finished');
      return removed;
    }
    app.decorate('purge', { run });
    app.queue.define(PURGE_JOB, { cron: '17 3 * * *', run });
  },
  { name: 'purge', dependencies: ['config', 'db', 'queue'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    purge: {
      /** Deletes what has served its purpose; answers how many rows of each kind. */
      run(): Promise<{
        sessions: number;
        codes: number;
        resetLinks: number;
        walletOffers: number;
        mails: number;
        idempotencyKeys: number;
      }>;
    };
  }
}
