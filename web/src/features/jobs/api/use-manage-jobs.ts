import { apiPath, job } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { JOBS_KEY } from './use-jobs';

export interface ManageJobsParams {
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/jobs for the admin screen, searched and paged on the server (ARCHITECTURE §4). */
export const manageJobsQueryOptions = ({ q, offset, limit }: ManageJobsParams) =>
  pagedQueryOptions(
    [...JOBS_KEY, 'manage', { q, offset, limit }] as const,
    apiPath('/api/jobs', undefined, { offset, limit, q: q || undefined }),
    job,
  );

export const useManageJobs = (params: ManageJobsParams) => useQuery(manageJobsQueryOptions(params));
