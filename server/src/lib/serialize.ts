import {
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
import type { helpContent, inboxItems, jobs, notifications, passkeys, reports } from '../db/schema';
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
  language: users.language,
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
    language: row.language,
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
