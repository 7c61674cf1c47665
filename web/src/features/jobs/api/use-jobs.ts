import { apiPath, job, MAX_PAGE_LIMIT } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api';

/** Every jobs query starts with this key; a change to jobs invalidates it. */
export const JOBS_KEY = ['jobs'] as const;

/** GET /api/jobs: the job board's cards. */
export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: JOBS_KEY,
    queryFn: async ({ signal }) =>
      (await apiList(apiPath('/api/jobs', undefined, { limit: MAX_PAGE_LIMIT }), job, signal)).items,
  });

export const useJobs = () => useQuery(jobsQueryOptions());
