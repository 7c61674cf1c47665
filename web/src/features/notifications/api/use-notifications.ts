import { apiPath, MAX_PAGE_LIMIT, notification } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api';

/** Every notifications query starts with this key; a change to notifications invalidates it. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /api/notifications: the newest notifications (the top bar shows them all). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: async ({ signal }) =>
      (await apiList(apiPath('/api/notifications', undefined, { limit: MAX_PAGE_LIMIT }), notification, signal)).items,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
