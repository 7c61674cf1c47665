import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants';
import { dateInput, isoDateTime } from './common';

/** One row of the audit log (issue 13): who did what to which record, when, in which request. */
export const auditEntry = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * Issue 35: the record as people know it (a number and name, an e-mail, a title), the search
   * that finds it on its admin list (none for a report), and whether it is in the trash; null once
   * purged, or for a target that is not a record.
   */
  target: z.object({ label: z.string(), find: z.string().nullable(), inTrash: z.boolean() }).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * The actions the server records today: suggestions for the filter, which takes any text.
 * server/src/domains/audit/actions.test.ts finds every action the server's code names here.
 */
export const AUDIT_ACTIONS = [
  'certificate.create',
  'certificate.update',
  'certificate.delete',
  'certificate.revoke',
  'certificate.reinstate',
  'certificate.renew',
  'certificate.identifier',
  'certificate.import',
  'audit.export',
  'certificate.export',
  'help.update',
  'hmis.export',
  'help.delete-entry',
  'job.create',
  'job.update',
  'job.export',
  'job.delete',
  'notification.create',
  'notification.delete',
  'report.view',
  'report.reveal_ssn',
  'report.delete',
  'report.export',
  'settings.renewal-reminders',
  'settings.recertification',
  'renewal.submit',
  'renewal.audit-sample',
  'renewal.approve',
  'renewal.reject',
  'renewal.return',
  'renewal.export',
  'ce-activity.approve',
  'ce-activity.reject',
  'ce-activity.import',
  'user.update',
  'user.delete',
  'user.export',
  'user.mfa_enable',
  'user.mfa_reset',
  'user.passkey_add',
  'user.passkey_remove',
] as const;

const filter = (max: number) => z.string().trim().max(max).optional();

/**
 * GET /api/audit-log: newest first, paged (total in X-Total-Count). `action`, `targetType` and
 * `targetId` match exactly; `actor` is any part of the actor's e-mail, in any case; `from` and
 * `to` are dates (a whole day, UTC) or timestamps, both inclusive.
 */
export const auditListQuery = z
  .strictObject({
    action: filter(100),
    actor: filter(254),
    targetType: filter(100),
    targetId: filter(100),
    from: dateInput.optional(),
    to: dateInput.optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  })
  .refine((q) => !q.from || !q.to || startOf(q.from) <= endOf(q.to), {
    message: "'from' must not be after 'to'",
    path: ['to'],
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

const DAY_MS = 86_400_000;
const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
/** The first instant a `from` filter admits. */
export const startOf = (v: string) => new Date(isDateOnly(v) ? `${v}T00:00:00.000Z` : v);
/** The last instant a `to` filter admits: the end of the day for a date. */
export const endOf = (v: string) =>
  isDateOnly(v) ? new Date(new Date(`${v}T00:00:00.000Z`).getTime() + DAY_MS - 1) : new Date(v);
