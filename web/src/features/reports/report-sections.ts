import {
  DISABILITY_TYPES,
  HOMELESSNESS_REASONS,
  INCOME_SOURCES,
  type RESIDENCES_PRIOR_TO_ENTRY,
} from '@portal/contract';
import type { IntlShape } from 'react-intl';
import en, { type ReportsKey } from './messages/en';
import {
  CONSENT_METHOD_OPTIONS,
  CURRENT_LIVING_SITUATION_OPTIONS,
  DOB_DATA_QUALITY_OPTIONS,
  DOMESTIC_VIOLENCE_WHEN_OPTIONS,
  EDUCATION_OPTIONS,
  ETHNICITY_OPTIONS,
  GENDER_OPTIONS,
  HEALTH_INSURANCE_OPTIONS,
  HOMELESS_SITUATION_OPTIONS,
  INSTITUTIONAL_SITUATION_OPTIONS,
  MISSING_REASON_OPTIONS,
  NAME_DATA_QUALITY_OPTIONS,
  NON_CASH_BENEFIT_OPTIONS,
  OFFENSE_LEVEL_OPTIONS,
  RACE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  RESIDENCE_PRIOR_OPTIONS,
  type ReportOption,
  SEX_OPTIONS,
  SSN_DATA_QUALITY_OPTIONS,
  STAY_DURATION_OPTIONS,
  TIMES_HOMELESS_OPTIONS,
  TRANSITION_HOUSING_OPTIONS,
  YES_NO_OPTIONS,
} from './report-labels';

export type { ReportOption } from './report-labels';

/**
 * Every field of the Report entity (spec §3), grouped as the form shows them and the details
 * table lists them. ARCHITECTURE §6: every field gets an input; the spec's four income sources
 * and four reasons come first in their groups (the contract's lists are in that order).
 * Issue 34: a question's label is the message `reports.field.<its name>`; a section's title and a
 * sub-heading are messages too, and each answer has its label (report-labels.ts).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'ssn'
  | 'zip'
  | 'phone'
  | 'money'
  | 'months'
  | 'yesNo'
  | 'select'
  | 'checkboxes'
  | 'flag';

export interface ReportField {
  /** Dotted path in the report body, e.g. `income.sources.ssi`. */
  name: string;
  /** The question, a message key (`reports.field.<name>`). */
  label: ReportsKey;
  kind: FieldKind;
  /** The answers of a choice, each the value sent and the message a person reads. */
  options?: readonly ReportOption[];
  /**
   * Issue 35: asked only when one of these answers holds (HUD HMIS data dependencies, e.g. income
   * sources only with income from any source). Hidden, the field is sent as its empty default.
   */
  showIf?: readonly ShowIf[];
}

/** The answer a question depends on: the field at `name` equals `is`. */
export interface ShowIf {
  name: string;
  is: string;
}

export interface ReportSection {
  /** The title's message. */
  key: ReportsKey;
  /** The title in English, the spec's (which names a section in tests). */
  title: string;
  /** Sub-heading for a run of flags or amounts inside the section. */
  fields: (ReportField | SubHeading)[];
}

export interface SubHeading {
  /** The sub-heading's message. */
  heading: ReportsKey;
  showIf?: readonly ShowIf[];
}

/** The names of the questions that have a label (`reports.field.<name>` in messages/en.ts). */
type FieldName = ReportsKey extends infer Key ? (Key extends `reports.field.${infer Name}` ? Name : never) : never;

const f = (name: FieldName, kind: FieldKind, options?: readonly ReportOption[]): ReportField => ({
  name,
  label: `reports.field.${name}`,
  kind,
  options: options ?? (kind === 'yesNo' ? YES_NO_OPTIONS : undefined),
});

const section = (key: ReportsKey, fields: (ReportField | SubHeading)[]): ReportSection => ({
  key,
  title: en[key],
  fields,
});

/** `field`, asked only when the answer at `name` is Yes (or any of several answers holds). */
const when = (field: ReportField, ...conditions: ShowIf[]): ReportField => ({ ...field, showIf: conditions });
const yes = (name: string): ShowIf => ({ name, is: 'Yes' });

/** Issue 17: consent comes before any personal field; the form shows it first. */
export const CONSENT_SECTION: ReportSection = section('reports.section.consent', [
  f('consent.shareWithHmis', 'yesNo'),
  when(f('consent.method', 'select', CONSENT_METHOD_OPTIONS), yes('consent.shareWithHmis')),
  when(f('consent.witnessName', 'text'), { name: 'consent.method', is: 'Verbal with a witness' }),
  when(f('consent.date', 'date'), yes('consent.shareWithHmis')),
  f('consent.photo', 'yesNo'),
  f('consent.video', 'yesNo'),
]);

