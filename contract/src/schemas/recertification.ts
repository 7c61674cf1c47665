import { z } from 'zod';
import { importRowError } from './certificate-import';
import { isoDateTime, sortedListQuery, withinDateRange } from './common';

/**
 * Issue 33: the board's recertification rules (GET and PUT /api/settings/recertification). Hours
 * are counted in quarters of an hour, as continuing-education providers certify them.
 */
export const RECERTIFICATION_MESSAGES = {
  quarterHours: (field: string) => `${field} must be a multiple of 0.25 hours`,
  categoryKey: 'A category key is lower-case letters, digits and dashes, starting with a letter (at most 32)',
  duplicateKey: 'Each category needs its own key',
  minimumsOverTotal: 'The categories’ minimum hours add up to more than the total hours',
} as const;

/** A number of hours from `min` (exclusive with `positive`) to `max`, in quarters of an hour. */
const hours = (field: string, { max, positive = false }: { max: number; positive?: boolean }) => {
  const base = z.number({ error: `${field} must be a number of hours` });
  return (
    (positive ? base.gt(0, { error: `${field} must be more than 0` }) : base.min(0, `${field} must be 0 or more`))
      .max(max, `${field} must be at most ${max}`)
      .multipleOf(0.25, RECERTIFICATION_MESSAGES.quarterHours(field))
      // multipleOf's tolerance for floating point takes 1e-296 as a multiple of 0.25.
      .refine((value) => Number.isInteger(value * 4), RECERTIFICATION_MESSAGES.quarterHours(field))
  );
};

export const recertificationCategory = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, RECERTIFICATION_MESSAGES.categoryKey),
  name: z.string().trim().min(1, 'A category needs a name').max(100, 'A category name has at most 100 characters'),
  minHours: hours('Minimum hours', { max: 1000 }),
});
export type RecertificationCategory = z.infer<typeof recertificationCategory>;

export const recertificationRules = z
  .strictObject({
    /** The cycle of a certificate: 1 to 5 years. */
    cycleMonths: z
      .number({ error: 'The cycle is a number of months' })
      .int('The cycle is a whole number of months')
      .min(12, 'The cycle is 12 to 60 months')
      .max(60, 'The cycle is 12 to 60 months'),
    totalHours: hours('Total hours', { max: 1000 }),
    categories: z
      .array(recertificationCategory)
      .min(1, 'At least one category')
      .max(20, 'At most 20 categories')
      .refine((list) => new Set(list.map((c) => c.key)).size === list.length, RECERTIFICATION_MESSAGES.duplicateKey),
    maxHoursPerActivity: hours('Hours per activity', { max: 1000, positive: true }),
    graceDays: z
      .number({ error: 'The grace period is a number of days' })
      .int('The grace period is a whole number of days')
      .min(0, 'The grace period is 0 to 365 days')
      .max(365, 'The grace period is 0 to 365 days'),
    auditPercent: z
      .number({ error: 'The audit share is a percentage' })
      .min(0, 'The audit share is 0 to 100 %')
      .max(100, 'The audit share is 0 to 100 %'),
    lateFeeNote: z.string().trim().max(500, 'The late fee note has at most 500 characters'),
  })
  .refine((rules) => rules.categories.reduce((sum, c) => sum + c.minHours, 0) <= rules.totalHours, {
    error: RECERTIFICATION_MESSAGES.minimumsOverTotal,
    path: ['categories'],
  });
export type RecertificationRules = z.infer<typeof recertificationRules>;

/** The rules until the board saves its own (issue 33's defaults). */
export const DEFAULT_RECERTIFICATION_RULES: RecertificationRules = {
  cycleMonths: 24,
  totalHours: 20,
  categories: [
    { key: 'practice', name: 'Recycling practice', minHours: 8 },
    { key: 'outreach', name: 'Outreach and ethics', minHours: 4 },
  ],
  maxHoursPerActivity: 8,
  graceDays: 30,
  auditPercent: 10,
  lateFeeNote: '',
};

