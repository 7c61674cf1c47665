import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/**
 * TanStack Query, for the screens that read data: the dashboards (router.tsx). The guest screens
 * read none, so their first visit does not download it (docs/performance.md). One client for
 * the whole visit: its cache outlives a move between the dashboards and the other screens.
 */
export default function QueryFrame() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
