import { z } from 'zod';
import { CERTIFICATE_STATUSES, DISPLAY_STATUSES, VERIFICATION_STATUSES } from '../constants';
import { LANGUAGES } from '../languages';
import { atMost, dateInput, isoDateTime, recordVersion, sortedListQuery } from './common';
import { emailField, nameText } from './user';

/**
 * Finding F15 (decision 0063): how the signed credential names its holder. By default the
 * certificate number; the holder may choose a salted hash of their e-mail address instead.
 */
export const CREDENTIAL_IDENTIFIERS = ['certificateNo', 'email'] as const;
export type CredentialIdentifier = (typeof CREDENTIAL_IDENTIFIERS)[number];

/**
 * A certificate as the API returns it; status Expired is derived from validTill at read time.
 * `verificationUrl` is the public page anyone can open to check it (issue 11).
 */
export const certificate = z.object({
  _id: z.string(),
  userEmail: z.string(),
  certificateNo: z.string(),
  name: z.string(),
  status: z.enum(DISPLAY_STATUSES),
  validTill: isoDateTime,
  downloadLink: z.string(),
  createdAt: isoDateTime,
  /** Issue 31: the day the board awarded it ("Issued"), which may be long before the record was made. */
  awardedOn: isoDateTime,
  /** The name printed on the certificate: set by the board, or the holder's name when they claimed it. */
  holderName: z.string(),
  /** Whether an account has claimed it (signed up with its e-mail and number, and verified the e-mail). */
  claimed: z.boolean(),
  verificationUrl: z.string(),
  /** How often its public verification page was opened (no visitor data is kept). */
  verificationViews: z.number().int(),
  revokedAt: isoDateTime.nullable(),
  revocationReason: z.string().nullable(),
  /** Issue 16: raised by every edit (renewal, revocation and reinstatement too). */
  /** Finding F15: what the credential names its holder by (PUT /api/certificates/{id}/identifier). */
  credentialIdentifier: z.enum(CREDENTIAL_IDENTIFIERS),
  version: recordVersion,
});
export type Certificate = z.infer<typeof certificate>;

/**
 * spec §5 validTill is a date: a bare date means the certificate is valid through that whole day
 * (stored as its last millisecond in UTC, so the first ten characters still give the date back).
 */
export function toValidTill(input: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(input) ? new Date(`${input}T23:59:59.999Z`) : new Date(input);
}

/** Issue 31: a bare award date is its first millisecond in UTC (its first ten characters give it back). */
export function toAwardedOn(input: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(input) ? new Date(`${input}T00:00:00.000Z`) : new Date(input);
}

/** The calendar day (UTC) of an instant, as a date input writes it: YYYY-MM-DD. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * How far ahead of UTC the earliest time zone is (UTC+14): an award dated today wherever the
 * board sits is never "in the future" to the server (decision 0036).
 */
export const EARLIEST_TIME_ZONE_MS = 14 * 60 * 60 * 1000;
/** The latest instant an award date may name, the server's clock reading `now`. */
export const latestAwardedOn = (now: Date) => new Date(now.getTime() + EARLIEST_TIME_ZONE_MS);

/** Issue 31: each names its field, as an import's row errors show them as they are. */
export const AWARDED_ON_MESSAGES = {
  future: 'Awarded on cannot be in the future',
  afterValidTill: 'Awarded on cannot be after Valid till',
} as const;

/**
 * Issue 31: what is wrong with an award date, if anything. Against `latest` (the server's
 * latestAwardedOn; the web form's own today) only when a request names a new day; against
 * validTill whenever either changes. A certificate is never awarded after it lapsed.
 */
export function awardedOnProblem(awardedOn: Date, validTill: Date, latest?: Date): string | undefined {
  if (latest && awardedOn.getTime() > latest.getTime()) return AWARDED_ON_MESSAGES.future;
  if (awardedOn.getTime() > validTill.getTime()) return AWARDED_ON_MESSAGES.afterValidTill;
  return undefined;
}

/** A link to a stored upload, or nothing. */
export const fileLink = z
  .string()
  .trim()
  .max(500, atMost('Download link', 500))
  .regex(/^(\/api\/files\/[0-9a-f-]{36})?$/, 'Not a file uploaded to this portal');

