import { type ApiQuery, apiPath, auditEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query';

export const AUDIT_KEY = ['audit-log'] as const;

export interface AuditFilters {
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
  /** Calendar days (YYYY-MM-DD) in the viewer's time zone, or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actor: '', targetType: '', targetId: '', from: '', to: '' };

/**
 * The filters as GET /api/audit-log and its CSV export take them (an empty one left out): a day is
 * the viewer's local day, sent as instants.
 */
export const auditQuery = (filters: AuditFilters): ApiQuery => ({
  action: filters.action.trim() || undefined,
  actor: filters.actor.trim() || undefined,
  targetType: filters.targetType.trim() || undefined,
  targetId: filters.targetId.trim() || undefined,
  from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
  to: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : undefined,
});

/** GET /api/audit-log, filtered and paged on the server, newest first (issue 13). */
export const auditLogQueryOptions = (filters: AuditFilters, offset: number, limit: number) =>
  pagedQueryOptions(
    [...AUDIT_KEY, { filters, offset, limit }] as const,
    apiPath('/api/audit-log', undefined, { offset, limit, ...auditQuery(filters) }),
    auditEntry,
  );

export const useAuditLog = (filters: AuditFilters, offset: number, limit: number) =>
  useQuery(auditLogQueryOptions(filters, offset, limit));
