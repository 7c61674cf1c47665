import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';

/**
 * Issue 19: two-factor sign-in. TOTP per RFC 6238 (30-second steps, 6 digits, HMAC-SHA-1, what
 * authenticator apps expect), 10 single-use recovery codes, and a fresh second factor (step-up)
 * for the most sensitive acts.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A step-up counts for this long. */
export const STEP_UP_MINUTES = 5;
/** Wrong codes that lock the second step, and for how long. */
export const MFA_LOCK_AFTER_FAILURES = 5;
export const MFA_LOCK_MINUTES = 15;

/** A recovery code: 16 characters of RFC 4648 base32 (80 bits), shown in four groups of four. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}(-?[a-z2-7]{4}){3}$/i;
const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

export const isTotpCode = (code: string) => TOTP_PATTERN.test(code);
/** The form a recovery code is compared in: lower case, no dashes or spaces. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const MFA_MESSAGES = {
  /** Admin routes, while ADMIN_MFA=required and the admin has no factor. */
  setupRequired: 'Set up two-factor sign-in',
  /** The login answer when the account has a factor. */
  codeNeeded: 'Enter the code from your authenticator app',
  /** Any other route called by a session that waits for its second factor. */
  pending: 'Finish signing in with your second factor',
  invalidCode: 'Invalid or expired code',
  invalidPassword: 'Wrong password',
  codeFormat: 'Enter the 6-digit code or a recovery code',
  needCode: 'Enter a code from your authenticator app or a recovery code',
  needPassword: 'Enter your password',
  stepUp: 'Confirm it is you to continue',
  confirmed: 'Confirmed',
  alreadyOn: 'Two-factor sign-in is already on',
  noSetup: 'Start the set-up first',
  enabled: 'Two-factor sign-in is on',
  resetSelf: 'Another administrator must reset your two-factor sign-in',
  resetDone: 'Two-factor sign-in was reset',
} as const;

export const mfaCode = z
  .string()
  .trim()
  .max(40)
  .refine((v) => isTotpCode(v) || RECOVERY_CODE_PATTERN.test(v), MFA_MESSAGES.codeFormat);

/**
 * The second step of a sign-in (a TOTP or recovery code), or a step-up of a full session: the
 * code where the account has a factor, else the password.
 */
export const mfaVerifyBody = z
  .strictObject({
    code: mfaCode.optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.password === undefined), MFA_MESSAGES.needCode);
export type MfaVerifyBody = z.infer<typeof mfaVerifyBody>;

export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpEnableBody = z.strictObject({
  code: z.string().trim().regex(TOTP_PATTERN, `Enter the ${TOTP_DIGITS}-digit code`),
});
export const totpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** The account's factors, for the two-factor screen. */
export const mfaStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Whether ADMIN_MFA requires a factor of this account (an admin under `required`). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** A refusal that a fresh second factor would turn around: 401 `{ message, stepUp: true }`. */
export const stepUpError = z.object({ message: z.string(), stepUp: z.literal(true) });
