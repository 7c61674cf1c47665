import { apiPath, publicConfig } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** GET /api/config: the external destinations (renewal site, chat app, …) of ARCHITECTURE §3. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api('GET', apiPath('/api/config'), { schema: publicConfig, signal }),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
