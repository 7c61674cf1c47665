import path from 'node:path';
import { ARABIC_DIGITS, type ArabicDigits, DEFAULT_PRODUCT_NAME, NEW_FACTOR_HOLD_MINUTES } from '@portal/contract';
import { z } from 'zod';
import { isEd25519PublicKey, looksLikeSeed } from './lib/issuer-keys';
import { parseStorageUrl, type StorageLocation } from './lib/storage-url';

const MB = 1024 * 1024;

const url = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://portal.example.org' });
const optionalUrl = url().optional();
const email = () => z.email({ error: 'must be an e-mail address' });
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))
  .optional();

const PROXY_HOPS_ERROR = 'must be the number of proxies in front of the server (0, 1, 2…), or on (one) or off';
/**
 * Issue 30, F13: how many proxies in front of the server append to X-Forwarded-For. The client
 * is the address the outermost of them saw (that many entries from the right), never the first
 * entry a client may write itself. `on` (and true, yes) is one proxy, the only set-up that flag
 * ever described correctly; `off` (false, no) is none.
 */
const proxyHops = z
  .string()
  .transform((value, ctx) => {
    if (['off', 'false', 'no'].includes(value)) return 0;
    if (['on', 'true', 'yes'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    ctx.addIssue({ code: 'custom', message: PROXY_HOPS_ERROR });
    return z.NEVER;
  })
  .optional();

const wholeNumber = (unit: string) => {
  const error = `must be a whole number of ${unit}`;
  return z.coerce.number({ error }).int({ error }).min(1, { error });
};

const megabytes = z.coerce
  .number({ error: 'must be a number of megabytes' })
  .positive({ error: 'must be a number of megabytes' });

/** ARCHITECTURE §3: every variable optional, validated at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number (0 to 65535)' })
    .int({ error: 'must be a port number (0 to 65535)' })
    .min(0, { error: 'must be a port number (0 to 65535)' })
    .max(65535, { error: 'must be a port number (0 to 65535)' })
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Issue 35: the portal's one name, on its screens, in its mails and documents. */
  PRODUCT_NAME: z.string().trim().min(1).max(100).default(DEFAULT_PRODUCT_NAME),
  /** Unset, the product's name at no-reply@localhost. */
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAIL: email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be 8 to 128 characters').max(128, 'must be 8 to 128 characters').optional(),
  ADMIN_NAME: z.string().min(1).default('Administrator'),
  SIGNUP_POLICY: z.enum(['registry', 'open']).default('registry'),
  DEMO_DATA: flag,
  PII_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /** Keys PII_KEY replaced, comma-separated: still read, never written (rotate-pii-key). */
  PII_KEYS_OLD: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
      'must be 32-byte keys, base64-encoded, separated by commas',
    )
    .optional(),
  /** Issue 11: the Ed25519 key (a 32-byte seed, base64) that signs Open Badges credentials and status lists. */
  ISSUER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /**
   * Decision 0038: the public keys (multibase, `z6Mk…`) of earlier ISSUER_KEYs whose copies still
   * verify, comma-separated. The DID document lists these and ISSUER_KEY's, nothing else.
   */
  ISSUER_KEYS_RETIRED: z
    .string()
    .transform((value, ctx) => {
      const keys = value.split(',').map((k) => k.trim());
      keys.forEach((key, i) => {
        if (isEd25519PublicKey(key)) return;
        // The entry is not echoed: it may be a secret pasted in the wrong place.
        ctx.addIssue({
          code: 'custom',
          message: looksLikeSeed(key)
            ? `entry ${i + 1} is a seed, the secret kind of value ISSUER_KEY takes: give its public key (z6Mk…, from the DID document or the start-up log) and keep the seed secret`
            : `entry ${i + 1} is not an Ed25519 public key in multibase form (z6Mk…, as the DID document lists it); keys are separated by commas`,
        });
      });
      return [...new Set(keys)];
    })
    .optional(),
  /** Requests per minute and client address to the public verification page and its JSON. */
  VERIFY_RATE_LIMIT: wholeNumber('requests per minute').default(120),
  /**
   * Issue 31: requests per minute and client address to the status lists, counted apart from the
   * page's: a verifier checks every credential it sees against them (decision 0035).
   */
  STATUS_LIST_RATE_LIMIT: wholeNumber('requests per minute').default(6000),
  /** Issue 12 (M3): uploads per user and hour, on both upload routes together. */
  UPLOAD_RATE_LIMIT: wholeNumber('uploads per hour').default(60),
  /** Bytes a user may upload in any 24 hours, in MB. */
  UPLOAD_DAILY_MB: megabytes.default(3072),
  /** Bytes a user may hold in uploads no record refers to yet, in MB (a video and a photo fit). */
  UPLOAD_PENDING_MB: megabytes.default(1100),
  /**
   * Issue 30, F3: hours an unfinished resumable upload is kept, its declared length counted against
   * the allowances; then it expires and its bytes are removed.
   */
  UPLOAD_UNFINISHED_HOURS: wholeNumber('hours').default(24),
  BOARD_NAME: z.string().trim().min(1).max(200).default('Recycling Advocate Certification Board'),
  /**
   * Issue 31: the board's logo on the public verification page, and the image of the issuer and of
   * the achievement in the credentials signed from now on; unset, the portal's own logo.
   */
  BOARD_LOGO_URL: optionalUrl,
  /** Issue 31: where "Report a problem with this certificate" writes to; unset, SUPPORT_EMAIL. */
  BOARD_CONTACT_EMAIL: email().optional(),
  SUPPORT_EMAIL: email().default('support@recycling-board.example'),
  BOARD_URL: url().default('https://recycling-board.example'),
  RENEWAL_URL: url().default('https://recycling-board.example/renew'),
  /**
   * Issue 33: `portal`, members renew in the portal (continuing education, an application, the
   * board's review) and reminders link to the certificate's Renewal tab; `external`, the board
   * renews elsewhere, and reminders and "Renew Now" link to RENEWAL_URL, as before.
   */
  RECERTIFICATION: z.enum(['portal', 'external']).default('portal'),
  CHAT_URL: url().default('https://chat.recycling-board.example'),
  /** Issue 34: how Arabic pages, mails and documents write numbers: `latin` (0-9) or `arabic-indic` (٠-٩). */
  ARABIC_DIGITS: z.enum(ARABIC_DIGITS, { error: 'must be latin or arabic-indic' }).default('latin'),
  TRUST_PROXY: proxyHops,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Issue 14: unset = the local disk in DATA_DIR; `s3://bucket/prefix?endpoint=…` = an S3-compatible store. */
  STORAGE_URL: z.string().optional(),
  /** Issue 14: unset = throttles counted in PostgreSQL; `redis://…` = counted in Redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  AWS_REGION: z.string().optional(),
  /** Issue 19: whether administrators must sign in with a second factor; `required` by default in production. */
  ADMIN_MFA: z.enum(['required', 'optional'], { error: 'must be required or optional' }).optional(),
  /** Issue 30 (F1): minutes before a newly added factor may step up the most sensitive acts. */
  NEW_FACTOR_HOLD_MINUTES: wholeNumber('minutes').default(NEW_FACTOR_HOLD_MINUTES),
  /**
   * The cost of new password hashes (lib/passwords.ts): `owasp` (the default, and the only one
   * production accepts) or `test-only-minimal`, for the test suites, which create hundreds of accounts.
   */
  PASSWORD_HASH_COST: z
    .enum(['owasp', 'test-only-minimal'], { error: 'must be owasp or test-only-minimal' })
    .default('owasp'),
  /** Issue 17: the board as the HMIS CSV export names it (Organization.csv); BOARD_NAME by default. */
  HMIS_ORGANIZATION_NAME: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  /** The Street Outreach project's ProjectID in the CoC's HMIS (HUD S32; OrganizationID is `org-` and it). */
  HMIS_PROJECT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,28}$/, 'must be 1 to 28 letters, digits, dots, dashes or underscores')
    .default('street-outreach'),
  /** HUD CoC code (2.03, e.g. CA-600): Enrollment.EnrollmentCoC and ProjectCoC.csv. */
  HMIS_COC_CODE: z
    .string()
    .regex(/^[A-Z]{2}-\d{3}$/, 'must be a HUD CoC code such as CA-600')
    .optional(),
  /** HUD geocode of the project's area (2.03, 6 digits): with HMIS_COC_CODE, ProjectCoC.csv gets its row. */
  HMIS_GEOCODE: z
    .string()
    .regex(/^\d{6}$/, 'must be a 6-digit HUD geocode')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  production: boolean;
  port: number;
  host: string;
  appUrl: string;
  /**
   * The origins a state-changing request may come from (ARCHITECTURE §5): APP_URL's; without
   * APP_URL, also the loopback addresses of the same port, since http://127.0.0.1:3000 is the
   * same local server as the default http://localhost:3000.
   */
  origins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string; name: string } | undefined;
  signupPolicy: 'registry' | 'open';
  demoData: boolean | undefined;
  piiKey: string | undefined;
  piiKeysOld: string[];
  issuerKey: string | undefined;
  /**
   * ISSUER_KEYS_RETIRED: the public keys the DID document lists beside ISSUER_KEY's (decision
   * 0038). Undefined when unset: a portal upgraded from before that decision then lists, for the
   * start, the keys its table recorded.
   */
  issuerKeysRetired: string[] | undefined;
  boardName: string;
  /** PRODUCT_NAME: the portal's one name (issue 35). */
  productName: string;
  /** BOARD_LOGO_URL: the board's logo (absolute URL); the portal's own `/favicon.svg` by default. */
  boardLogoUrl: string;
  /** BOARD_CONTACT_EMAIL: where a verifier reports a problem with a certificate; SUPPORT_EMAIL by default. */
  boardContactEmail: string;
  verifyRateLimit: number;
  /** STATUS_LIST_RATE_LIMIT: the status lists' own limit per minute and client address (issue 31). */
  statusListRateLimit: number;
  uploads: {
    ratePerHour: number;
    dailyBytes: number;
    pendingBytes: number;
    /** UPLOAD_UNFINISHED_HOURS, in minutes: how long an unfinished resumable upload lives. */
    unfinishedMinutes: number;
  };
  supportEmail: string;
  boardUrl: string;
  renewalUrl: string;
  recertification: 'portal' | 'external';
  chatUrl: string;
  /** TRUST_PROXY: the proxies in front of the server that X-Forwarded-For is read through; 0 = none. */
  trustProxy: number;
  logLevel: Env['LOG_LEVEL'];
  storage: StorageLocation;
  redisUrl: string | undefined;
  hmis: {
    organizationName: string;
    projectId: string;
    cocCode: string | undefined;
    geocode: string | undefined;
    /** Export.csv's SoftwareName: PRODUCT_NAME. */
    softwareName: string;
  };
  /** ADMIN_MFA: `required` makes admin routes refuse an admin without a second factor. */
  adminMfa: 'required' | 'optional';
  /** ARABIC_DIGITS: Latin unless the board chose Arabic-Indic digits for Arabic. */
  arabicDigits: ArabicDigits;
  /** NEW_FACTOR_HOLD_MINUTES: a factor this new cannot be the one that steps up (issue 30, F1). */
  newFactorHoldMinutes: number;
  /** PASSWORD_HASH_COST: the argon2id parameters of new password hashes; `owasp` in production. */
  passwordHashCost: 'owasp' | 'test-only-minimal';
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SMTP_URL) {
    // Without a relay, verification codes and reset links would never leave the outbox.
    throw new ConfigError('Invalid configuration: SMTP_URL is required in production');
  }
  if (production && !e.PII_KEY) {
    throw new ConfigError('Invalid configuration: PII_KEY is required in production');
  }
  if (production && !e.ISSUER_KEY) {
    // A generated signing key would differ per instance and vanish with the container's disk.
    throw new ConfigError('Invalid configuration: ISSUER_KEY is required in production');
  }
  if (production && e.PASSWORD_HASH_COST !== 'owasp') {
    // Hashes that cheap would let a stolen database's passwords be guessed by the billion.
    throw new ConfigError('Invalid configuration: PASSWORD_HASH_COST must be owasp in production');
  }
  if (e.PII_KEYS_OLD && !e.PII_KEY) {
    throw new ConfigError('Invalid configuration: PII_KEYS_OLD needs PII_KEY (the key that replaced them)');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  let storage: StorageLocation = { driver: 'disk' };
  if (e.STORAGE_URL) {
    try {
      storage = parseStorageUrl(e.STORAGE_URL, e.AWS_REGION);
    } catch (err) {
      throw new ConfigError(`Invalid configuration: STORAGE_URL ${(err as Error).message}`);
    }
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    origins: e.APP_URL
      ? [new URL(e.APP_URL).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@localhost>`,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    signupPolicy: e.SIGNUP_POLICY,
    demoData: e.DEMO_DATA,
    piiKey: e.PII_KEY,
    piiKeysOld: e.PII_KEYS_OLD ? e.PII_KEYS_OLD.split(',').map((k) => k.trim()) : [],
    issuerKey: e.ISSUER_KEY,
    issuerKeysRetired: e.ISSUER_KEYS_RETIRED,
    boardName: e.BOARD_NAME,
    productName: e.PRODUCT_NAME,
    // The web app's own logo (web/public/favicon.svg), served by this server.
    boardLogoUrl: e.BOARD_LOGO_URL ?? `${appUrl}/favicon.svg`,
    boardContactEmail: e.BOARD_CONTACT_EMAIL ?? e.SUPPORT_EMAIL,
    verifyRateLimit: e.VERIFY_RATE_LIMIT,
    statusListRateLimit: e.STATUS_LIST_RATE_LIMIT,
    uploads: {
      ratePerHour: e.UPLOAD_RATE_LIMIT,
      dailyBytes: Math.round(e.UPLOAD_DAILY_MB * MB),
      pendingBytes: Math.round(e.UPLOAD_PENDING_MB * MB),
      unfinishedMinutes: e.UPLOAD_UNFINISHED_HOURS * 60,
    },
    supportEmail: e.SUPPORT_EMAIL,
    boardUrl: e.BOARD_URL,
    renewalUrl: e.RENEWAL_URL,
    recertification: e.RECERTIFICATION,
    chatUrl: e.CHAT_URL,
    trustProxy: e.TRUST_PROXY ?? 0,
    logLevel: e.LOG_LEVEL,
    storage,
    redisUrl: e.REDIS_URL,
    hmis: {
      organizationName: e.HMIS_ORGANIZATION_NAME ?? e.BOARD_NAME,
      projectId: e.HMIS_PROJECT_ID,
      cocCode: e.HMIS_COC_CODE,
      geocode: e.HMIS_GEOCODE,
      softwareName: e.PRODUCT_NAME,
    },
    // Outside production `optional`, so that `npm start` stays two commands.
    adminMfa: e.ADMIN_MFA ?? (production ? 'required' : 'optional'),
    arabicDigits: e.ARABIC_DIGITS,
    newFactorHoldMinutes: e.NEW_FACTOR_HOLD_MINUTES,
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}
