import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '@portal/contract';

/** bytea as a Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A timestamptz that reads every year right. Drizzle's own column parses PostgreSQL's text
 * (`0049-06-01 00:00:00+00`) with `new Date(text)`, which takes a year below 100 for 19xx or
 * 20xx; as ISO 8601 (`0049-06-01T00:00:00+00:00`) it is read as written. For dates a person
 * types (the contract allows the years 1 to 9999).
 */
const instant = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  toDriver: (value) => value.toISOString(),
  fromDriver: (value) =>
    typeof value === 'string' ? new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) : value,
});

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * Issue 16: the record's version, sent as its ETag. Every edit adds one in the same UPDATE; a PUT
 * that names an older version changes nothing (lib/preconditions.ts, decision 0015).
 */
const version = () => integer().notNull().default(1);
/**
 * Issue 16: when the record was moved to the trash (null while it is live), and by whom. Every
 * read outside the trash takes live rows only (`live()` in lib/trash.ts); the trash purges rows
 * 30 days after this.
 */
const trashColumns = () => ({
  deletedAt: timestamp({ withTimezone: true }),
  /** The admin who moved it (no foreign key: the record outlives the account). */
  deletedBy: uuid(),
});
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export interface AddressColumn {
  area: string;
  state: string;
  country: string;
  postalCode: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    job: text().notNull().default(''),
    age: integer(),
    picture: text().notNull().default(''),
    gender: text().notNull().default('Human'),
    phoneNo: text().notNull().default(''),
    address: jsonb().$type<AddressColumn>().notNull().default({ area: '', state: '', country: '', postalCode: '' }),
    certificateNo: text().notNull().default(''),
    isAdmin: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    /** Renewal reminders by e-mail (issue 15); off, the in-app reminders still come. */
    reminderEmails: boolean().notNull().default(true),
    /** Issue 34: the language of the member's screens and mails; set at sign-up from the request's. */
    language: text().$type<Language>().notNull().default('en'),
    lastLogin: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    ...trashColumns(),
    /**
     * Issue 19: whether sign-in asks for a second factor. The TOTP secret (RFC 6238) is sealed
     * like intake PII (lib/pii.ts); the one being set up waits in totpPendingSecret until a code
     * proves the authenticator app has it. totpLastStep is the newest time step a code was
     * accepted for: a code of that step or an older one is a replay.
     */
    mfaEnabled: boolean().notNull().default(false),
    totpSecret: text(),
    totpPendingSecret: text(),
    totpLastStep: bigint({ mode: 'number' }),
    /** Issue 30 (F1): when TOTP was turned on; a factor this new cannot step up the most sensitive acts. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /**
     * Issue 30 (F6, decision 0034): 32 random bytes that wrap the key sealing this member's drafts
     * and outbox on their devices, released only to their signed-in sessions; sealed like the
     * TOTP secret. Made on first ask; cleared at a password reset and when the account is deleted,
     * so a key wrapped under it never opens again.
     */
    deviceKeySecret: text(),
  },
  (t) => [
    // Live accounts only: a trashed account's address is free for a new sign-up (decision 0017).
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // The user search (spec §2: part of the name or e-mail, any case) is ILIKE '%q%': trigram
    // indexes serve it (pg_trgm, created by the migration and loaded into PGlite by client.ts).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // The default order of the user list (case-insensitive name, then id).
    index('users_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    // files.release() asks whether any record still names an upload (issue 12).
    index('users_picture_idx')
      .on(t.picture)
      .where(sql`${t.picture} <> ''`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the token; the token itself is only ever in the cookie. */
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Issue 19: the password was right, the second factor is still awaited; nothing else is allowed. */
    mfaPending: boolean().notNull().default(false),
    /** When this session last proved a second factor (or, without one, the password): step-up. */
    steppedUpAt: timestamp({ withTimezone: true }),
    /**
     * Issue 30 (F1): when the factor of that step-up was added to the account (null: the password,
     * or a factor from before this was kept), so that a factor added by whoever holds the session
     * cannot at once unlock what a step-up guards.
     */
    stepUpFactorAddedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index().on(t.userId)],
);

/** Issue 19: single-use recovery codes, as SHA-256 of the normalised code (80 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * Issue 19: passkeys (WebAuthn Level 3), a second factor like TOTP; a user may hold several. The
 * credential id (base64url) finds the row an assertion names; the COSE public key checks its
 * signature; the signature counter (§6.1.1) refuses a cloned authenticator's older count.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text().notNull(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index().on(t.userId)],
);

/**
 * The challenge of a WebAuthn ceremony, bound to the session that asked for it: one per session
 * and purpose, taken (deleted) by the verification that uses it, so it works once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text().$type<'registration' | 'authentication'>().notNull(),
    challenge: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('webauthn_challenges_session_purpose_key').on(t.sessionId, t.purpose)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Keyed hash (HMAC-SHA-256) of the code. */
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash), index().on(t.userId)],
);