/** Issue 17: the HUD FY2026 answers the spec's form lacks, below the spec's sections. */
export const HMIS_SECTION: ReportSection = section('reports.section.hmis', [
  f('hmis.firstName', 'text'),
  f('hmis.lastName', 'text'),
  f('hmis.nameDataQuality', 'select', NAME_DATA_QUALITY_OPTIONS),
  f('hmis.ssnDataQuality', 'select', SSN_DATA_QUALITY_OPTIONS),
  f('hmis.dobDataQuality', 'select', DOB_DATA_QUALITY_OPTIONS),
  f('hmis.sex', 'select', SEX_OPTIONS),
  { heading: 'reports.heading.unansweredWhy' },
  f('hmis.veteranMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.disablingConditionMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.raceEthnicityMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.healthInsuranceMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.incomeMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.nonCashBenefitsMissing', 'select', MISSING_REASON_OPTIONS),
  f('hmis.domesticViolenceMissing', 'select', MISSING_REASON_OPTIONS),
  when(f('hmis.domesticViolenceWhenMissing', 'select', MISSING_REASON_OPTIONS), yes('domesticViolence.isVictim')),
  when(f('hmis.currentlyFleeingMissing', 'select', MISSING_REASON_OPTIONS), yes('domesticViolence.isVictim')),
  { heading: 'reports.heading.streetOutreach' },
  f('hmis.dateOfEngagement', 'date'),
  f('hmis.contactDate', 'date'),
  f('hmis.currentLivingSituation', 'select', CURRENT_LIVING_SITUATION_OPTIONS),
]);

/** The residence before project entry was one of `residences` (the spec's choices). */
const priorWas = (...residences: (typeof RESIDENCES_PRIOR_TO_ENTRY)[number][]): ShowIf[] =>
  residences.map((is) => ({ name: 'residencePriorToProjectEntry', is }));

/** The officer's name and phone: asked when the client is on probation or on parole. */
const SUPERVISED = [yes('probationParole.onProbation'), yes('probationParole.onParole')];

export const REPORT_SECTIONS: ReportSection[] = [
  CONSENT_SECTION,
  section('reports.section.client', [
    f('clientName', 'text'),
    f('hvIsClientId', 'text'),
    f('projectStartDate', 'date'),
    f('roSigned', 'yesNo'),
    f('ssn', 'ssn'),
    f('dob', 'date'),
    f('clientLocation', 'text'),
  ]),
  section('reports.section.demographics', [
    f('veteran', 'yesNo'),
    f('race', 'checkboxes', RACE_OPTIONS),
    f('ethnicity', 'select', ETHNICITY_OPTIONS),
    f('gender', 'checkboxes', GENDER_OPTIONS),
    f('relationshipToHead', 'select', RELATIONSHIP_OPTIONS),
  ]),
  section('reports.section.living', [
    f('residencePriorToProjectEntry', 'select', RESIDENCE_PRIOR_OPTIONS),
    // HUD 3.917.1: the situation is asked in the group the residence before entry belongs to.
    when(f('homelessSituation', 'select', HOMELESS_SITUATION_OPTIONS), ...priorWas('Emergency shelter')),
    when(
      f('institutionalSituation', 'select', INSTITUTIONAL_SITUATION_OPTIONS),
      ...priorWas('Foster care home', 'Hospital', 'Jail, prison'),
    ),
    when(f('transitionHousingSituation', 'select', TRANSITION_HOUSING_OPTIONS), ...priorWas('Hotel or motel')),
    f('stayDuration', 'select', STAY_DURATION_OPTIONS),
    f('approximateDateHomelessnessStarted', 'date'),
    f('numTimesHomelessPast3Years', 'select', TIMES_HOMELESS_OPTIONS),
    f('totalMonthsHomelessPast3Years', 'months'),
    f('zipLastPermanentAddress', 'zip'),
  ]),
  section('reports.section.disabilities', [
    f('disablingCondition', 'yesNo'),
    { heading: 'reports.heading.disabilityType', showIf: [yes('disablingCondition')] },
    ...DISABILITY_TYPES.map((k) => when(f(`disabilityType.${k}`, 'flag'), yes('disablingCondition'))),
    f('medicalInsurance', 'yesNo'),
    when(f('sourceOfHealthInsurance', 'checkboxes', HEALTH_INSURANCE_OPTIONS), yes('medicalInsurance')),
    when(f('medicalId', 'text'), yes('medicalInsurance')),
    when(f('otherInsurance', 'text'), yes('medicalInsurance')),
  ]),
  section('reports.section.income', [
    f('income.hasIncome', 'yesNo'),
    when(f('income.totalMonthlyIncome', 'money'), yes('income.hasIncome')),
    { heading: 'reports.heading.incomeBySource', showIf: [yes('income.hasIncome')] },
    ...INCOME_SOURCES.map((k) => when(f(`income.sources.${k}`, 'money'), yes('income.hasIncome'))),
    f('nonCashBenefits.hasNonCashBenefits', 'yesNo'),
    when(
      f('nonCashBenefits.sources', 'checkboxes', NON_CASH_BENEFIT_OPTIONS),
      yes('nonCashBenefits.hasNonCashBenefits'),
    ),
  ]),
  section('reports.section.domesticViolence', [
    f('domesticViolence.isVictim', 'yesNo'),
    when(
      f('domesticViolence.whenOccurred', 'select', DOMESTIC_VIOLENCE_WHEN_OPTIONS),
      yes('domesticViolence.isVictim'),
    ),
    when(f('domesticViolence.currentlyFleeing', 'yesNo'), yes('domesticViolence.isVictim')),
  ]),
  section(
    'reports.section.reasons',
    HOMELESSNESS_REASONS.map((k) => f(`reasonsForHomelessness.${k}`, 'flag')),
  ),
  section('reports.section.justice', [
    f('arrestConvictionRecord.hasRecord', 'yesNo'),
    when(f('arrestConvictionRecord.details', 'textarea'), yes('arrestConvictionRecord.hasRecord')),
    f('probationParole.onProbation', 'yesNo'),
    f('probationParole.onParole', 'yesNo'),
    when(f('probationParole.paroleOfficer', 'text'), ...SUPERVISED),
    when(f('probationParole.phoneNumber', 'phone'), ...SUPERVISED),
    f('probationParole.familyMemberOnProbationParole', 'yesNo'),
    when(f('probationParole.familyMemberDetails', 'textarea'), yes('probationParole.familyMemberOnProbationParole')),
    f('sexOffender.isConvicted', 'yesNo'),
    when(f('sexOffender.offenseLevel', 'select', OFFENSE_LEVEL_OPTIONS), yes('sexOffender.isConvicted')),
  ]),
  section('reports.section.education', [
    f('educationSummary', 'select', EDUCATION_OPTIONS),
    f('educationComments', 'textarea'),
    f('mcKinneyVentoLiaison', 'yesNo'),
  ]),
  section('reports.section.contact', [f('personalPhoneNumber', 'phone'), f('comments', 'textarea')]),
  HMIS_SECTION,
];

