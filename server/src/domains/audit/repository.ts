import { type AuditListQuery, endOf, startOf } from '@portal/contract';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { asText, type CsvColumn, isoTimestamp } from '../../db/csv';
import { likePattern, listPage } from '../../db/paging';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** What a domain records of an act. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends one row to the audit log (the application never changes or deletes one). */
export async function insertAuditRow(
  tx: Tx,
  row: { actorId: string | null; actorEmail: string | null; requestId: string | null; entry: AuditEntry; now: Date },
) {
  await tx.insert(auditLog).values({
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.entry.action,
    targetType: row.entry.targetType,
    targetId: row.entry.targetId ?? null,
    details: row.entry.details ?? null,
    requestId: row.requestId,
    createdAt: row.now,
  });
}

/**
 * One page of the audit log and the total that matched. Every filter is served by an index:
 * action (action, created_at), actor (trigram on actor_email), target (target_type, target_id),
 * dates and the order (created_at).
 */
export async function listAuditLog(db: Tx, query: AuditListQuery) {
  return listPage(db, auditLog, { ...auditSearch(query), offset: query.offset, limit: query.limit });
}

/** The audit list's filters (and its export's, issue 16), newest first. */
export function auditSearch({ action, actor, targetType, targetId, from, to }: AuditListQuery) {
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

/** The audit log's export (issue 16). */
export const AUDIT_CSV_COLUMNS: CsvColumn[] = [
  { header: 'createdAt', value: isoTimestamp(auditLog.createdAt) },
  { header: 'actorEmail', value: auditLog.actorEmail },
  { header: 'action', value: auditLog.action },
  { header: 'targetType', value: auditLog.targetType },
  { header: 'targetId', value: auditLog.targetId },
  { header: 'details', value: asText(auditLog.details) },
  { header: 'requestId', value: auditLog.requestId },
];
