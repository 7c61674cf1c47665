import { job } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api';
import { JOBS_KEY } from './use-jobs';

export interface ManageJobsParams {
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/jobs for the admin screen, searched and paged on the server (ARCHITECTURE §4). */
export const manageJobsQueryOptions = ({ q, offset, limit }: ManageJobsParams) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'manage', { q, offset, limit }] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (q) search.set('q', q);
      return apiList(`/api/jobs?${search.toString()}`, job, signal);
    },
    placeholderData: keepPreviousData,
  });

export const useManageJobs = (params: ManageJobsParams) => useQuery(manageJobsQueryOptions(params));