/** POST and PUT /api/certificates (spec §5: userEmail, certificateNo, name, validTill required). */
export const certificateBody = z.strictObject({
  userEmail: emailField,
  certificateNo: z.string().trim().min(1, 'Certificate No is required').max(50, atMost('Certificate No', 50)),
  name: nameText(200).min(1, 'Name is required'),
  // Issue 16: an import's row errors show these messages as they are, so each names its field.
  status: z
    .enum(CERTIFICATE_STATUSES, { message: `Status must be ${CERTIFICATE_STATUSES.join(' or ')}` })
    .default('Active'),
  validTill: dateInput,
  /**
   * Issue 31: the day the board awarded it. Left out: today on create, the day it has on an edit.
   * Not in the future, nor after validTill (checked by the server, which has the clock).
   */
  awardedOn: dateInput.optional(),
  downloadLink: fileLink.default(''),
  /** Optional: the holder's name as the board has it; empty takes the name of the account that claims it. */
  holderName: nameText(200, 'Holder name').default(''),
});
export type CertificateBody = z.input<typeof certificateBody>;

/** PUT /api/certificates/{id}: optionally the version it was read at (a precondition, never stored). */
export const certificateUpdateBody = certificateBody.extend({ version: recordVersion.optional() });
export type CertificateUpdateBody = z.input<typeof certificateUpdateBody>;

/** Columns the certificate lists sort by (ARCHITECTURE §4). */
export const CERTIFICATE_SORTS = ['name', 'certificateNo', 'userEmail', 'validTill', 'status', 'createdAt'] as const;
export type CertificateSort = (typeof CERTIFICATE_SORTS)[number];

/**
 * Issue 35: the admin list's filters. A bulk action on "all matching" carries them too (as
 * `filters`, beside `q`), so that it acts on exactly the rows the list shows.
 */
export const certificateFilterShape = {
  /** Only certificates shown with this status (Expired and Revoked as derived, not stored). */
  status: z.enum(DISPLAY_STATUSES, { message: `Status must be one of ${DISPLAY_STATUSES.join(', ')}` }).optional(),
  /** Only those still valid that end within this many days (neither expired nor revoked). */
  expiringWithin: z.coerce
    .number({ message: 'Expiring within must be a number of days' })
    .int('Expiring within must be a whole number of days')
    .min(1, 'Expiring within must be 1 to 366 days')
    .max(366, 'Expiring within must be 1 to 366 days')
    .optional(),
};
export const certificateFilters = z.strictObject(certificateFilterShape);
export type CertificateFilters = z.infer<typeof certificateFilters>;

/** GET /api/certificates and /api/certificates/{userEmail}: q matches name, number or e-mail. */
export const certificateListQuery = sortedListQuery(CERTIFICATE_SORTS).extend(certificateFilterShape);
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

export const certificateEmailParams = z.strictObject({ userEmail: z.string().trim().min(1).max(254) });

/** POST /api/certificates/{id}/revoke: the reason is required, and kept with the certificate. */
export const revokeBody = z.strictObject({
  reason: z.string().trim().min(1, 'A reason is required').max(500),
  notifyHolder: z.boolean().default(false),
});
export type RevokeBody = z.input<typeof revokeBody>;

/** POST /api/certificates/{id}/reinstate: undoes a revocation. */
export const reinstateBody = z.strictObject({
  notifyHolder: z.boolean().default(false),
});
export type ReinstateBody = z.input<typeof reinstateBody>;

/**
 * PUT /api/certificates/{id}/identifier (finding F15): the holder (or an admin) chooses what the
 * credential names the holder by; the credential is signed again.
 */
export const credentialIdentifierBody = z.strictObject({
  kind: z.enum(CREDENTIAL_IDENTIFIERS, { message: `Kind must be ${CREDENTIAL_IDENTIFIERS.join(' or ')}` }),
});
export type CredentialIdentifierBody = z.input<typeof credentialIdentifierBody>;

/**
 * GET /api/certificates/{id}/pdf: A4 unless Letter is asked for. Issue 34: `lang` asks for the
 * language of another member's certificate (an admin's download); a member's own is in their
 * profile's. A language the portal does not speak falls back silently, as on every page.
 */
