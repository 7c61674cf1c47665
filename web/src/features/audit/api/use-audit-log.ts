import { auditEntry } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api';

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

/** The query string of GET /api/audit-log: a day is the viewer's local day, sent as instants. */
export function auditSearchParams(filters: AuditFilters, offset: number, limit: number) {
  const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  for (const key of ['action', 'actor', 'targetType', 'targetId'] as const) {
    const value = filters[key].trim();
    if (value) search.set(key, value);
  }
  if (filters.from) search.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) search.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  return search;
}

/** GET /api/audit-log, filtered and paged on the server, newest first (issue 13). */
export const auditLogQueryOptions = (filters: AuditFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, { filters, offset, limit }] as const,
    queryFn: ({ signal }) =>
      apiList(`/api/audit-log?${auditSearchParams(filters, offset, limit).toString()}`, auditEntry, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditFilters, offset: number, limit: number) =>
  useQuery(auditLogQueryOptions(filters, offset, limit));
