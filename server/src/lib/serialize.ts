import {
  type Certificate,
  type HelpContent,
  type InboxItem,
  type Job,
  maskSsn,
  type Notification,
  type PasskeySummary,
  type Report,
  type ReportFields,
  type ReportSummary,
  type User,
} from '@portal/contract';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { isoTimestamp } from '../db/csv';
import { jsonObjectText } from '../db/json-rows';
import type { certificates, helpContent, inboxItems, jobs, notifications, passkeys, reports } from '../db/schema';
import { users } from '../db/schema';

/** The columns a user's answer is made of: no password hash, no second-factor secret. */
export const USER_PROFILE = {
  id: users.id,
  email: users.email,
  name: users.name,
  job: users.job,
  age: users.age,
  picture: users.picture,
  gender: users.gender,
  phoneNo: users.phoneNo,
  address: users.address,
  certificateNo: users.certificateNo,
  isAdmin: users.isAdmin,
  isVerified: users.isVerified,
  reminderEmails: users.reminderEmails,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  version: users.version,
  mfaEnabled: users.mfaEnabled,
};
export type UserProfile = Pick<typeof users.$inferSelect, keyof typeof USER_PROFILE>;

/**
 * The one place where rows become API shapes: `id` → `_id`, dates → ISO strings, secrets
 * (password hash, lock counters) left out.
 */
export function toUser(row: UserProfile): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    job: row.job,
    age: row.age,
    picture: row.picture,
    gender: row.gender,
    phoneNo: row.phoneNo,
    address: row.address,
    certificateNo: row.certificateNo,
    isAdmin: row.isAdmin,
    isVerified: row.isVerified,
    reminderEmails: row.reminderEmails,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    mfaEnabled: row.mfaEnabled,
  };
}

