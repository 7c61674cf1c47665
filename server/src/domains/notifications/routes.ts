import { idParams, notificationListQuery, messageBody, notification, notificationBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema';
import { listRoute } from '../../lib/list-route';
import { toNotification } from '../../lib/serialize';
import { insertNotification, listNotifications, NOTIFICATION_TRASH_LABEL } from './repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const NOTIFICATION_DELETED = 'The notification has been successfully deleted.';

/** Notifications in the top bar (members read, admins add and delete); changes are audited. */
export default async function notificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.trash.define<typeof notifications.$inferSelect>('notification', {
    table: notifications,
    notFound: NOTIFICATION_NOT_FOUND,
    label: NOTIFICATION_TRASH_LABEL,
    files: () => [],
    snapshot: toNotification,
  });

  listRoute(app, {
    url: '/api/notifications',
    tags,
    querystring: notificationListQuery,
    item: notification,
    read: listNotifications,
    toItems: (rows) => rows.map(toNotification),
  });

  app.post(
    '/api/notifications/add',
    { schema: { tags, body: notificationBody, response: { 201: notification } } },
    async (req, reply) => {
      const created = await app.db.transaction(async (tx) => {
        const row = await insertNotification(tx, { ...req.body, createdAt: app.clock.now() });
        await app.audit(tx, req, {
          action: 'notification.create',
          targetType: 'notification',
          targetId: row.id,
          details: { after: toNotification(row) },
        });
        return row;
      });
      return reply.status(201).send(toNotification(created));
    },
  );

  app.delete(
    '/api/notifications/:id',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      // Issue 16: to the trash (decision 0017), audited there.
      await app.db.transaction((tx) => app.trash.move(tx, req, 'notification', { ids: [req.params.id] }));
      return { message: NOTIFICATION_DELETED };
    },
  );
}
