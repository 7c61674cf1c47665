import { z } from 'zod';
import { URL_PATTERN, withHttpsUnlessHttp } from '../patterns';
import { isoDateTime } from './common';

export const notification = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATION_URL_ERROR =
  'The URL provided is not valid. Please enter a valid URL, e.g., example.org or https://example.org';

/** spec §5: all required; https:// added when the link does not start with http; then a URL. */
export const notificationBody = z.strictObject({
  title: z.string().trim().min(1, 'Please fill in all fields.').max(200),
  message: z.string().trim().min(1, 'Please fill in all fields.').max(2000),
  link: z
    .string()
    .trim()
    .min(1, 'Please fill in all fields.')
    .max(500)
    .transform(withHttpsUnlessHttp)
    .pipe(z.string().regex(URL_PATTERN, NOTIFICATION_URL_ERROR)),
});
export type NotificationBody = z.input<typeof notificationBody>;