/** A passkey as its owner sees it: the credential id and the public key stay in the database. */
export function toPasskey(row: typeof passkeys.$inferSelect): PasskeySummary {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The columns a certificate's answer is made of (lists read only these). */
export type CertificateFacts = Pick<typeof certificates.$inferSelect, (typeof CERTIFICATE_FACTS)[number]>;
export const CERTIFICATE_FACTS = [
  'id',
  'userEmail',
  'certificateNo',
  'name',
  'status',
  'validTill',
  'downloadLink',
  'createdAt',
  'awardedOn',
  'holderName',
  'claimedAt',
  'verificationId',
  'verificationViews',
  'revokedAt',
  'revocationReason',
  'identifyByEmail',
  'version',
] as const;

/**
 * The status a person reads, one rule everywhere (the lists, their sort and filter, the answer of
 * one certificate, the public page): revoked, then made inactive by an admin, then lapsed (from
 * the valid-till moment on), else active. Expired is derived at read time (ARCHITECTURE §6),
 * never stored. The SQL below is the same rule, for statements that sort or filter by it.
 */
export function certificateStatus(
  row: { revokedAt: Date | null; status: 'Active' | 'Inactive'; validTill: Date },
  now: Date,
): 'Revoked' | 'Inactive' | 'Expired' | 'Active' {
  if (row.revokedAt) return 'Revoked';
  if (row.status === 'Inactive') return 'Inactive';
  if (row.validTill <= now) return 'Expired';
  return 'Active';
}

export const certificateStatusSql = (
  field: (key: 'revokedAt' | 'status' | 'validTill') => SQLWrapper,
  now: SQLWrapper,
) =>
  sql<string>`case when ${field('revokedAt')} is not null then 'Revoked' when ${field('status')} = 'Inactive' then 'Inactive' when ${field('validTill')} <= ${now} then 'Expired' else 'Active' end`;

/**
 * Expired is derived at read time (ARCHITECTURE §6), never stored; a revocation outranks it.
 * The signed credential is never part of it (GET /api/certificates/{id}/credential serves that).
 */
export function toCertificate(row: CertificateFacts, now: Date, appUrl: string): Certificate {
  return {
    _id: row.id,
    userEmail: row.userEmail,
    certificateNo: row.certificateNo,
    name: row.name,
    status: certificateStatus(row, now),
    validTill: row.validTill.toISOString(),
    downloadLink: row.downloadLink,
    createdAt: row.createdAt.toISOString(),
    awardedOn: row.awardedOn.toISOString(),
    holderName: row.holderName,
    claimed: row.claimedAt !== null,
    verificationUrl: verificationUrl(appUrl, row.verificationId),
    verificationViews: row.verificationViews,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocationReason: row.revocationReason,
    credentialIdentifier: row.identifyByEmail ? 'email' : 'certificateNo',
    version: row.version,
  };
}

/**
 * `toCertificate` as PostgreSQL writes it, for the lists that answer straight from their
 * statement (decision 0050), with `now` for the derived status. Keep the two in step:
 * test/accounts/session-in-statement.test.ts compares their answers byte for byte.
 */
export const certificateJson = (field: (key: keyof CertificateFacts) => SQL, now: SQL, appUrl: string) =>
  jsonObjectText({
    _id: field('id'),
    userEmail: field('userEmail'),
    certificateNo: field('certificateNo'),
    name: field('name'),
    status: certificateStatusSql(field, now),
    validTill: isoTimestamp(field('validTill')),
    downloadLink: field('downloadLink'),
    createdAt: isoTimestamp(field('createdAt')),
    awardedOn: isoTimestamp(field('awardedOn')),
    holderName: field('holderName'),
    claimed: sql`${field('claimedAt')} is not null`,
    verificationUrl: verificationUrlSql(appUrl, field('verificationId')),
    verificationViews: field('verificationViews'),
    revokedAt: isoTimestamp(field('revokedAt')),
    revocationReason: field('revocationReason'),
    credentialIdentifier: sql`case when ${field('identifyByEmail')} then 'email' else 'certificateNo' end`,
    version: field('version'),
  });

/** The public page anyone opens to check a certificate (issue 11). */
export const verificationUrl = (appUrl: string, verificationId: string) => `${appUrl}/verify/${verificationId}`;

/** The same address, written by PostgreSQL from a verification id column. */
export const verificationUrlSql = (appUrl: string, verificationId: SQLWrapper) =>
  sql`${verificationUrl(appUrl, '')}::text || ${verificationId}`;

/** The columns a job's answer is made of (the board reads only these). */
export const JOB_FACTS = ['id', 'title', 'description', 'location', 'company', 'applyLink', 'version'] as const;
export type JobFacts = Pick<typeof jobs.$inferSelect, (typeof JOB_FACTS)[number]>;

export function toJob(row: JobFacts): Job {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    company: row.company,
    applyLink: row.applyLink,
    version: row.version,
  };
}

/** spec §3: a notification is read by `_id` or `id`, so it carries both. */
export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toHelpContent(
  row: Pick<typeof helpContent.$inferSelect, 'instructions' | 'contactDetails' | 'emails' | 'version'>,
): HelpContent {
  return {
    instructions: row.instructions,
    contactDetails: row.contactDetails,
    emails: row.emails,
    version: row.version,
  };
}

/** A report for admins: every field, the SSN masked to its last four digits (ARCHITECTURE §5). */
export function toReport(row: typeof reports.$inferSelect, fields: ReportFields): Report {
  return {
    ...fields,
    _id: row.id,
    userId: row.userId,
    ssn: maskSsn(fields.ssn),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReportSummary(
  row: Pick<typeof reports.$inferSelect, 'id' | 'clientName' | 'projectStartDate' | 'imageUrl' | 'createdAt'>,
): ReportSummary {
  return {
    _id: row.id,
    clientName: row.clientName,
    projectStartDate: row.projectStartDate ?? '',
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInboxItem(row: typeof inboxItems.$inferSelect): InboxItem {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    certificateId: row.certificateId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
