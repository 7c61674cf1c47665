import { idParams, inbox, messageBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { toInboxItem } from '../../lib/serialize';
import { listInbox, markAllRead, markRead } from './repository';
import { signedIn } from '../../plugins/auth';

const NOT_FOUND = 'Inbox item not found';

/**
 * Issue 15: a member's own inbox. Every read and write is bound to the session's user, so an
 * item of someone else is simply not found.
 */
export default async function inboxRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inbox'];

  app.get('/api/inbox', { schema: { tags, response: { 200: inbox } } }, async (req) => {
    const { items, unread } = await listInbox(app.db, signedIn(req).user.id);
    return { items: items.map(toInboxItem), unread };
  });

  app.post('/api/inbox/read-all', { schema: { tags, response: { 200: messageBody } } }, async (req) => {
    await markAllRead(app.db, signedIn(req).user.id, app.clock.now());
    return { message: 'All marked as read' };
  });

  app.post(
    '/api/inbox/:id/read',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      const row = await markRead(app.db, signedIn(req).user.id, req.params.id, app.clock.now());
      if (!row) throw notFound(NOT_FOUND);
      return { message: 'Marked as read' };
    },
  );
}
