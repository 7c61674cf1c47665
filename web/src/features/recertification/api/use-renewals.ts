import {
  apiPath,
  auditSampleResult,
  ceActivity,
  type RenewalSort,
  type RenewalStatus,
  renewalApplied,
  renewalDetail,
  renewalListItem,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { refreshAfterWrite } from '../../../lib/refresh';

/** Every renewals query (the queue's pages and an application's detail) starts with this key. */
export const RENEWALS_KEY = ['renewals'] as const;

export interface RenewalsParams {
  q: string;
  offset: number;
  limit: number;
  /** An order the admin chose; absent, the server's (oldest submitted first). */
  sort?: { by: RenewalSort; order: 'asc' | 'desc' } | undefined;
  status?: RenewalStatus | undefined;
}

/** The query string of the queue, shared by its pages and its CSV export. */
const listQuery = ({ q, sort, status }: Pick<RenewalsParams, 'q' | 'sort' | 'status'>) => ({
  q: q || undefined,
  sort: sort?.by,
  order: sort?.order,
  status,
});

/** GET /api/renewals (issue 33): the queue, searched, filtered, sorted and paged on the server. */
export const renewalsQueryOptions = ({ offset, limit, ...rest }: RenewalsParams) =>
  pagedQueryOptions(
    [...RENEWALS_KEY, 'list', { offset, limit, ...rest }] as const,
    apiPath('/api/renewals', undefined, { offset, limit, ...listQuery(rest) }),
    renewalListItem,
  );

export const useRenewals = (params: RenewalsParams) => useQuery(renewalsQueryOptions(params));

/** GET /api/renewals/export.csv with what the queue shows. */
export const renewalsExportHref = (params: Pick<RenewalsParams, 'q' | 'sort' | 'status'>) =>
  apiPath('/api/renewals/export.csv', undefined, listQuery(params));

/** GET /api/renewals/{id}: the application and its activities. */
export const renewalDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...RENEWALS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => api('GET', apiPath('/api/renewals/:id', { id }), { schema: renewalDetail, signal }),
  });

export const useRenewalDetail = (id: string | null) =>
  useQuery({ ...renewalDetailQueryOptions(id ?? ''), enabled: id !== null });

/** A decision changes the queue and the detail: both refetch. */
function useInvalidateRenewals() {
  const queryClient = useQueryClient();
  return () => refreshAfterWrite(queryClient, { queryKey: RENEWALS_KEY });
}

/** POST /api/renewals/{id}/approve: the certificate is renewed for the next cycle. */
export const approveRenewal = (id: string) =>
  api('POST', apiPath('/api/renewals/:id/approve', { id }), { schema: renewalApplied });

/** POST /api/renewals/{id}/reject with the reason the member reads. */
export const rejectRenewal = (id: string, reason: string) =>
  api('POST', apiPath('/api/renewals/:id/reject', { id }), { body: { reason }, schema: renewalApplied });

export function useDecideRenewal() {
  const invalidate = useInvalidateRenewals();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined ? approveRenewal(id) : rejectRenewal(id, reason),
    onSettled: invalidate,
  });
}

/**
 * POST /api/ce-activities/{id}/approve or /reject with a reason. A rejection that leaves the
 * application short of the rules returns it to the member (its status becomes Returned).
 */
export function useReviewActivity() {
  const invalidate = useInvalidateRenewals();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? api('POST', apiPath('/api/ce-activities/:id/approve', { id }), { schema: ceActivity })
        : api('POST', apiPath('/api/ce-activities/:id/reject', { id }), { body: { reason }, schema: ceActivity }),
    onSettled: invalidate,
  });
}

/** POST /api/renewals/audit-sample: draws `percent` % of the Submitted applications for audit. */
export function useAuditSample() {
  const invalidate = useInvalidateRenewals();
  return useMutation({
    mutationFn: (percent: number) =>
      api('POST', apiPath('/api/renewals/audit-sample'), { body: { percent }, schema: auditSampleResult }),
    onSuccess: invalidate,
  });
}
