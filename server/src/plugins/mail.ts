import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Tx } from '../db/client';
import { claimMail, dueMails, insertMail, markFailed, markSent } from '../db/outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058) on reminders. */
  headers?: Record<string, string>;
}

const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60_000;
/** The job that delivers the outbox: kicked after each enqueue, and every minute for retries. */
export const MAIL_JOB = 'mail-delivery';

/**
 * Mail through an outbox (ARCHITECTURE §2): `enqueue` writes in the caller's transaction, a
 * job on the queue (decision 0009) delivers with retries. Without SMTP_URL nothing is sent:
 * mails stay readable at /dev/mail (outside production) and only their recipient and subject
 * are logged.
 */
export default fp(
  async (app: FastifyInstance) => {
    // nodemailer (2 MB of heap) is loaded only by a server that sends mail (issue 14).
    const transport: Transporter | undefined = app.config.smtpUrl
      ? (await import('nodemailer')).default.createTransport(app.config.smtpUrl)
      : undefined;
    let running: Promise<number> | undefined;

    if (!transport) {
      // Loud, once, at start (issue 12): an operator who forgot SMTP_URL must not think mail goes out.
      app.addHook('onReady', async () => {
        app.log.warn(
          `SMTP_URL is not set: mail is not sent. Mails stay in the outbox, readable at ${app.config.appUrl}/dev/mail ` +
            'from this machine only.',
        );
      });
    }

    async function deliverBatch(): Promise<number> {
      const now = app.clock.now();
      const due = await dueMails(app.db, now, BATCH);
      for (const mail of due) {
        if (!(await claimMail(app.db, mail, new Date(now.getTime() + 5 * 60_000)))) continue;
        try {
          if (transport) {
            await transport.sendMail({
              from: app.config.mailFrom,
              to: mail.to,
              subject: mail.subject,
              text: mail.text ?? '',
              ...(mail.headers ? { headers: mail.headers } : {}),
            });
            await markSent(app.db, mail.id, app.clock.now(), { delivered: true });
          } else {
            app.log.info(
              { mailId: mail.id, subject: mail.subject },
              'mail kept in the dev outbox (read it at /dev/mail)',
            );
            await markSent(app.db, mail.id, app.clock.now(), { delivered: false });
          }
        } catch (err) {
          const backoff = Math.min(MAX_BACKOFF_MS, 5000 * 2 ** mail.attempts);
          app.log.warn(
            { mailId: mail.id, attempt: mail.attempts + 1, err: (err as Error).message },
            'mail delivery failed',
          );
          await markFailed(
            app.db,
            mail.id,
            (err as Error).message.slice(0, 500),
            new Date(app.clock.now().getTime() + backoff),
          );
        }
      }
      return due.length;
    }

    /** Delivers everything due now, batch after batch; one run at a time. */
    function deliverPending(): Promise<number> {
      running ??= (async () => {
        let total = 0;
        for (;;) {
          const n = await deliverBatch();
          total += n;
          if (n < BATCH) return total;
        }
      })()
        .catch((err: unknown) => {
          app.log.error({ err }, 'outbox run failed');
          return 0;
        })
        .finally(() => (running = undefined));
      return running;
    }

    app.decorate('mail', {
      async enqueue(tx: Tx, mail: Mail) {
        await insertMail(tx, mail, app.clock.now());
      },
      deliverPending,
      /** Asks the queue to deliver soon, after the caller's transaction has committed. */
      kick() {
        app.queue.kick(MAIL_JOB);
      },
    });

    // Retries come due on the minute's run; a new mail is kicked at once.
    app.queue.define(MAIL_JOB, { cron: '* * * * *', atStart: true, run: deliverPending });
    app.addHook('onClose', async () => {
      await running;
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db', 'queue'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      enqueue(tx: Tx, mail: Mail): Promise<void>;
      deliverPending(): Promise<number>;
      kick(): void;
    };
  }
}