export const certificatePdfQuery = z.strictObject({
  size: z.enum(['a4', 'letter']).default('a4'),
  lang: z.string().max(35).optional(),
});

/**
 * A verification id as it appears in /verify/{id}: random, at least 128 bits, separate from the
 * database id. Anything else is simply not found (never a 400 that would tell ids apart).
 */
export const VERIFICATION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const verificationParams = z.strictObject({ verificationId: z.string() });

/** /verify/{verificationId}/versions/{number}: one signed copy of a certificate's credential (decision 0037). */
export const credentialVersionParams = z.strictObject({
  verificationId: z.string(),
  number: z.coerce.number().int().min(1).max(1_000_000),
});

/**
 * GET /api/verify/{verificationId}: what anyone may learn of a certificate, and nothing more
 * (no e-mail, phone or other field of the holder).
 */
export const verification = z.object({
  verificationId: z.string(),
  board: z.object({
    name: z.string(),
    url: z.string(),
    logoUrl: z.string(),
    /** Issue 31: where to report a problem with a certificate (BOARD_CONTACT_EMAIL); the board's, never the holder's. */
    contactEmail: z.string(),
  }),
  holderName: z.string(),
  credentialName: z.string(),
  /**
   * Issue 31: the achievement's description and criteria, as the signed credential states them;
   * null when its signature does not check out (its words are then nobody's).
   */
  description: z.string().nullable(),
  criteria: z.string().nullable(),
  certificateNo: z.string(),
  issuedOn: isoDateTime,
  validTill: isoDateTime,
  status: z.enum(VERIFICATION_STATUSES),
  /** When the status began: the revocation, the suspension, or the expiry; null while Active. */
  statusSince: isoDateTime.nullable(),
  /**
   * Issue 33: an expired certificate in its grace period whose holder has applied for renewal (the
   * board is reviewing it): the page says "Expired on {date}; renewal in progress".
   */
  renewalInProgress: z.boolean(),
  /**
   * Issue 31: each check this answer made, passed (true) or failed (false), as the page's
   * checklist shows them; the certificate is to be relied on only when all pass.
   */
  checks: z.object({
    /** The credential names the board's DID as its issuer, and its proof is made with one of the board's keys. */
    issuedByBoard: z.boolean(),
    /** The proof holds and the credential states the record (same as `signature.valid`). */
    signatureIntact: z.boolean(),
    notRevoked: z.boolean(),
    notSuspended: z.boolean(),
    notExpired: z.boolean(),
  }),
  /** Issue 31: when these checks were made (the server's clock). */
  checkedAt: isoDateTime,
  signature: z.object({
    /** The stored Open Badges 3.0 credential verifies against the portal's DID document and matches the record. */
    valid: z.boolean(),
    issuer: z.string(),
    signedAt: isoDateTime.nullable(),
    /** The Data Integrity cryptosuite of its proof (`eddsa-rdfc-2022`). */
    cryptosuite: z.string().nullable(),
    /** The `id` of the credential checked: the current copy's (decision 0037). */
    credentialId: z.string().nullable(),
    /** The W3C Bitstring Status List its revocation is published in. */
    statusListCredential: z.string().nullable(),
  }),
});
export type Verification = z.infer<typeof verification>;

/**
 * Issue 34: the JSON answer of GET /api/verify/{verificationId}: the verification, and what the
 * page says of it in words, in the reader's language (`?lang=`, the `lang` cookie or
 * Accept-Language); `languages` are those it can be asked in. The fields and values above stay
 * English: only `headline` and `statusText` are translated.
 */
export const verificationAnswer = verification.extend({
  language: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  headline: z.string(),
  statusText: z.string(),
});

/**
 * GET /api/status-lists/{purpose}/{list}: a list holds 131,072 positions, and positions are 32-bit
 * integers, so there are at most 16,384 lists.
 */
export const statusListParams = z.strictObject({
  purpose: z.enum(['revocation', 'suspension']),
  list: z.coerce.number().int().min(1).max(16_384),
});

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  notYours: 'You can only view your own certificates',
  alreadyRevoked: 'This certificate is already revoked',
  notRevoked: 'This certificate is not revoked',
  numberTaken: 'Another certificate has this number',
} as const;
