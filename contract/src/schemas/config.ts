import { z } from 'zod';

/** The external destinations of the spec, from the server's configuration (ARCHITECTURE §3). */
export const publicConfig = z.object({
  /** Issue 35: PRODUCT_NAME, the one name of the portal on its screens, mails and documents. */
  productName: z.string(),
  /** The certifying board's name, as its credentials and the verification page give it. */
  boardName: z.string(),
  supportEmail: z.string(),
  boardUrl: z.string(),
  renewalUrl: z.string(),
  chatUrl: z.string(),
  /** Issue 19: ADMIN_MFA, whether administrators must have a second factor. */
  adminMfa: z.enum(['required', 'optional']),
});
export type PublicConfig = z.infer<typeof publicConfig>;
