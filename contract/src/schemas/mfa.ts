import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { isoDateTime } from './common';

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
/**
 * Issue 30 (F1): a factor added this recently cannot be the one that steps up (NEW_FACTOR_HOLD_MINUTES
 * on the server; this is its default), so that whoever holds a stolen session cannot add a factor
 * and use it at once; the owner is mailed of the new factor meanwhile.
 */
export const NEW_FACTOR_HOLD_MINUTES = 15;
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
  /** Issue 30 (F1): the step-up was given with a factor added in the last NEW_FACTOR_HOLD_MINUTES. */
  newFactor:
    'A sign-in factor added in the last few minutes cannot confirm this yet. Confirm with one you had before, or try again later.',
  confirmed: 'Confirmed',
  alreadyOn: 'Two-factor sign-in is already on',
  noSetup: 'Start the set-up first',
  enabled: 'Two-factor sign-in is on',
  resetSelf: 'Another administrator must reset your two-factor sign-in',
  resetDone: 'Two-factor sign-in was reset',
  /** Every refused passkey assertion: wrong or used challenge, unknown credential, bad signature. */
  passkeyFailed: 'The passkey could not be verified',
  passkeyNotAdded: 'The passkey could not be added',
  noPasskey: 'No passkey is registered for this account',
  passkeyNotFound: 'Passkey not found',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  /** ADMIN_MFA=required: an administrator keeps at least one factor. */
  lastFactor: 'Add another passkey or an authenticator app before removing your last one',
  passkeyName: 'Give the passkey a name',
} as const;

export const mfaCode = z
  .string()
  .trim()
  .max(40)
  .refine((v) => isTotpCode(v) || RECOVERY_CODE_PATTERN.test(v), MFA_MESSAGES.codeFormat);

/*
 * Passkeys (WebAuthn Level 3, https://www.w3.org/TR/webauthn-3/): the JSON forms of
 * PublicKeyCredential (§5.1.8 toJSON) that @simplewebauthn/browser sends, binary fields in
 * base64url. The server checks the contents; these only bound their shape and size, and take no
 * member the dictionaries do not define (the mass-assignment rule of every body).
 */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url');
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const credentialId = base64url(1400);
const extensionResults = z.record(z.string(), z.unknown());

export const passkeyRegistrationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(2048).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

export const passkeyAuthenticationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponse>;

/**
 * The second step of a sign-in (a TOTP or recovery code, or a passkey's assertion), or a step-up
 * of a full session: a factor where the account has one, else the password.
 */
export const mfaVerifyBody = z
  .strictObject({
    code: mfaCode.optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    passkey: passkeyAuthenticationResponse.optional(),
  })
  .refine((b) => [b.code, b.password, b.passkey].filter((v) => v !== undefined).length === 1, MFA_MESSAGES.needCode);
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

/** A passkey as its owner sees it: never the key or the credential id. */
export const passkeySummary = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;
export const passkeyList = z.array(passkeySummary);

export const PASSKEY_NAME_MAX_LENGTH = 60;
export const passkeyRegisterBody = z.strictObject({
  name: z.string().trim().min(1, MFA_MESSAGES.passkeyName).max(PASSKEY_NAME_MAX_LENGTH),
  response: passkeyRegistrationResponse,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;
/** The passkey added; on the account's first factor, its recovery codes too (shown once). */
export const passkeyRegisterResponse = z.object({
  passkey: passkeySummary,
  recoveryCodes: z.array(z.string()).optional(),
});

/**
 * The options for navigator.credentials.create()/get() (PublicKeyCredentialCreationOptionsJSON,
 * PublicKeyCredentialRequestOptionsJSON), passed to @simplewebauthn/browser as they come.
 */
export const passkeyOptions = z.looseObject({ challenge: z.string() });

/** A refusal that a fresh second factor would turn around: 401 `{ message, stepUp: true }`. */
export const stepUpError = z.object({ message: z.string(), stepUp: z.literal(true) });
