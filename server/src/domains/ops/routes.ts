import { publicConfig } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { readRenewalTimes } from '../recertification';
import { latestOutboxMails } from './repository';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const LOOPBACK = /^(?:(?:::ffff:)?127(?:\.\d{1,3}){3}|::1)$/i;

/**
 * Whether a request comes from the machine the server runs on (issue 12): by the socket's
 * address, never a header a client can write. A request that went through a proxy (it says so
 * in a forwarding header) is not local, even when the proxy itself runs on this machine.
 */
const fromThisMachine = (req: FastifyRequest) =>
  LOOPBACK.test(req.socket.remoteAddress ?? '') &&
  req.headers['x-forwarded-for'] === undefined &&
  req.headers.forwarded === undefined;

const DEV_MAIL_LOCAL_ONLY = 'The development mailbox can be read only from the machine the server runs on.';

export default async function opsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    // Decision 0009: a process that should run the job queue and does not is not ready either.
    const queue = app.queue.status();
    try {
      await app.database.ping();
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'database not reachable');
      return reply.status(503).send({ status: 'database unavailable', queue });
    }
    if (queue === 'stopped') return reply.status(503).send({ status: 'job queue not running', queue });
    return { status: 'ready', queue };
  });

  app.get('/api/config', { schema: { tags: ['config'], response: { 200: publicConfig } } }, async () => ({
    productName: app.config.productName,
    boardName: app.config.boardName,
    supportEmail: app.config.supportEmail,
    boardUrl: app.config.boardUrl,
    renewalUrl: app.config.renewalUrl,
    recertification: app.config.recertification,
    renewalTimes: await readRenewalTimes(app.db),
    chatUrl: app.config.chatUrl,
    adminMfa: app.config.adminMfa,
    arabicDigits: app.config.arabicDigits,
  }));

  // Without SMTP_URL, a newcomer reads the mails here to finish sign-up (never in production).
  // They hold verification codes and reset links: only for someone on this machine (issue 12).
  if (!app.config.production && !app.config.smtpUrl) {
    app.get('/dev/mail', { schema: { hide: true } }, async (req, reply) => {
      if (!fromThisMachine(req)) throw forbidden(DEV_MAIL_LOCAL_ONLY);
      const mails = await latestOutboxMails(app.db, 50);
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.text ?? '')}</pre></article>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mail</title></head><body><h1>Development mail</h1><p>Mails are not sent because SMTP_URL is not set.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
        );
    });
  }
}
