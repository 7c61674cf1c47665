import { z } from 'zod';
import { isoDateTime, withinDateRange } from './common';

/**
 * Issue 17, part 3: the HMIS CSV (FY2026) export. An admin checks a period first (counts per
 * file, and every row that breaks the HMIS CSV specification's rules), may exclude reports, then
 * downloads the zip with a reason, after a step-up (issue 19). A report is in the period when it was
 * filed (its creation day, UTC) from `from` to `to`, both inclusive.
 */
export const MAX_HMIS_EXCLUDED = 1000;
export const MAX_HMIS_PERIOD_DAYS = 3660;

export const HMIS_EXPORT_MESSAGES = {
  period: '"From" must be on or before "To"',
  periodTooLong: `The period may span at most ${MAX_HMIS_PERIOD_DAYS} days`,
  reason: 'Say why you are exporting',
  problems: 'Some reports break the HMIS CSV rules: fix them or exclude them, then export again',
} as const;

const day = withinDateRange(z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD)' }));
const DAY_MS = 86_400_000;

const periodShape = {
  from: day,
  to: day,
  /** Reports the admin leaves out of this export (by report id). */
  exclude: z
    .array(z.uuid({ message: 'Not a valid id' }))
    .max(MAX_HMIS_EXCLUDED)
    .default([]),
};

/** The period's rules, told on both dates: either may be the one to change. */
const periodRules = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema.superRefine((p, ctx) => {
    const message =
      p.from > p.to
        ? HMIS_EXPORT_MESSAGES.period
        : Date.parse(p.to) - Date.parse(p.from) > MAX_HMIS_PERIOD_DAYS * DAY_MS
          ? HMIS_EXPORT_MESSAGES.periodTooLong
          : undefined;
    if (message) for (const path of ['from', 'to']) ctx.addIssue({ code: 'custom', path: [path], message });
  });

/** POST /api/exports/hmis/check */
export const hmisExportCheckBody = periodRules(z.strictObject(periodShape));
export type HmisExportCheckBody = z.input<typeof hmisExportCheckBody>;

/** POST /api/exports/hmis: answers the zip (application/zip). */
export const hmisExportBody = periodRules(
  z.strictObject({
    ...periodShape,
    reason: z.string().trim().min(1, HMIS_EXPORT_MESSAGES.reason).max(500, 'At most 500 characters'),
  }),
);
export type HmisExportBody = z.input<typeof hmisExportBody>;

/** A row that breaks a rule of the specification; the report's id lets the admin exclude it. */
export const hmisExportProblem = z.object({
  reportId: z.string(),
  clientName: z.string(),
  file: z.string(),
  column: z.string(),
  message: z.string(),
});
export type HmisExportProblem = z.infer<typeof hmisExportProblem>;

/** The answer of the check, and of an export refused for its problems (422, with `message`). */
export const hmisExportCheck = z.object({
  from: z.string(),
  to: z.string(),
  /** Reports filed in the period that will be exported. */
  reports: z.number().int(),
  /** Reports filed in the period without consent to share: never exported. */
  withoutConsent: z.number().int(),
  /** Reports left out by the admin. */
  excluded: z.number().int(),
  /** Rows per file of the zip (files with a header only are 0). */
  counts: z.record(z.string(), z.number().int()),
  problems: z.array(hmisExportProblem),
});
export type HmisExportCheck = z.infer<typeof hmisExportCheck>;

export const hmisExportRefused = hmisExportCheck.extend({ message: z.string() });

/** One past export, from the audit log: who, when, why, which period, how many rows. */
export const hmisExportRecord = z.object({
  _id: z.string(),
  actorEmail: z.string().nullable(),
  createdAt: isoDateTime,
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  counts: z.record(z.string(), z.number().int()),
});
export type HmisExportRecord = z.infer<typeof hmisExportRecord>;

/** GET /api/exports/hmis: the newest past exports. */
export const hmisExportHistory = z.object({ items: z.array(hmisExportRecord) });
export type HmisExportHistory = z.infer<typeof hmisExportHistory>;

/** The downloaded file's name. */
export const hmisExportFileName = (from: string, to: string) => `hmis-csv-fy2026_${from}_${to}.zip`;