/** Mails written in the same transaction as the change that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    /** Cleared once delivered: it may carry a code or a reset link. */
    text: text(),
    /** Extra headers (List-Unsubscribe on reminders, issue 15). */
    headers: jsonb().$type<Record<string, string>>(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** No foreign key: the record outlives the account. */
    actorId: uuid(),
    actorEmail: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.actorId),
    index().on(t.targetType, t.targetId),
    // The audit screen's filters, newest first: by action, and by part of the actor's e-mail.
    index('audit_log_action_created_at_idx').on(t.action, t.createdAt),
    index('audit_log_actor_email_trgm_idx').using('gin', t.actorEmail.op('gin_trgm_ops')),
  ],
);

/**
 * Counts the credential copies ever issued (decision 0037): the n-th copy goes into status list
 * n / (STATUS_LIST_LENGTH / 2) + 1, at a random free position, so no list is ever more than half
 * full and a free position is found at once.
 */
export const credentialCopySeq = pgSequence('credential_copy_seq', { startWith: 0, minValue: 0 });

export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    /**
     * Lower-cased. The e-mail the board registered the certificate under; once claimed it follows
     * the holder's account (an e-mail change carries it along), but ownership is `holderId`.
     */
    userEmail: text().notNull(),
    certificateNo: text().notNull(),
    name: text().notNull(),
    status: text({ enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    validTill: instant().notNull(),
    /**
     * Issue 31: the day the board awarded it, shown as "Issued" and stated by the credential
     * (decision 0036). A bare date is its first millisecond in UTC. A row written without one (a
     * load with SQL) is awarded when it was recorded, as every row was before the column existed.
     */
    awardedOn: instant()
      .notNull()
      .default(sql`now()`),
    /**
     * Issue 33: where the current recertification cycle began, once a renewal was approved (the
     * old validTill, or the approval day after a lapse). Null: the cycle runs from awardedOn.
     */
    cycleStartsOn: instant(),
    /**
     * Issue 33: what the credential states of the last approved renewal: the hours of continuing
     * education counted in its cycle (Open Badges 3.0 AchievementSubject.creditsEarned) and the
     * rules' total (Achievement.creditsAvailable). Null until a renewal is approved in the portal.
     */
    creditsEarned: doublePrecision(),
    creditsAvailable: doublePrecision(),
    downloadLink: text().notNull().default(''),
    /** The account that claimed it (issue 11): from then on the certificate is theirs, by id. */
    holderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * When it was claimed. It stays set if the holder's account is deleted, so that a freed
     * address can never claim it again; only an admin reassigns it (by changing its e-mail).
     */
    claimedAt: timestamp({ withTimezone: true }),
    /** The name on the certificate: set by the board, or the holder's name when they claimed it. */
    holderName: text().notNull().default(''),
    /** The public id of /verify/{id}: random (at least 128 bits), never the database id. */
    verificationId: text()
      .notNull()
      // 32 bytes of two random UUIDs (244 random bits), base64url without padding: 43 characters.
      .default(
        sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`,
      ),
    /** When the status became Inactive (shown to verifiers as Suspended since). */
    suspendedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revocationReason: text(),
    /**
     * Finding F15 (decision 0063): the credential names its holder by the certificate number, or,
     * when the holder asks for it, by a salted hash of their e-mail address.
     */
    identifyByEmail: boolean().notNull().default(false),
    /**
     * The current copy of its signed Open Badges 3.0 credential (decision 0037): a change to
     * anything it states issues a new copy (a row of credential_copies) and revokes this one.
     */
    credential: jsonb().$type<Record<string, unknown>>(),
    /** Opens of the public verification page; no visitor data is kept. */
    verificationViews: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    ...trashColumns(),
  },
  (t) => [
    index().on(t.userEmail, t.validTill),
    // One live certificate per number; a trashed one's number may be given again (decision 0017).
    uniqueIndex('certificates_certificate_no_key')
      .on(t.certificateNo)
      .where(sql`${t.deletedAt} is null`),
    index('certificates_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // A member's own list (holder, then the screen's order).
    index('certificates_holder_id_valid_till_idx').on(t.holderId, t.validTill, t.id),
    uniqueIndex('certificates_verification_id_key').on(t.verificationId),
    // The admin list's default order (newest first), paged without scanning and sorting.
    index('certificates_created_at_id_idx').on(t.createdAt, t.id),
    // The admin search over name, number and e-mail (ILIKE '%q%'), as for users.
    index('certificates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('certificates_certificate_no_trgm_idx').using('gin', t.certificateNo.op('gin_trgm_ops')),
    index('certificates_user_email_trgm_idx').using('gin', t.userEmail.op('gin_trgm_ops')),
    index('certificates_download_link_idx')
      .on(t.downloadLink)
      .where(sql`${t.downloadLink} <> ''`),
    // The background signer's next batch: imported rows are stored unsigned (decision 0016).
    index('certificates_unsigned_idx')
      .on(t.id)
      .where(sql`${t.credential} is null`),
    // The renewal-reminder run (issue 15) reads the held, active ones about to expire.
    index('certificates_reminder_due_idx')
      .on(t.validTill)
      .where(sql`${t.holderId} is not null and ${t.revokedAt} is null and ${t.status} = 'Active'`),
  ],
);

/**
 * The public keys the portal signed credentials with before decision 0038 (issue 11): every
 * instance that started wrote its key here, and the DID document listed them all. No longer
 * written: the DID document comes from ISSUER_KEY and ISSUER_KEYS_RETIRED. Read only on the
 * upgrade, while ISSUER_KEY is still one of these keys and ISSUER_KEYS_RETIRED is unset
 * (domains/credentials/issuer-keys.ts).
 */
export const issuerKeys = pgTable('issuer_keys', {
  /** The key's multibase form (`z6Mk…`), also the fragment of its verification method id. */
  publicKeyMultibase: text().primaryKey(),
  createdAt: createdAt(),
});

/**
 * Decision 0037: every signed copy of a certificate's credential, numbered from 1 per certificate,
 * with its own place in the revocation lists. A copy never changes: a change to what it states
 * issues the next copy and revokes this one, for good (Bitstring Status List v1.0 §2.1: a
 * revocation is not reversible). Rows outlive their certificate, so a position is never given twice.
 */
export const credentialCopies = pgTable(
  'credential_copies',
  {
    id: id(),
    certificateId: uuid().references(() => certificates.id, { onDelete: 'set null' }),
    number: integer().notNull(),
    /** The copy's `id`: /verify/{verificationId}/versions/{number} (before decision 0037, the page itself). */
    credentialId: text().notNull(),
    statusList: integer().notNull(),
    statusPosition: integer().notNull(),
    /** Copies signed before decision 0037 also name a suspension list, which verifiers still read. */
    suspensionEntry: boolean().notNull().default(false),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** When its revocation bit was set. */
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * Why it is revoked; set without `revokedAt` by SQL that cannot sign a list (a migration), for
     * the start-up run to set the bit. `key-compromise` (decision 0064): its signing key is no
     * longer trusted, and a new copy signed with ISSUER_KEY replaced it.
     */
    revocationReason: text({ enum: ['superseded', 'suspended', 'revoked', 'deleted', 'key-compromise'] }),
  },
  (t) => [
    uniqueIndex('credential_copies_place_key').on(t.statusList, t.statusPosition),
    uniqueIndex('credential_copies_certificate_number_key').on(t.certificateId, t.number),
    index('credential_copies_revocation_due_idx')
      .on(t.id)
      .where(sql`${t.revokedAt} is null and ${t.revocationReason} is not null`),
  ],
);

/**
 * Issue 31 (decision 0042): a way for the holder to put a certificate's credential into a digital
 * wallet, valid for ten minutes and used once. Only a SHA-256 of each secret is kept (the URL's
 * token, the exchange's id, the pre-authorized code, the access token it buys), never the secret.
 */
export const walletOffers = pgTable(
  'wallet_offers',
  {
    id: id(),
    certificateId: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    /** `credential-url`: a single-use URL; `exchange`: a VC-API exchange; `pre-authorized-code`: OID4VCI. */
    kind: text({ enum: ['credential-url', 'exchange', 'pre-authorized-code'] }).notNull(),
    /** SHA-256 of the secret in the URL (the token, the exchange id, the pre-authorized code). */
    tokenHash: text().notNull(),
    /** A VC-API exchange's challenge (a nonce, not a secret), asked of the wallet's presentation. */
    challenge: text(),
    /** OID4VCI: SHA-256 of the access token the pre-authorized code was exchanged for. */
    accessTokenHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the wallet took it (the URL fetched, the exchange answered, the code exchanged). */
    usedAt: timestamp({ withTimezone: true }),
    /** When the credential was handed over (OID4VCI's credential endpoint; the others at usedAt). */
    issuedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_offers_token_hash_key').on(t.tokenHash),
    uniqueIndex('wallet_offers_access_token_hash_key').on(t.accessTokenHash),
    index().on(t.certificateId),
    index().on(t.expiresAt),
  ],
);

/**
 * W3C Bitstring Status Lists: one row per list and purpose. `bits` is the list itself (bit i is
 * the status of the certificate with that index); `credential` is the signed
 * BitstringStatusListCredential served to verifiers, re-signed in the transaction that flips a bit.
 */
export const statusLists = pgTable(
  'status_lists',
  {
    list: integer().notNull(),
    purpose: text({ enum: ['revocation', 'suspension'] }).notNull(),
    bits: bytea().notNull(),
    credential: jsonb().$type<Record<string, unknown>>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.list, t.purpose] })],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    location: text().notNull(),
    company: text().notNull(),
    applyLink: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    ...trashColumns(),
  },
  (t) => [
    index('jobs_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text().notNull(),
    message: text().notNull(),
    link: text().notNull(),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  (t) => [
    index().on(t.createdAt),
    index('notifications_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** One row (id 1) holding the help page's three lists. */
export const helpContent = pgTable('help_content', {
  id: integer().primaryKey(),
  instructions: jsonb().$type<string[]>().notNull(),
  contactDetails: jsonb().$type<string[]>().notNull(),
  emails: jsonb().$type<string[]>().notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

/** Stored files. A file no record refers to is swept after a grace period. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** `import`: a spreadsheet of certificates an admin imported, kept for the audit (issue 16). */
    kind: text({ enum: ['image', 'video', 'document', 'import'] }).notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    originalName: text().notNull().default(''),
    /** Set once a record (report, certificate, profile) refers to the file. */
    attachedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.ownerId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);

/**
 * Issue 30, F3: the unfinished resumable uploads (domains/files/resumable.ts), so that the length
 * each declared counts against its member's allowances from creation on, under the same lock as
 * every upload. The bytes themselves are staged on disk; the row goes when the upload is stored,
 * given up, refused or expired.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** The upload's id in its URL (32 hex characters). */
    id: text().primaryKey(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Upload-Length declared at creation. */
    length: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ownerId), index().on(t.createdAt)],
);

/** Intake reports. SSN and DOB are encrypted (ciphertext columns); the rest is in `data`. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientName: text().notNull().default(''),
    projectStartDate: date({ mode: 'string' }),
    imageUrl: text().notNull().default(''),
    videoUrl: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    ssnEnc: text(),
    dobEnc: text(),
    /**
     * Issue 17: the client consented to share with the HMIS. In clear (the consent's details are
     * sealed in `data`) so the HMIS export can select the reports it may include.
     */
    hmisConsent: boolean().notNull().default(false),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  (t) => [
    index().on(t.createdAt),
    index('reports_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index().on(t.userId),
    index('reports_image_url_idx')
      .on(t.imageUrl)
      .where(sql`${t.imageUrl} <> ''`),
    index('reports_video_url_idx')
      .on(t.videoUrl)
      .where(sql`${t.videoUrl} <> ''`),
  ],
);

/**
 * Exact row counts of `users` and `certificates`, kept by statement-level triggers (migration
 * 0004), so that the total of an unfiltered admin list is one indexed read at any size.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
});

/**
 * Throttles per e-mail address (issue 12), kept alike for accounts and for addresses without one
 * so that no answer tells them apart: consecutive failed logins and the lock they lead to (never
 * permanent), and when the owner was last told of a sign-up with their address. Keyed by an HMAC
 * of the normalised address, so an address without an account is never stored in clear.
 */
export const emailThrottles = pgTable(
  'email_throttles',
  {
    emailHash: text().primaryKey(),
    failedLogins: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    signupNoticeAt: timestamp({ withTimezone: true }),
    /** The last change: rows left alone for a day are forgotten (domains/auth/throttle.ts). */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.updatedAt)],
);

/**
 * Fixed-window request counters shared by every server process (issue 14): the per-IP and
 * per-account limits of @fastify/rate-limit and the upload allowances, kept here rather than in
 * one process's memory so that two instances behind one address count as one. `key` names the
 * limit and what it counts (e.g. `login:ip:203.0.113.7`); a row past `resetAt` starts a new
 * window on its next hit, and rows past it are purged.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.resetAt)],
);

/** Settings the board changes on its admin screens, one JSON value per key (issue 15). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Every renewal reminder sent (issue 15). The unique key is the rule "exactly one reminder per
 * certificate, offset and validTill": a run inserts here in the transaction that queues the mail
 * and the inbox item, so two processes (or a run repeated after a crash) cannot send it twice.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: id(),
    certificateId: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    offsetDays: integer().notNull(),
    validTill: instant().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Whether the mail was queued too (not when the holder switched reminder e-mails off). */
    mailed: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('renewal_reminders_once_key').on(t.certificateId, t.offsetDays, t.validTill)],
);

/**
 * Issue 33: a member's application to renew a certificate. One may be open (Submitted or Audit)
 * per certificate at a time; Returned, Approved and Rejected close it.
 */
export const renewalApplications = pgTable(
  'renewal_applications',
  {
    id: id(),
    certificateId: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    /** Who applied (the holder); kept as a plain id once the account is gone. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['Submitted', 'Audit', 'Returned', 'Approved', 'Rejected'] }).notNull(),
    /** The hours the rules counted when the member applied. */
    countedHours: doublePrecision().notNull(),
    /** The validTill the application is about: approval extends from it (or from today after a lapse). */
    validTill: instant().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid(),
    /** Why it was returned or rejected, as the member reads it. */
    reason: text().notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('renewal_applications_one_open_key')
      .on(t.certificateId)
      .where(sql`${t.status} in ('Submitted', 'Audit')`),
    index('renewal_applications_status_submitted_idx').on(t.status, t.submittedAt, t.id),
  ],
);

/**
 * Issue 33: a continuing-education activity a member logged against a certificate. It counts for
 * the cycle its completion day falls in, unless a reviewer rejected it; it cannot change once an
 * open or approved application includes it.
 */
export const ceActivities = pgTable(
  'ce_activities',
  {
    id: id(),
    certificateId: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    provider: text().notNull(),
    completedOn: date({ mode: 'string' }).notNull(),
    /** In quarters of an hour, exact in a double. */
    hours: doublePrecision().notNull(),
    category: text().notNull(),
    /** `/api/files/{id}` of a PDF or an image, or ''. */
    evidenceUrl: text().notNull().default(''),
    status: text({ enum: ['Pending', 'Approved', 'Rejected'] })
      .notNull()
      .default('Pending'),
    rejectionReason: text().notNull().default(''),
    /** The application that last included it. */
    applicationId: uuid().references(() => renewalApplications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ce_activities_certificate_completed_idx').on(t.certificateId, t.completedOn),
    index('ce_activities_application_idx').on(t.applicationId),
    // The same activity logged twice is refused (409).
    uniqueIndex('ce_activities_once_key').on(
      t.certificateId,
      sql`lower(${t.title})`,
      sql`lower(${t.provider})`,
      t.completedOn,
    ),
    index('ce_activities_evidence_idx')
      .on(t.evidenceUrl)
      .where(sql`${t.evidenceUrl} <> ''`),
  ],
);

/** A member's own inbox (issue 15): reminders, revocations, new copies; never shown to anyone else. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['renewal-reminder', 'revocation', 'new-copy', 'renewal'] }).notNull(),
    title: text().notNull(),
    message: text().notNull(),
    certificateId: uuid().references(() => certificates.id, { onDelete: 'set null' }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('inbox_items_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Requests sent with an Idempotency-Key (issue 18, decision 0019): the first answer, kept so that
 * a retry gets it again instead of doing the work twice. The key belongs to the member who sent
 * it (draft-ietf-httpapi-idempotency-key-header §5: a composite key, never the key alone), and to
 * one operation (`scope`: a report, or the upload of its photo or its video). `fingerprint` is a
 * keyed hash of the request's content; the answer is set in the transaction that did the work.
 * Rows older than 7 days are purged (plugins/purge.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    key: uuid().notNull(),
    fingerprint: text().notNull(),
    status: integer(),
    response: jsonb().$type<unknown>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index().on(t.createdAt)],
);
