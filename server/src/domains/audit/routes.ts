import { auditEntry, auditListQuery, endOf, startOf, TOTAL_COUNT_HEADER } from '@portal/contract';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog } from '../../db/schema';
import { asText, type CsvColumn, isoTimestamp } from '../../db/csv';
import { exportCsv } from '../../lib/csv-export';
import { likePattern, listPage } from '../../db/paging';
import type { Described } from '../trash';

type AuditRow = typeof auditLog.$inferSelect;

const toAuditEntry = (row: AuditRow, target: Described | null = null) => ({
  _id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  target,
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
      const { rows, total } = await listPage(app.db, auditLog, {
        ...auditSearch(req.query),
        offset: req.query.offset,
        limit: req.query.limit,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      // Issue 35: names, not ids: the page's targets described in one more query.
      const targets = await app.trash.describe(
        rows.flatMap((row) => (row.targetId ? [{ type: row.targetType, id: row.targetId }] : [])),
      );
      return rows.map((row) => toAuditEntry(row, targets.get(`${row.targetType}:${row.targetId}`) ?? null));
    },
  );

  app.get('/api/audit-log/export.csv', { schema: { tags: ['audit'], querystring: auditListQuery } }, (req, reply) =>
    exportCsv(app, req, reply, {
      name: 'audit-log',
      action: 'audit.export',
      search: req.query,
      query: { table: auditLog, columns: AUDIT_CSV_COLUMNS, ...auditSearch(req.query) },
    }),
  );
}

/** The audit list's filters (and its export's, issue 16), newest first. */
function auditSearch({ action, actor, targetType, targetId, from, to }: z.infer<typeof auditListQuery>) {
  const conditions: SQL[] = [];
  if (action) conditions.push(eq(auditLog.action, action));
  if (actor) conditions.push(ilike(auditLog.actorEmail, likePattern(actor)));
  if (targetType) conditions.push(eq(auditLog.targetType, targetType));
  if (targetId) conditions.push(eq(auditLog.targetId, targetId));
  if (from) conditions.push(gte(auditLog.createdAt, startOf(from)));
  if (to) conditions.push(lte(auditLog.createdAt, endOf(to)));
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: [desc(auditLog.createdAt), desc(auditLog.id)],
  };
}

const AUDIT_CSV_COLUMNS: CsvColumn[] = [
  { header: 'createdAt', value: isoTimestamp(auditLog.createdAt) },
  { header: 'actorEmail', value: auditLog.actorEmail },
  { header: 'action', value: auditLog.action },
  { header: 'targetType', value: auditLog.targetType },
  { header: 'targetId', value: auditLog.targetId },
  { header: 'details', value: asText(auditLog.details) },
  { header: 'requestId', value: auditLog.requestId },
];