export const isField = (item: ReportField | SubHeading): item is ReportField => 'name' in item;

/** Whether a question (or sub-heading) applies to these answers: it has no condition, or one holds. */
export const isShown = (item: ReportField | SubHeading, values: unknown) =>
  !item.showIf || item.showIf.some((c) => valueAt(values, c.name) === c.is);

/**
 * The answers as they are sent: each question that does not apply gets its empty default (from
 * `empty`, the contract's emptyReport), never what was typed before its answer changed. One pass
 * in form order, so a question hidden by a hidden one (Witness Name behind Consent Method) goes too.
 */
export function withoutHidden<T>(values: T, empty: unknown): { values: T; cleared: string[] } {
  const copy = structuredClone(values);
  const cleared: string[] = [];
  for (const field of REPORT_SECTIONS.flatMap((s) => s.fields).filter(isField)) {
    if (isShown(field, copy)) continue;
    const fallback = valueAt(empty, field.name);
    if (JSON.stringify(valueAt(copy, field.name)) === JSON.stringify(fallback)) continue;
    setAt(copy, field.name, structuredClone(fallback));
    cleared.push(field.name);
  }
  return { values: copy, cleared };
}

function setAt(target: unknown, name: string, value: unknown) {
  const keys = name.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    target as Record<string, unknown>,
  );
  parent[last] = value;
}

/** Reads a dotted path of a report. */
export function valueAt(report: unknown, name: string): unknown {
  return name.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], report);
}

/** What the review and the details table show for no answer: a mark, the same in every language. */
export const NO_ANSWER = '—';

/** What a person reads for an answer: its option's label, else the value as it is (typed text, a date). */
function answerLabel(field: ReportField, value: unknown, t: (key: ReportsKey) => string): string {
  const option = field.options?.find((o) => o.value === String(value));
  return option ? t(option.label) : String(value);
}

/**
 * How the details table and the review show a value, in the screens' language: the answers'
 * labels, amounts and numbers as Intl writes them. Typed text and dates are shown as they are.
 */
export function displayValue(
  field: ReportField,
  value: unknown,
  t: (key: ReportsKey) => string,
  intl: Pick<IntlShape, 'formatList' | 'formatNumber'>,
): string {
  if (value === null || value === undefined || value === '') return NO_ANSWER;
  if (field.kind === 'flag') return t(value ? 'reports.yes' : 'reports.no');
  if (Array.isArray(value)) {
    return value.length
      ? intl.formatList(
          value.map((v) => answerLabel(field, v, t)),
          { type: 'unit', style: 'short' },
        )
      : NO_ANSWER;
  }
  if (field.kind === 'money' && typeof value === 'number') {
    return intl.formatNumber(value, { style: 'currency', currency: 'USD' });
  }
  if (typeof value === 'number') return intl.formatNumber(value);
  return answerLabel(field, value, t);
}

/** Whether a question has an answer: a ticked box, a non-empty list, any value but empty. */
export const isAnswered = (field: ReportField, value: unknown) => {
  if (Array.isArray(value)) return value.length > 0;
  if (field.kind === 'flag') return value === true;
  return value !== null && value !== undefined && value !== '';
};
