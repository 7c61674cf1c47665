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
import {
  CONSENT_METHODS,
  CURRENT_LIVING_SITUATIONS,
  DOB_DATA_QUALITY,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  SEX,
  SSN_DATA_QUALITY,
} from '../hmis-options';
import { singleLine, startsLikeFormula } from '../patterns';
import { isoDateTime, sortedListQuery, withinDateRange } from './common';

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

/**
 * 9 digits; 'ddd-dd-dddd' is accepted and stored as the 9 digits. '' when unknown. HUD 3.02: an
 * unknown digit of a partial SSN is a lower-case `x` (only with SSN data quality 'Approximate or
 * partial SSN reported', see hmisRules).
 */
export const ssnField = z
  .string()
  .trim()
  .regex(/^(?:[\dx]{9}|[\dx]{3}-[\dx]{2}-[\dx]{4})?$/i, 'Enter 9 digits, e.g. 123-45-6789 (x for an unknown digit)')
  .transform((v) => v.replaceAll('-', '').toLowerCase())
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

/** A person's name: one line (patterns.ts, singleLine); HUD's Client.csv allows 50 characters. */
export const NAME_FORMULA_START =
  'A name may not start with =, +, -, @ or a control character: a spreadsheet would read it as a formula.';
/**
 * A client's name: one line (patterns.ts). The HMIS CSV carries names exactly as typed (a machine
 * reads it), so a name a spreadsheet would run as a formula is refused here instead (issue 30, F8).
 */
const clientNameText = (max: number) =>
  z
    .string()
    .overwrite(singleLine)
    .max(max, `At most ${max} characters`)
    .refine((name) => !startsLikeFormula(name), NAME_FORMULA_START)
    .default('');
const personName = clientNameText(50);

/** Why an HMIS question is unanswered (list 1.8: 8, 9, 99), or '' when it is answered or skipped. */
const missingReason = choice(MISSING_REASONS);

/**
 * Issue 17: the client's consent to share with the HMIS, asked before any personal field, and the
 * separate consents for photo and video. Without photo (video) consent no image (video) may be
 * attached (mediaConsentProblem).
 */
export const reportConsent = z
  .strictObject({
    shareWithHmis: yesNo,
    method: choice(CONSENT_METHODS),
    witnessName: z.string().overwrite(singleLine).max(200, 'At most 200 characters').default(''),
    date: isoDateOrEmpty,
    photo: yesNo,
    video: yesNo,
  })
  .superRefine((c, ctx) => {
    if (c.shareWithHmis === 'Yes' && !c.method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'Choose how consent was given' });
    if (c.shareWithHmis === 'Yes' && !c.date)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Enter the date of consent' });
    if (c.method === 'Verbal with a witness' && !c.witnessName)
      ctx.addIssue({ code: 'custom', path: ['witnessName'], message: 'Verbal consent needs the name of its witness' });
  });

/**
 * Issue 17: the HUD FY2026 answers the spec's form lacks. The spec's fields keep their option
 * sets; where FY2026 lets a question be answered "Client doesn't know", "Client prefers not to
 * answer" or "Data not collected", the `…Missing` field here says so (docs/decisions/0013).
 */
export const reportHmis = z.strictObject({
  firstName: personName,
  lastName: personName,
  /** 3.01.2 */
  nameDataQuality: choice(NAME_DATA_QUALITY),
  /** 3.02.2 */
  ssnDataQuality: choice(SSN_DATA_QUALITY),
  /** 3.03.2 */
  dobDataQuality: choice(DOB_DATA_QUALITY),
  /** 4.21 (FY2026; replaces the CSV's Gender columns) */
  sex: choice(SEX),
  /** 3.07 Veteran Status */
  veteranMissing: missingReason,
  /** 3.08 Disabling Condition */
  disablingConditionMissing: missingReason,
  /** 3.04 Race and Ethnicity (RaceNone) */
  raceEthnicityMissing: missingReason,
  /** 4.04 Health Insurance (InsuranceFromAnySource) */
  healthInsuranceMissing: missingReason,
  /** 4.02 Income from any source */
  incomeMissing: missingReason,
  /** 4.03 Non-cash benefits from any source */
  nonCashBenefitsMissing: missingReason,
  /** 4.11 Domestic Violence: survivor, when it occurred, currently fleeing */
  domesticViolenceMissing: missingReason,
  domesticViolenceWhenMissing: missingReason,
  currentlyFleeingMissing: missingReason,
  /** 4.13 Date of Engagement */
  dateOfEngagement: isoDateOrEmpty,
  /** 4.12 Current Living Situation: the contact's date (InformationDate) and the situation */
  contactDate: isoDateOrEmpty,
  currentLivingSituation: choice(CURRENT_LIVING_SITUATIONS),
});
export type ReportHmis = z.output<typeof reportHmis>;

/** Every field of the Report entity but userId, in the order of spec §3; then issue 17's. */
const reportShape = {
  imageUrl: mediaLink,
  videoUrl: mediaLink,
  // Shown in lists and exported: one line, like every name (patterns.ts, singleLine).
  clientName: clientNameText(200),
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
  consent: reportConsent.prefault({}),
  hmis: reportHmis.prefault({}),
};

type Shape = { [K in keyof typeof reportShape]: z.output<(typeof reportShape)[K]> };

const isMissingReason = (v: string) => (MISSING_REASONS as readonly string[]).includes(v);

