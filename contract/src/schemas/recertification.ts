import { z } from 'zod';

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
  return (positive ? base.gt(0, { error: `${field} must be more than 0` }) : base.min(0, `${field} must be 0 or more`))
    .max(max, `${field} must be at most ${max}`)
    .multipleOf(0.25, RECERTIFICATION_MESSAGES.quarterHours(field));
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
