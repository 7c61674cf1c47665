import { z } from 'zod';
import { CERTIFICATE_STATUSES, DISPLAY_STATUSES } from '../constants';
import { dateInput, isoDateTime } from './common';
import { emailField } from './user';

/** A certificate as the API returns it; status Expired is derived from validTill at read time. */
export const certificate = z.object({
  _id: z.string(),
  userEmail: z.string(),
  certificateNo: z.string(),
  name: z.string(),
  status: z.enum(DISPLAY_STATUSES),
  validTill: isoDateTime,
  downloadLink: z.string(),
  createdAt: isoDateTime,
});
export type Certificate = z.infer<typeof certificate>;

/** A link to a stored upload, or nothing. */
export const fileLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/api\/files\/[0-9a-f-]{36})?$/, 'Not a file uploaded to this portal');

/** POST and PUT /api/certificates (spec §5: userEmail, certificateNo, name, validTill required). */
export const certificateBody = z.strictObject({
  userEmail: emailField,
  certificateNo: z.string().trim().min(1, 'Certificate No is required').max(50),
  name: z.string().trim().min(1, 'Name is required').max(200),
  status: z.enum(CERTIFICATE_STATUSES).default('Active'),
  validTill: dateInput,
  downloadLink: fileLink.default(''),
});
export type CertificateBody = z.input<typeof certificateBody>;
