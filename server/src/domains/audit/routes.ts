import { auditEntry, auditListQuery } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema';
import { listRoute } from '../../lib/list-route';
import type { Described } from '../trash';
import { AUDIT_CSV_COLUMNS, auditSearch, type AuditRow, listAuditLog } from './repository';

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
 * row (plugins/audit.ts inserts; migration 0002 makes the table refuse the rest).
 */
export default async function auditRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  listRoute(app, {
    url: '/api/audit-log',
    tags: ['audit'],
    querystring: auditListQuery,
    item: auditEntry,
    read: listAuditLog,
    async toItems(rows) {
      // Issue 35: names, not ids: the page's targets described in one more query.
      const targets = await app.trash.describe(
        rows.flatMap((row) => (row.targetId ? [{ type: row.targetType, id: row.targetId }] : [])),
      );
      return rows.map((row) => toAuditEntry(row, targets.get(`${row.targetType}:${row.targetId}`) ?? null));
    },
    export: {
      name: 'audit-log',
      action: 'audit.export',
      query: (query) => ({ table: auditLog, columns: AUDIT_CSV_COLUMNS, ...auditSearch(query) }),
    },
  });
}
