import {
  bulkDeleteBody,
  bulkDeleteResult,
  bulkResult,
  messageBody,
  selectionOf,
  TRASH_LABELS,
  TRASH_MESSAGES,
  trashItem,
  trashListQuery,
  trashParams,
  trashRestoreBody,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { listRoute } from '../../lib/list-route';

/** Issue 16: the admin's trash (decision 0017), and deleting many rows of a list at once (decision 0060). */
export default async function trashRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['trash'];

  listRoute(app, {
    url: '/api/trash',
    tags,
    querystring: trashListQuery,
    item: trashItem,
    read: (_db, query) => app.trash.list(query),
    toItems: (rows) =>
      rows.map(({ id, deletedAt, ...row }) => ({ ...row, _id: id, deletedAt: deletedAt.toISOString() })),
  });

  app.post(
    '/api/trash/:type/:id/restore',
    { schema: { tags, params: trashParams, response: { 200: messageBody } } },
    async (req) => {
      await app.trash.restore(req, req.params.type, [req.params.id]);
      // A restored certificate may be inside a reminder window again.
      if (req.params.type === 'certificate') app.reminders.kick();
      return { message: `${TRASH_LABELS[req.params.type]} restored` };
    },
  );

  /** Issue 16: several records back at once (the Undo of a bulk delete), all or none. */
  app.post(
    '/api/trash/restore',
    { schema: { tags, body: trashRestoreBody, response: { 200: bulkResult } } },
    async (req) => {
      const { type, ids } = req.body;
      const rows = await app.trash.restore(req, type, ids);
      if (type === 'certificate') app.reminders.kick();
      const count = rows.length;
      const noun = TRASH_LABELS[type].toLowerCase();
      return { count, message: `${count} ${count === 1 ? noun : `${noun}s`} restored` };
    },
  );

  app.delete(
    '/api/trash/:type/:id',
    { schema: { tags, params: trashParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const purged = await app.trash.purgeOne(req, req.params.type, req.params.id);
      if (!purged) throw notFound(TRASH_MESSAGES.notInTrash);
      return reply.status(204).send(null);
    },
  );

  /**
   * Every list's bulk delete goes through this one route (to the trash, in one transaction, each
   * record audited), so that a rule for bulk deletes has exactly one place to live.
   */
  app.post(
    '/api/bulk-delete',
    { schema: { tags, body: bulkDeleteBody, response: { 200: bulkDeleteResult } } },
    async (req) => {
      // Issue 19: a bulk delete needs a fresh second factor (or, without one, the password);
      // trash.move asks for it, as for every delete.
      const { type } = req.body;
      const rows = await app.db.transaction((tx) => app.trash.move(tx, req, type, selectionOf(req.body)));
      const count = rows.length;
      const noun = TRASH_LABELS[type].toLowerCase();
      // The ids moved, so that the Undo can name them (POST /api/trash/restore).
      return {
        count,
        message: `${count} ${count === 1 ? noun : `${noun}s`} moved to the trash`,
        ids: rows.map((row) => row.id),
      };
    },
  );
}