/**
 * The recertification state of a certificate, from its dates (issue 33): Active, then Expiring
 * from the first renewal reminder on, Grace for `graceDays` after validTill, then Lapsed. A revoked
 * certificate is Revoked whatever its dates, and cannot be renewed.
 */
export const RECERTIFICATION_STATES = ['Active', 'Expiring', 'Grace', 'Lapsed', 'Revoked'] as const;
export type RecertificationState = (typeof RECERTIFICATION_STATES)[number];

/**
 * The two lengths the state reads, in days: Expiring from `expiringDays` before validTill (the
 * first renewal reminder's offset), Grace for `graceDays` after it. `/api/config` answers them, so
 * the lists show the state by the same rule as the Renewal tab.
 */
export const renewalTimes = z.object({
  expiringDays: z.number().int().min(0),
  graceDays: z.number().int().min(0),
});
export type RenewalTimes = z.infer<typeof renewalTimes>;

const DAY_MS = 86_400_000;

/** The state of a certificate from its dates (issue 33); the one rule for the server and the screens. */
export function recertificationState(
  cert: { validTill: Date | string; revokedAt: Date | string | null },
  times: RenewalTimes,
  now: Date,
): RecertificationState {
  if (cert.revokedAt) return 'Revoked';
  const t = now.getTime();
  const end = new Date(cert.validTill).getTime();
  if (t < end - times.expiringDays * DAY_MS) return 'Active';
  if (t < end) return 'Expiring';
  if (t < end + times.graceDays * DAY_MS) return 'Grace';
  return 'Lapsed';
}

