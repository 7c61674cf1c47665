import { z } from 'zod';
import { URL_PATTERN, withHttpsUnlessHttp } from '../patterns';
import { isoDateTime, sortedListQuery } from './common';

export const notification = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

/** spec §5: a missing or blank field. */
export const FILL_IN_ALL_FIELDS = 'Please fill in all fields.';

export const NOTIFICATION_URL_ERROR =
  'The URL provided is not valid. Please enter a valid URL, e.g., example.org or https://example.org';

/** Missing or blank both read 'Please fill in all fields.' (spec §5). */
const required = () => z.string({ error: FILL_IN_ALL_FIELDS }).trim().min(1, FILL_IN_ALL_FIELDS);

/** spec §5: all required; https:// added when the link does not start with http; then a URL. */
export const notificationBody = z.strictObject({
  title: required().max(200),
  message: required().max(2000),
  link: required().max(500).transform(withHttpsUnlessHttp).pipe(z.string().regex(URL_PATTERN, NOTIFICATION_URL_ERROR)),
});
export type NotificationBody = z.input<typeof notificationBody>;

/** Columns the notification list sorts by (ARCHITECTURE §4). */
export const NOTIFICATION_SORTS = ['createdAt', 'title'] as const;
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];

/** GET /api/notifications: q is a case-insensitive part of the title or the message. */
export const notificationListQuery = sortedListQuery(NOTIFICATION_SORTS);
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
