import { publicConfig } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/config: the support e-mail and board website the landing page shows (spec §1). */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api('GET', '/api/config', { schema: publicConfig, signal }),
    // The server's configuration changes only with a restart.
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
