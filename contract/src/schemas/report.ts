import { z } from 'zod';
import {
  DISABILITY_TYPES,
  DOMESTIC_VIOLENCE_WHEN,
  EDUCATION_LEVELS,
  ETHNICITIES,
  GENDERS,
  HEALTH_INSURANCE_SOURCES,
  HOMELESS_SITUATIONS,
  HOMELESSNESS_REASONS,
  INCOME_SOURCES,
  INSTITUTIONAL_SITUATIONS,
  NON_CASH_BENEFIT_SOURCES,
  OFFENSE_LEVELS,
  RACES,
  RELATIONSHIPS_TO_HEAD,
  RESIDENCES_PRIOR_TO_ENTRY,
  STAY_DURATIONS,
  TIMES_HOMELESS_PAST_3_YEARS,
  TRANSITION_HOUSING_SITUATIONS,
  YES_NO,
} from '../report-options';
import { singleLine } from '../patterns';
import { isoDateTime, withinDateRange } from './common';

/*
 * The 'Report a Homeless' intake (spec §3). spec §5: nothing is required, so every field has
 * an empty default and a parsed body always has the whole shape. Unknown fields are refused,
 * except `userId`, which is dropped: the server takes it from the session (ARCHITECTURE §5).
 */

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');
const shortText = text(200);
const longText = text(5000);
const phone = z
  .string()
  .trim()
  .max(30, 'At most 30 characters')
  .regex(/^[0-9+()\-.\s]*(?:(?:ext\.?|x)\s*\d+)?$/i, 'Enter a phone number')
  .default('');

/** One value of the set, or '' for unanswered. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(['', ...values] as unknown as readonly ['', ...T], { error: 'Choose one of the options' }).default('');

/** spec §3 Yes/No radios: the strings 'Yes' and 'No', '' when unanswered. */
export const yesNo = choice(YES_NO);

/** A checkbox group: option values, each at most once (ARCHITECTURE §6: they toggle). */
const checkboxes = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: 'Choose one of the options' }))
    .refine((list) => new Set(list).size === list.length, 'Each choice at most once')
    .default([]);

const flag = z.boolean({ error: 'Must be true or false' }).default(false);

/** A calendar date (YYYY-MM-DD) or ''. */
export const isoDateOrEmpty = withinDateRange(
  z.union([z.literal(''), z.iso.date()], { error: 'Enter a valid date (YYYY-MM-DD)' }),
).default('');

const money = z
  .number({ error: 'Enter an amount' })
  .min(0, 'Cannot be negative')
  .max(10_000_000, 'Too large')
  .nullable()
  .default(null);

/** 9 digits; 'ddd-dd-dddd' is accepted and stored as the 9 digits. '' when unknown. */
export const ssnField = z
  .string()
  .trim()
  .regex(/^(?:\d{9}|\d{3}-\d{2}-\d{4})?$/, 'Enter 9 digits, e.g. 123-45-6789')
  .transform((v) => v.replaceAll('-', ''))
  .default('');

/** An upload of this portal ('/api/files/{uuid}'), or ''. */
export const mediaLink = z
  .string()
  .trim()
  .regex(
    /^(?:\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/,
    'Not a file uploaded to this portal',
  )
  .default('');

const flags = <const K extends readonly string[]>(keys: K) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, flag])) as { [P in K[number]]: typeof flag });

const amounts = <const K extends readonly string[]>(keys: K) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, money])) as { [P in K[number]]: typeof money });