/** Each `…Missing` answer, and whether the spec's own question was answered too. */
const ANSWERED: [keyof ReportHmis, (r: Shape) => boolean][] = [
  ['veteranMissing', (r) => r.veteran !== ''],
  ['disablingConditionMissing', (r) => r.disablingCondition !== ''],
  ['raceEthnicityMissing', (r) => r.race.length > 0 || r.ethnicity !== ''],
  ['healthInsuranceMissing', (r) => r.medicalInsurance !== ''],
  ['incomeMissing', (r) => r.income.hasIncome !== ''],
  ['nonCashBenefitsMissing', (r) => r.nonCashBenefits.hasNonCashBenefits !== ''],
  ['domesticViolenceMissing', (r) => r.domesticViolence.isVictim !== ''],
  ['domesticViolenceWhenMissing', (r) => r.domesticViolence.whenOccurred !== ''],
  ['currentlyFleeingMissing', (r) => r.domesticViolence.currentlyFleeing !== ''],
];

/** The rules that tie issue 17's answers to the spec's fields (HUD 3.01–3.03 data quality). */
function hmisRules(r: Shape, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const { hmis } = r;
  for (const [key, answered] of ANSWERED) {
    if (hmis[key] && answered(r)) issue(['hmis', key], 'Answered above: leave this empty, or clear the answer');
  }
  const ssnQuality = hmis.ssnDataQuality;
  // A malformed SSN has its own issue already (ssnField): these rules judge well-formed ones.
  if (!r.ssn || /^[\dx]{9}$/.test(r.ssn)) {
    if (r.ssn.includes('x') && ssnQuality !== 'Approximate or partial SSN reported')
      issue(['ssn'], "An x marks an unknown digit: set SSN data quality to 'Approximate or partial SSN reported'");
    if (r.ssn && !/\d/.test(r.ssn)) issue(['ssn'], 'Enter at least one known digit');
    if (ssnQuality === 'Full SSN reported' && !/^\d{9}$/.test(r.ssn)) issue(['ssn'], 'A full SSN has 9 digits');
    if (ssnQuality === 'Approximate or partial SSN reported' && !r.ssn)
      issue(['ssn'], 'Enter the digits you know, x for the others');
    if (isMissingReason(ssnQuality) && r.ssn)
      issue(['hmis', 'ssnDataQuality'], 'An SSN is entered: choose full or partial');
  }
  const dobQuality = hmis.dobDataQuality;
  if ((dobQuality === 'Full DOB reported' || dobQuality === 'Approximate or partial DOB reported') && !r.dob)
    issue(['dob'], 'Enter the date of birth (an approximate one if partial)');
  if (isMissingReason(dobQuality) && r.dob)
    issue(['hmis', 'dobDataQuality'], 'A date of birth is entered: choose full or partial');
  const nameQuality = hmis.nameDataQuality;
  if (nameQuality === 'Full name reported' && (!hmis.firstName || !hmis.lastName))
    issue(['hmis', 'nameDataQuality'], 'A full name needs the first and the last name');
  if (isMissingReason(nameQuality) && (hmis.firstName || hmis.lastName))
    issue(['hmis', 'nameDataQuality'], 'A name is entered: choose full or partial');
}

/** The spec's 'ROI signed' follows the consent once it is answered (issue 17). */
function roiFromConsent<T extends Shape>(r: T): T {
  if (r.consent.shareWithHmis === 'No') return { ...r, roSigned: 'No' };
  if (r.consent.shareWithHmis === 'Yes') return { ...r, roSigned: r.consent.method === 'Signed' ? 'Yes' : 'No' };
  return r;
}

export const MEDIA_CONSENT_PHOTO = 'No image can be attached: the client has not consented to photos.';
export const MEDIA_CONSENT_VIDEO = 'No video can be attached: the client has not consented to video.';

/**
 * Why the report's media may not be kept (issue 17), or null: an image needs the client's 'Yes'
 * to photos and a video their 'Yes' to video, whatever else the consent says or leaves unanswered
 * (docs/decisions/0013, amended 2026-11-25).
 */
export function mediaConsentProblem(r: {
  imageUrl: string;
  videoUrl: string;
  consent: { photo: string; video: string };
}) {
  if (r.imageUrl && r.consent.photo !== 'Yes') return MEDIA_CONSENT_PHOTO;
  if (r.videoUrl && r.consent.video !== 'Yes') return MEDIA_CONSENT_VIDEO;
  return null;
}

/** The report fields (no userId): the form's schema. */
export const reportFields = z.strictObject(reportShape).superRefine(hmisRules).overwrite(roiFromConsent);
export type ReportFields = z.output<typeof reportFields>;
export type ReportFieldsInput = z.input<typeof reportFields>;

/** POST /api/reports (spec §7). A `userId` in the body is accepted and dropped. */
export const reportBody = z
  .strictObject({ ...reportShape, userId: z.unknown().optional() })
  .superRefine(hmisRules)
  .transform(({ userId: _ignored, ...fields }) => roiFromConsent(fields));
export type ReportBody = z.input<typeof reportBody>;

/** A report with every field empty: the form's starting point. */
export const emptyReport = (): ReportFields => reportFields.parse({});

export const createReportResponse = z.object({ _id: z.string() });

/** The SSN as admins see it unless revealed (ARCHITECTURE §5): '***-**-1234' ('***-**-x234' if partial), or ''. */
export const maskedSsn = z.string().regex(/^(?:\*\*\*-\*\*-[\dx]{4})?$/);
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

/** Columns the report lists sort by (ARCHITECTURE §4): never a sealed one. */
export const REPORT_SORTS = ['createdAt', 'clientName', 'projectStartDate'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** GET /api/reports and /api/reports/mine: q is a case-insensitive part of the client's name. */
export const reportListQuery = sortedListQuery(REPORT_SORTS);
export type ReportListQuery = z.infer<typeof reportListQuery>;
