import { z } from 'zod';
import { CERTIFICATE_STATUSES, DISPLAY_STATUSES } from '../constants';
import { dateInput, isoDateTime, listQuery } from './common';
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

/** Columns the certificate lists sort by (ARCHITECTURE §4). */
export const CERTIFICATE_SORTS = ['name', 'certificateNo', 'userEmail', 'validTill', 'status', 'createdAt'] as const;
export type CertificateSort = (typeof CERTIFICATE_SORTS)[number];

/** GET /api/certificates and /api/certificates/{userEmail}: q matches name, number or e-mail. */
export const certificateListQuery = listQuery.extend({
  sort: z.enum(CERTIFICATE_SORTS, { message: `Sort by one of ${CERTIFICATE_SORTS.join(', ')}` }).optional(),
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

export const certificateEmailParams = z.strictObject({ userEmail: z.string().trim().min(1).max(254) });

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  notYours: 'You can only view your own certificates',
} as const;