/** An application is open while Submitted or Audit; Returned, Approved and Rejected close it. */
export const RENEWAL_STATUSES = ['Submitted', 'Audit', 'Returned', 'Approved', 'Rejected'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
export const OPEN_RENEWAL_STATUSES = ['Submitted', 'Audit'] as const satisfies readonly RenewalStatus[];

export const CE_ACTIVITY_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;

export const CE_MESSAGES = {
  notFound: 'Activity not found',
  certificateNotFound: 'Certificate not found',
  overMaximum: (max: number) => `Hours must be at most ${max} for one activity`,
  future: 'Completed on cannot be in the future',
  outsideCycle: (start: string, end: string) => `Completed on must be inside the current cycle (${start} to ${end})`,
  unknownCategory: (keys: string[]) => `Category must be one of ${keys.join(', ')}`,
  duplicate: 'This activity (same title, provider and date) is already logged for this certificate',
  locked: 'This activity is part of a renewal application and cannot be changed',
  evidence: 'Evidence must be a PDF or an image you uploaded',
  attestation: 'Confirm the attestation to apply',
  revoked: 'A revoked certificate cannot be renewed',
  open: 'An application for this certificate is already under review',
  shortfall: 'The continuing-education rules are not met yet',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** What a member logs of an activity (POST and PUT /api/ce-activities). */
export const ceActivityFields = z.strictObject({
  title: text('Title', 200),
  provider: text('Provider', 200),
  completedOn: withinDateRange(z.iso.date({ error: 'Completed on must be a date (YYYY-MM-DD)' })),
  hours: hours('Hours', { max: 1000, positive: true }),
  category: z.string({ error: 'Category is required' }).min(1, 'Category is required').max(32),
  /** `/api/files/{id}` of a PDF or an image the member uploaded; '' or left out for none. */
  evidenceUrl: z.string().max(200).optional(),
});
export type CeActivityFields = z.infer<typeof ceActivityFields>;

export const ceActivityBody = ceActivityFields.extend({
  certificateId: z.uuid({ error: 'Not a valid certificate id' }),
});
export type CeActivityBody = z.infer<typeof ceActivityBody>;

export const ceActivityListQuery = z.strictObject({ certificateId: z.uuid({ error: 'Not a valid certificate id' }) });

export const ceActivity = z.object({
  _id: z.string(),
  certificateId: z.string(),
  title: z.string(),
  provider: z.string(),
  completedOn: z.string(),
  hours: z.number(),
  category: z.string(),
  evidenceUrl: z.string(),
  status: z.enum(CE_ACTIVITY_STATUSES),
  rejectionReason: z.string(),
  /** Part of an open or approved application: it can no longer be changed or deleted. */
  locked: z.boolean(),
  createdAt: isoDateTime,
});
export type CeActivity = z.infer<typeof ceActivity>;

/**
 * Issue 33: the board imports a training provider's activities (POST /api/ce-activities/import,
 * a CSV or XLSX file as the certificate import takes). A row names its certificate by number or
 * by its holder's e-mail; `date` is the day of completion, `category` a category's key or name.
 */
export const CE_IMPORT_COLUMNS = ['certificateNo', 'email', 'title', 'provider', 'date', 'hours', 'category'] as const;
export type CeImportColumn = (typeof CE_IMPORT_COLUMNS)[number];
const CE_IMPORT_REQUIRED = ['title', 'provider', 'date', 'hours', 'category'] as const;
/** What the header lacks when it has neither column that names the certificate. */
export const CE_IMPORT_CERTIFICATE_COLUMNS = 'certificateNo or email';

/**
 * A header cell matched case-insensitively, spaces, dashes and a BOM ignored ("E-mail" is email);
 * the certificate export's userEmail and the API's completedOn are understood too.
 */
const ceHeaderKey = (cell: string) => cell.replace(/[\s\uFEFF-]+/g, '').toLowerCase();
const CE_BY_KEY = new Map<string, CeImportColumn>([
  ...CE_IMPORT_COLUMNS.map((c) => [ceHeaderKey(c), c] as const),
  ['useremail', 'email'],
  ['completedon', 'date'],
]);

/** How a file's header row maps onto the import's columns (as mapImportHeader does for certificates). */
export function mapCeImportHeader(header: readonly string[]) {
  const seen = new Set<CeImportColumn>();
  const columns = header.map((cell) => {
    const column = CE_BY_KEY.get(ceHeaderKey(cell));
    // A column named twice is read once, from its first place.
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  const missing: string[] = CE_IMPORT_REQUIRED.filter((c) => !seen.has(c));
  if (!seen.has('certificateNo') && !seen.has('email')) missing.unshift(CE_IMPORT_CERTIFICATE_COLUMNS);
  return { columns, missing };
}

/**
 * The answer of an import or its dry run: the rows read, the activities created (or that the
 * import would create: none while a row has a problem, as it is all or nothing), and every row
 * that was refused.
 */
export const ceActivityImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  errors: z.array(importRowError),
});
export type CeActivityImportResult = z.infer<typeof ceActivityImportResult>;
/** The 422 answer of an import with refused rows: nothing was created. */
export const ceActivityImportRefused = ceActivityImportResult.extend({ message: z.string() });

export const CE_IMPORT_MESSAGES = {
  refused: 'Nothing was imported: correct the rows listed and import the file again.',
  noCertificate: 'Give the certificate number or the holder’s e-mail',
  unknownNumber: 'No certificate has this number',
  emailNotOne: (count: number) =>
    count
      ? `This e-mail has ${count} certificates that are not revoked: use the certificate number`
      : 'No certificate that is not revoked has this e-mail: use the certificate number',
  revoked: 'This certificate is revoked',
  duplicateInFile: (row: number) =>
    `The same activity (title, provider and date) of this certificate is also in row ${row}`,
} as const;

/** What is still missing: the total (`key` null) or a category's minimum, in hours. */
export const recertificationShortfall = z.object({ key: z.string().nullable(), name: z.string(), hours: z.number() });
export type RecertificationShortfall = z.infer<typeof recertificationShortfall>;

export const renewalApplicationRef = z.object({
  id: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  /** Why it was returned or rejected. */
  reason: z.string(),
});

/** GET /api/certificates/{id}/recertification. */
export const recertificationStatus = z.object({
  /** What the Renewal tab names the certificate by. */
  certificate: z.object({ name: z.string(), certificateNo: z.string() }),
  state: z.enum(RECERTIFICATION_STATES),
  cycleStart: isoDateTime,
  cycleEnd: isoDateTime,
  /** The last day of the grace period. */
  graceEnd: isoDateTime,
  requiredHours: z.number(),
  countedHours: z.number(),
  /** The most one activity counts for: what the activity form says. */
  maxHoursPerActivity: z.number(),
  categories: z.array(z.object({ key: z.string(), name: z.string(), minHours: z.number(), countedHours: z.number() })),
  shortfall: z.array(recertificationShortfall),
  canApply: z.boolean(),
  /** The latest application for this cycle, if any. */
  application: renewalApplicationRef.nullable(),
  lateFeeNote: z.string(),
});
export type RecertificationStatus = z.infer<typeof recertificationStatus>;

/** POST /api/certificates/{id}/renewals. */
export const renewalApplyBody = z.strictObject({
  attestation: z.literal(true, { error: CE_MESSAGES.attestation }),
});
export const renewalApplied = z.object({ id: z.string(), status: z.enum(RENEWAL_STATUSES) });
/** The 422 answer: what is still missing. */
export const renewalRefused = z.object({ message: z.string(), shortfall: z.array(recertificationShortfall) });

/** The renewals queue (GET /api/renewals): its sort keys, as the other admin lists have them. */
export const RENEWAL_SORTS = ['submittedAt', 'status', 'certificateNo', 'holderName'] as const;
export type RenewalSort = (typeof RENEWAL_SORTS)[number];
export const renewalListQuery = sortedListQuery(RENEWAL_SORTS).extend({
  status: z.enum(RENEWAL_STATUSES, { error: `Status is one of ${RENEWAL_STATUSES.join(', ')}` }).optional(),
});
export type RenewalListQuery = z.infer<typeof renewalListQuery>;

export const renewalListItem = z.object({
  _id: z.string(),
  certificateId: z.string(),
  certificateNo: z.string(),
  certificateName: z.string(),
  holderName: z.string(),
  holderEmail: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  countedHours: z.number(),
  /** The validTill the application is about. */
  validTill: isoDateTime,
  submittedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  reason: z.string(),
  activityCount: z.number(),
  /** Activities without evidence: an application in Audit needs none of these to be approved. */
  withoutEvidence: z.number(),
});
export type RenewalListItem = z.infer<typeof renewalListItem>;

/** GET /api/renewals/{id}: the application and the activities it holds. */
export const renewalDetail = renewalListItem.extend({ activities: z.array(ceActivity) });
export type RenewalDetail = z.infer<typeof renewalDetail>;

export const RENEWAL_MESSAGES = {
  notFound: 'Application not found',
  notOpen: 'This application is no longer open for review',
  evidenceMissing: 'An application drawn for audit needs evidence on every activity before it can be approved',
  notInReview: 'Only an activity of an application under review can be approved or rejected',
  pastYear: 'The renewed certificate would be valid past the year 9999',
  validityChanged:
    'The certificate’s valid-till date was changed after this application was submitted (an edit or a bulk renewal): return the application or reject it',
} as const;

/** POST /api/renewals/audit-sample. */
export const auditSampleBody = z.strictObject({
  percent: z
    .number({ error: 'The share is a percentage' })
    .gt(0, 'The share is more than 0 %')
    .max(100, 'The share is at most 100 %'),
});
export const auditSampleResult = z.object({
  /** How many were drawn: ⌈percent × of / 100⌉. */
  selected: z.number(),
  /** How many applications were Submitted when the draw was made. */
  of: z.number(),
  ids: z.array(z.string()),
});

/** A reviewer's reason (rejecting an activity or an application), as the member reads it. */
export const reviewReasonBody = z.strictObject({ reason: text('Reason', 1000) });

/** The member's Renewal tab of a certificate: where reminders and decisions link to. */
export const renewalPagePath = (certificateId: string) => `/admin/certificates/${certificateId}/renewal`;
