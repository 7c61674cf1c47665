import { auditEntry, auditListQuery, endOf, startOf, TOTAL_COUNT_HEADER } from '@portal/contract';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog } from '../../db/schema';
import { listPage } from '../../lib/paging';

type AuditRow = typeof auditLog.$inferSelect;

/** `actor` is matched literally: LIKE's wildcards in it are escaped. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toAuditEntry = (row: AuditRow) => ({
  _id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  details: row.details,
  requestId: row.requestId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The audit log for admins (issue 13), read only: the application never updates or deletes a
 * row (plugins/audit.ts inserts; migration 0002 makes the table refuse the rest). Every filter
 * is served by an index: action (action, created_at), actor (trigram on actor_email), target
 * (target_type, target_id), dates and the order (created_at).
 */
export default async function auditRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit-log',
    { schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: z.array(auditEntry) } } },
    async (req, reply) => {
      const { action, actor, targetType, targetId, from, to, offset, limit } = req.query;
      const conditions: SQL[] = [];
      if (action) conditions.push(eq(auditLog.action, action));
      if (actor) conditions.push(ilike(auditLog.actorEmail, containing(actor)));
      if (targetType) conditions.push(eq(auditLog.targetType, targetType));
      if (targetId) conditions.push(eq(auditLog.targetId, targetId));
      if (from) conditions.push(gte(auditLog.createdAt, startOf(from)));
      if (to) conditions.push(lte(auditLog.createdAt, endOf(to)));
      const where = conditions.length ? and(...conditions) : undefined;
      const { rows, total } = await listPage(app.db, auditLog, {
        where,
        orderBy: [desc(auditLog.createdAt), desc(auditLog.id)],
        offset,
        limit,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map(toAuditEntry);
    },
  );
}
