import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renewalPagePath } from '@portal/contract';
import { wordsFor } from '../../lib/i18n';
import { hmac, safeEqual } from '../../lib/tokens';
import { renewalProgress } from '../recertification';
import { reminderMail, reminderMessage, reminderTitle } from './mails';
import { findDue, lockForReminder, readOffsets, recordReminder, utcDay } from './repository';

/** The reminder job (decision 0009): every 5 minutes, and at every start (issue 15: within 60 s). */
export const REMINDER_JOB = 'renewal-reminders';
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Issue 15: renewal reminders. `run` sends every reminder due now, each in its own transaction
 * that records it under the unique key (certificate, offset, validTill), adds the inbox item and
 * queues the mail, so a repeated or concurrent run sends nothing twice and a crash loses nothing.
 */
export default fp(
  async (app: FastifyInstance) => {
    const unsubscribeKey = Buffer.from(
      crypto.hkdfSync('sha256', app.keys.codeHmac, Buffer.alloc(0), 'list-unsubscribe', 32),
    );

    /** A token naming the member, signed: it never expires (RFC 8058 links live in old mails). */
    const unsubscribeToken = (userId: string) => `${userId}.${hmac(unsubscribeKey, `unsubscribe:${userId}`)}`;
    const userOfToken = (token: string) => {
      const [userId, mac] = token.split('.');
      if (!userId || !mac || !/^[0-9a-f-]{36}$/.test(userId)) return undefined;
      return safeEqual(mac, hmac(unsubscribeKey, `unsubscribe:${userId}`)) ? userId : undefined;
    };

    async function run(): Promise<number> {
      const offsets = await readOffsets(app.db);
      let sent = 0;
      let mailed = 0;
      for (;;) {
        const now = app.clock.now();
        const due = await findDue(app.db, offsets, now, BATCH);
        let progressed = 0;
        for (const reminder of due) {
          const outcome = await app.db.transaction(async (tx) => {
            const row = await lockForReminder(tx, reminder, now);
            if (!row) return undefined;
            const { certificate, holder } = row;
            const recorded = await recordReminder(tx, {
              ...reminder,
              userId: holder.id,
              mailed: holder.reminderEmails,
              createdAt: now,
            });
            if (!recorded) return undefined;
            const facts = {
              holderName: certificate.holderName || holder.name,
              name: certificate.name,
              certificateNo: certificate.certificateNo,
              validTill: certificate.validTill,
              daysLeft: Math.round(
                (Date.parse(`${utcDay(certificate.validTill)}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) /
                  DAY_MS,
              ),
            };
            // Issue 33: renewing in the portal, the reminder says what the member's continuing
            // education still needs, and links to the certificate's Renewal tab.
            const inPortal = app.config.recertification === 'portal';
            const words = wordsFor(holder.language);
            const progress = inPortal ? await renewalProgress(tx, certificate, words) : undefined;
            await app.inbox.add(tx, {
              userId: holder.id,
              kind: 'renewal-reminder',
              title: reminderTitle(words, facts),
              message: reminderMessage(words, facts, progress),
              certificateId: certificate.id,
            });
            if (holder.reminderEmails) {
              const url = new URL('/api/reminders/unsubscribe', app.config.appUrl);
              url.searchParams.set('token', unsubscribeToken(holder.id));
              await app.mail.enqueue(
                tx,
                reminderMail(
                  words,
                  holder.email,
                  facts,
                  {
                    renewal: inPortal
                      ? `${app.config.appUrl}${renewalPagePath(certificate.id)}`
                      : app.config.renewalUrl,
                    certificates: `${app.config.appUrl}/admin/certificates`,
                    unsubscribe: url.toString(),
                  },
                  progress,
                ),
              );
            }
            return { mailed: holder.reminderEmails };
          });
          if (!outcome) continue;
          progressed++;
          sent++;
          if (outcome.mailed) mailed++;
        }
        if (due.length < BATCH || progressed === 0) break;
      }
      if (mailed) app.mail.kick();
      if (sent) app.log.info({ sent, mailed }, 'renewal reminders sent');
      return sent;
    }

    app.decorate('reminders', {
      run,
      kick: () => app.queue.kick(REMINDER_JOB),
      unsubscribeToken,
      userOfToken,
    });
    app.queue.define(REMINDER_JOB, { cron: '*/5 * * * *', atStart: true, run });
  },
  { name: 'reminders', dependencies: ['config', 'db', 'mail', 'inbox', 'queue'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    reminders: {
      /** Sends every reminder due now; answers how many (in-app items, each maybe with a mail). */
      run(): Promise<number>;
      /**
       * Asks for a run soon: after a certificate is issued or renewed, or the offsets change, its
       * reminder may be due now rather than at the next scheduled run.
       */
      kick(): void;
      unsubscribeToken(userId: string): string;
      /** The member a List-Unsubscribe token names, if its signature holds. */
      userOfToken(token: string): string | undefined;
    };
  }
}
