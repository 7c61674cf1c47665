import { apiPath, job, jobBody, messageBody, type JobBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ifMatch, isEditConflict } from '../../../lib/edit-conflict';
import { jobsQueryOptions } from './use-jobs';
import { refreshAfterWrite } from '../../../lib/refresh';

/** The board's key is the prefix of the admin list's too: both refetch in place. */
function useInvalidateJobs() {
  const queryClient = useQueryClient();
  return () => refreshAfterWrite(queryClient, { queryKey: jobsQueryOptions().queryKey });
}

export interface SaveJobInput {
  /** Absent: create; present: update. */
  id?: string;
  /** The version the form was opened at: a stale one is refused with 412 (issue 16). */
  version?: number;
  values: JobBody;
}

/**
 * POST /api/jobs or PUT /api/jobs/{id}; the contract adds https:// to a link without a scheme
 * (spec §5). Refused because someone else saved first, the lists are refetched to show their job.
 */
export function useSaveJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ id, version, values }: SaveJobInput) => {
      const body = jobBody.parse(values);
      return id
        ? api('PUT', apiPath('/api/jobs/:id', { id }), { body, headers: ifMatch(version), schema: job })
        : api('POST', apiPath('/api/jobs'), { body, schema: job });
    },
    onSuccess: invalidate,
    onError: (err) => (isEditConflict(err) ? invalidate() : undefined),
  });
}

export function useDeleteJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/jobs/:id', { id }), { schema: messageBody }),
    onSuccess: invalidate,
  });
}
