import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

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
