import { z } from 'zod';
import { ARABIC_DIGITS } from '../languages';
import { renewalTimes } from './recertification';

/** The external destinations of the spec, from the server's configuration (ARCHITECTURE §3). */
export const publicConfig = z.object({
  /** Issue 35: PRODUCT_NAME, the one name of the portal on its screens, mails and documents. */
  productName: z.string(),
  /** The certifying board's name, as its credentials and the verification page give it. */
  boardName: z.string(),
  supportEmail: z.string(),
  boardUrl: z.string(),
  renewalUrl: z.string(),
  /**
   * Issue 33, RECERTIFICATION: `portal`, members renew on a certificate's Renewal tab; `external`,
   * "Renew Now" opens `renewalUrl`.
   */
  recertification: z.enum(['portal', 'external']),
  /** Issue 33: when a certificate reads Expiring, and how long its grace lasts (the board's settings). */
  renewalTimes,
  chatUrl: z.string(),
  /** Issue 19: ADMIN_MFA, whether administrators must have a second factor. */
  adminMfa: z.enum(['required', 'optional']),
  /** Issue 34: ARABIC_DIGITS, how the Arabic screens write numbers (Latin unless the board chose Arabic-Indic). */
  arabicDigits: z.enum(ARABIC_DIGITS),
});
export type PublicConfig = z.infer<typeof publicConfig>;
