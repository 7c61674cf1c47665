import { messageBody, renewalReminderSettings, unsubscribeQuery } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/html';
import { readOffsets, stopReminderEmails, writeOffsets } from './repository';

const DONE = 'You will no longer get renewal reminders by e-mail. They still appear in your portal inbox.';
const BAD_LINK = 'This unsubscribe link is not valid.';

const page = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Renewal reminders</title></head><body><main><h1>Renewal reminders</h1>${body}</main></body></html>`,
    );

export default async function reminderRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['renewal reminders'];

  app.get(
    '/api/settings/renewal-reminders',
    { schema: { tags, response: { 200: renewalReminderSettings } } },
    async () => ({ offsetsDays: await readOffsets(app.db) }),
  );

  app.put(
    '/api/settings/renewal-reminders',
    { schema: { tags, body: renewalReminderSettings, response: { 200: renewalReminderSettings } } },
    async (req) => {
      const offsetsDays = await app.db.transaction(async (tx) => {
        const before = await readOffsets(tx);
        const after = await writeOffsets(tx, req.body.offsetsDays, app.clock.now());
        await app.audit(tx, req, {
          action: 'settings.renewal-reminders',
          targetType: 'settings',
          targetId: 'renewal-reminders',
          details: { before, after },
        });
        return after;
      });
      // A new, nearer offset may be due at once.
      app.reminders.kick();
      return { offsetsDays };
    },
  );

  // RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, body),
  );

  /** What a person who opens the mail's link sees: a button, since a GET must not unsubscribe (RFC 8058 §2.1). */
  app.get(
    '/api/reminders/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuery, response: { 400: messageBody } } },
    async (req, reply) => {
      if (!app.reminders.userOfToken(req.query.token)) return reply.status(400).send({ message: BAD_LINK });
      const action = `/api/reminders/unsubscribe?token=${encodeURIComponent(req.query.token)}`;
      return page(
        reply,
        200,
        `<p>Stop renewal reminders by e-mail? You will still see them in your portal inbox.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/api/reminders/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuery, response: { 200: messageBody, 400: messageBody } } },
    async (req, reply) => {
      const userId = app.reminders.userOfToken(req.query.token);
      if (!userId) return reply.status(400).send({ message: BAD_LINK });
      const browser = req.headers.accept?.includes('text/html') ?? false;
      await stopReminderEmails(app.db, userId);
      req.log.info({ event: 'reminder_emails_off', userId }, 'renewal reminder e-mails switched off by one-click');
      // The page's own button (a browser) gets a page; a mail client's one-click POST gets JSON.
      return browser ? page(reply, 200, `<p>${DONE}</p>`) : { message: DONE };
    },
  );
}
