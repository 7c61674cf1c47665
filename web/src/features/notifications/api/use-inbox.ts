import { apiPath, inbox, messageBody } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterWrite } from '../../../lib/refresh';

/** The member's own inbox (issue 15): reminders and revocations, newest first. */
export const INBOX_KEY = ['inbox'] as const;

/** How often the top bar looks for new items while the app is open. */
const REFRESH_MS = 5 * 60_000;

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: INBOX_KEY,
    queryFn: ({ signal }) => api('GET', apiPath('/api/inbox'), { schema: inbox, signal }),
    refetchInterval: REFRESH_MS,
  });

export const useInbox = () => useQuery(inboxQueryOptions());

/** POST /api/inbox/{id}/read, or /api/inbox/read-all without an id. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      api('POST', id ? apiPath('/api/inbox/:id/read', { id }) : apiPath('/api/inbox/read-all'), {
        schema: messageBody,
      }),
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: INBOX_KEY }),
  });
}