/** Every field of the Report entity but userId, in the order of spec §3. */
const reportShape = {
  imageUrl: mediaLink,
  videoUrl: mediaLink,
  // Shown in lists and exported: one line, like every name (patterns.ts, singleLine).
  clientName: z.string().overwrite(singleLine).max(200, 'At most 200 characters').default(''),
  hvIsClientId: text(100),
  projectStartDate: isoDateOrEmpty,
  roSigned: yesNo,
  ssn: ssnField,
  dob: isoDateOrEmpty,
  veteran: yesNo,
  race: checkboxes(RACES),
  ethnicity: choice(ETHNICITIES),
  gender: checkboxes(GENDERS),
  relationshipToHead: choice(RELATIONSHIPS_TO_HEAD),
  clientLocation: text(500),
  disablingCondition: yesNo,
  disabilityType: flags(DISABILITY_TYPES).prefault({}),
  medicalInsurance: yesNo,
  sourceOfHealthInsurance: checkboxes(HEALTH_INSURANCE_SOURCES),
  medicalId: text(100),
  otherInsurance: shortText,
  residencePriorToProjectEntry: choice(RESIDENCES_PRIOR_TO_ENTRY),
  homelessSituation: choice(HOMELESS_SITUATIONS),
  institutionalSituation: choice(INSTITUTIONAL_SITUATIONS),
  transitionHousingSituation: choice(TRANSITION_HOUSING_SITUATIONS),
  stayDuration: choice(STAY_DURATIONS),
  approximateDateHomelessnessStarted: isoDateOrEmpty,
  numTimesHomelessPast3Years: choice(TIMES_HOMELESS_PAST_3_YEARS),
  totalMonthsHomelessPast3Years: z
    .number({ error: 'Enter a number of months' })
    .int('Whole months')
    .min(0, 'Cannot be negative')
    .max(36, 'At most 36 months in 3 years')
    .nullable()
    .default(null),
  zipLastPermanentAddress: z
    .string()
    .trim()
    .regex(/^(?:\d{5})?$/, 'Enter a 5-digit ZIP code')
    .default(''),
  income: z
    .strictObject({
      hasIncome: yesNo,
      totalMonthlyIncome: money,
      sources: amounts(INCOME_SOURCES).prefault({}),
    })
    .prefault({}),
  nonCashBenefits: z
    .strictObject({
      hasNonCashBenefits: yesNo,
      sources: checkboxes(NON_CASH_BENEFIT_SOURCES),
    })
    .prefault({}),
  domesticViolence: z
    .strictObject({
      isVictim: yesNo,
      whenOccurred: choice(DOMESTIC_VIOLENCE_WHEN),
      currentlyFleeing: yesNo,
    })
    .prefault({}),
  reasonsForHomelessness: flags(HOMELESSNESS_REASONS).prefault({}),
  arrestConvictionRecord: z
    .strictObject({
      hasRecord: yesNo,
      details: longText,
    })
    .prefault({}),
  probationParole: z
    .strictObject({
      onProbation: yesNo,
      onParole: yesNo,
      paroleOfficer: shortText,
      phoneNumber: phone,
      // Not in spec §3's Yes/No list, but a yes/no question all the same.
      familyMemberOnProbationParole: yesNo,
      familyMemberDetails: longText,
    })
    .prefault({}),
  sexOffender: z
    .strictObject({
      isConvicted: yesNo,
      offenseLevel: choice(OFFENSE_LEVELS),
    })
    .prefault({}),
  educationSummary: choice(EDUCATION_LEVELS),
  educationComments: longText,
  mcKinneyVentoLiaison: yesNo,
  personalPhoneNumber: phone,
  /** Read by the admin details table (spec §2). */
  comments: longText,
};

/** The report fields (no userId): the form's schema. */
export const reportFields = z.strictObject(reportShape);
export type ReportFields = z.output<typeof reportFields>;
export type ReportFieldsInput = z.input<typeof reportFields>;

/** POST /api/reports (spec §7). A `userId` in the body is accepted and dropped. */
export const reportBody = z
  .strictObject({ ...reportShape, userId: z.unknown().optional() })
  .transform(({ userId: _ignored, ...fields }) => fields);
export type ReportBody = z.input<typeof reportBody>;

/** A report with every field empty: the form's starting point. */
export const emptyReport = (): ReportFields => reportFields.parse({});

export const createReportResponse = z.object({ _id: z.string() });

/** The SSN as admins see it unless revealed (ARCHITECTURE §5): '***-**-1234', or ''. */
export const maskedSsn = z.string().regex(/^(?:\*\*\*-\*\*-\d{4})?$/);
export const maskSsn = (ssn: string) => (ssn ? `***-**-${ssn.slice(-4)}` : '');

/** GET /api/reports/{id}: every field, the SSN masked (admins only). */
export const report = z.object({
  ...reportShape,
  _id: z.string(),
  userId: z.string().nullable(),
  ssn: maskedSsn,
  createdAt: isoDateTime,
});
export type Report = z.output<typeof report>;

/** An item of GET /api/reports: what the admin cards show. */
export const reportSummary = z.object({
  _id: z.string(),
  clientName: z.string(),
  projectStartDate: z.string(),
  imageUrl: z.string(),
  createdAt: isoDateTime,
});
export type ReportSummary = z.output<typeof reportSummary>;

export const revealSsnBody = z.strictObject({
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'At most 500 characters'),
});
export type RevealSsnBody = z.input<typeof revealSsnBody>;
export const revealSsnResponse = z.object({ ssn: z.string() });
