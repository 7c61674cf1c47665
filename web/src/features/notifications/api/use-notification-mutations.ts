import {
  apiPath,
  FILL_IN_ALL_FIELDS,
  messageBody,
  notification,
  notificationBody,
  NOTIFICATION_URL_ERROR,
  URL_PATTERN,
  withHttpsUnlessHttp,
  type NotificationBody,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { NOTIFICATIONS_KEY } from './use-notifications';
import { refreshAfterWrite } from '../../../lib/refresh';
import type en from '../messages/en';

export type NotificationCheck =
  { ok: true; body: NotificationBody } | { ok: false; kind: 'warning' | 'error'; title: string; message: string };

const INPUT_ERROR = 'Input Validation Error';
const INVALID_URL = 'Invalid URL';
const ADD_ERROR = 'Error adding notification.';

/**
 * Issue 34: the texts checkNotification answers (the spec's English, which its tests read), as the
 * keys of the screen's words that say them in the reader's language. A text not listed (one of the
 * contract's length limits) is shown as it is.
 */
export const CHECK_MESSAGE_KEYS = {
  [INPUT_ERROR]: 'notifications.form.emptyField.title',
  [FILL_IN_ALL_FIELDS]: 'notifications.form.emptyField.message',
  [INVALID_URL]: 'notifications.form.invalidUrl.title',
  [NOTIFICATION_URL_ERROR]: 'notifications.form.invalidUrl.message',
  [ADD_ERROR]: 'notifications.form.addFailed',
} as const satisfies Record<string, keyof typeof en>;

/**
 * spec §5, in its order: any empty field is a warning; then a link not starting with http gets
 * https://; then the link must be a URL. The contract's own limits (lengths) come last.
 */
export function checkNotification(values: NotificationBody): NotificationCheck {
  const title = values.title.trim();
  const message = values.message.trim();
  const rawLink = values.link.trim();
  if (!title || !message || !rawLink) {
    return { ok: false, kind: 'warning', title: INPUT_ERROR, message: FILL_IN_ALL_FIELDS };
  }
  const link = withHttpsUnlessHttp(rawLink);
  const parsed = notificationBody.safeParse({ title, message, link });
  if (!URL_PATTERN.test(link)) {
    const urlIssue = parsed.error?.issues.find((i) => i.path[0] === 'link');
    return { ok: false, kind: 'error', title: INVALID_URL, message: urlIssue?.message ?? INVALID_URL };
  }
  if (!parsed.success) {
    return { ok: false, kind: 'error', title: ADD_ERROR, message: parsed.error.issues[0]!.message };
  }
  return { ok: true, body: { title, message, link } };
}

export interface ManageNotificationsParams {
  offset: number;
  limit: number;
}

/** GET /api/notifications for the admin list, paged on the server (ARCHITECTURE §4). */
export const manageNotificationsQueryOptions = ({ offset, limit }: ManageNotificationsParams) =>
  pagedQueryOptions(
    [...NOTIFICATIONS_KEY, 'manage', { offset, limit }] as const,
    apiPath('/api/notifications', undefined, { offset, limit }),
    notification,
  );

export const useManageNotifications = (params: ManageNotificationsParams) =>
  useQuery(manageNotificationsQueryOptions(params));

/**
 * The top-bar popover (notificationsQueryOptions) and the admin list share the key's prefix, so
 * both refetch in place (ARCHITECTURE §6: no page reload).
 */
function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => refreshAfterWrite(queryClient, { queryKey: NOTIFICATIONS_KEY });
}

export function useAddNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (body: NotificationBody) =>
      api('POST', apiPath('/api/notifications/add'), { body: notificationBody.parse(body), schema: notification }),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/notifications/:id', { id }), { schema: messageBody }),
    onSuccess: invalidate,
  });
}
