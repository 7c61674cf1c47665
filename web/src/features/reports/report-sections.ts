import {
  CONSENT_METHODS,
  CURRENT_LIVING_SITUATIONS,
  DISABILITY_TYPES,
  DOB_DATA_QUALITY,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  SEX,
  SSN_DATA_QUALITY,
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
  optionLabel,
  RACES,
  RELATIONSHIPS_TO_HEAD,
  RESIDENCES_PRIOR_TO_ENTRY,
  STAY_DURATIONS,
  TIMES_HOMELESS_PAST_3_YEARS,
  TRANSITION_HOUSING_SITUATIONS,
} from '@portal/contract';

/**
 * Every field of the Report entity (spec §3), grouped as the form shows them and the details
 * table lists them. ARCHITECTURE §6: every field gets an input; the spec's four income sources
 * and four reasons come first in their groups (the contract's lists are in that order).
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
  label: string;
  kind: FieldKind;
  options?: readonly string[];
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
  title: string;
  /** Sub-heading for a run of flags or amounts inside the section. */
  fields: (ReportField | SubHeading)[];
}

export interface SubHeading {
  heading: string;
  showIf?: readonly ShowIf[];
}

const f = (name: string, label: string, kind: FieldKind, options?: readonly string[]): ReportField => ({
  name,
  label,
  kind,
  options,
});

/** `field`, asked only when the answer at `name` is Yes (or any of several answers holds). */
const when = (field: ReportField, ...conditions: ShowIf[]): ReportField => ({ ...field, showIf: conditions });
const yes = (name: string): ShowIf => ({ name, is: 'Yes' });

/** Issue 17: consent comes before any personal field; the form shows it first. */
export const CONSENT_SECTION: ReportSection = {
  title: 'Consent',
  fields: [
    f('consent.shareWithHmis', 'Consent to Share with HMIS', 'yesNo'),
    when(f('consent.method', 'Consent Method', 'select', CONSENT_METHODS), yes('consent.shareWithHmis')),
    when(f('consent.witnessName', 'Witness Name', 'text'), { name: 'consent.method', is: 'Verbal with a witness' }),
    when(f('consent.date', 'Consent Date', 'date'), yes('consent.shareWithHmis')),
    f('consent.photo', 'Consent to Photos', 'yesNo'),
    f('consent.video', 'Consent to Video', 'yesNo'),
  ],
};

/** Issue 17: the HUD FY2026 answers the spec's form lacks, below the spec's sections. */
export const HMIS_SECTION: ReportSection = {
  title: 'HMIS details',
  fields: [
    f('hmis.firstName', 'First Name', 'text'),
    f('hmis.lastName', 'Last Name', 'text'),
    f('hmis.nameDataQuality', 'Name Data Quality', 'select', NAME_DATA_QUALITY),
    f('hmis.ssnDataQuality', 'SSN Data Quality', 'select', SSN_DATA_QUALITY),
    f('hmis.dobDataQuality', 'DOB Data Quality', 'select', DOB_DATA_QUALITY),
    f('hmis.sex', 'Sex', 'select', SEX),
    { heading: 'If a question above is unanswered, why' },
    f('hmis.veteranMissing', 'Veteran Status Unanswered', 'select', MISSING_REASONS),
    f('hmis.disablingConditionMissing', 'Disabling Condition Unanswered', 'select', MISSING_REASONS),
    f('hmis.raceEthnicityMissing', 'Race and Ethnicity Unanswered', 'select', MISSING_REASONS),
    f('hmis.healthInsuranceMissing', 'Health Insurance Unanswered', 'select', MISSING_REASONS),
    f('hmis.incomeMissing', 'Income Unanswered', 'select', MISSING_REASONS),
    f('hmis.nonCashBenefitsMissing', 'Non-Cash Benefits Unanswered', 'select', MISSING_REASONS),
    f('hmis.domesticViolenceMissing', 'Domestic Violence Unanswered', 'select', MISSING_REASONS),
    when(
      f('hmis.domesticViolenceWhenMissing', 'When Domestic Violence Occurred Unanswered', 'select', MISSING_REASONS),
      yes('domesticViolence.isVictim'),
    ),
    when(
      f('hmis.currentlyFleeingMissing', 'Currently Fleeing Unanswered', 'select', MISSING_REASONS),
      yes('domesticViolence.isVictim'),
    ),
    { heading: 'Street Outreach Contact' },
    f('hmis.dateOfEngagement', 'Date of Engagement', 'date'),
    f('hmis.contactDate', 'Date of Contact', 'date'),
    f('hmis.currentLivingSituation', 'Current Living Situation', 'select', CURRENT_LIVING_SITUATIONS),
  ],
};

/** The residence before project entry was one of `residences` (the spec's choices). */
const priorWas = (...residences: (typeof RESIDENCES_PRIOR_TO_ENTRY)[number][]): ShowIf[] =>
  residences.map((is) => ({ name: 'residencePriorToProjectEntry', is }));

/** The officer's name and phone: asked when the client is on probation or on parole. */
const SUPERVISED = [yes('probationParole.onProbation'), yes('probationParole.onParole')];

export const REPORT_SECTIONS: ReportSection[] = [
  CONSENT_SECTION,
  {
    title: 'Client',
    fields: [
      f('clientName', 'Client Name', 'text'),
      f('hvIsClientId', 'HV/IS Client ID', 'text'),
      f('projectStartDate', 'Project Start Date', 'date'),
      f('roSigned', 'Release of Information Signed', 'yesNo'),
      f('ssn', 'Social Security Number', 'ssn'),
      f('dob', 'Date of Birth', 'date'),
      f('clientLocation', 'Client Location', 'text'),
    ],
  },
  {
    title: 'Demographics',
    fields: [
      f('veteran', 'Veteran', 'yesNo'),
      f('race', 'Race', 'checkboxes', RACES),
      f('ethnicity', 'Ethnicity', 'select', ETHNICITIES),
      f('gender', 'Gender', 'checkboxes', GENDERS),
      f('relationshipToHead', 'Relationship to Head of Household', 'select', RELATIONSHIPS_TO_HEAD),
    ],
  },
  {
    title: 'Living Situation and History',
    fields: [
      f('residencePriorToProjectEntry', 'Residence Prior to Project Entry', 'select', RESIDENCES_PRIOR_TO_ENTRY),
      // HUD 3.917.1: the situation is asked in the group the residence before entry belongs to.
      when(
        f('homelessSituation', 'Homeless Situation', 'select', HOMELESS_SITUATIONS),
        ...priorWas('Emergency shelter'),
      ),
      when(
        f('institutionalSituation', 'Institutional Situation', 'select', INSTITUTIONAL_SITUATIONS),
        ...priorWas('Foster care home', 'Hospital', 'Jail, prison'),
      ),
      when(
        f(
          'transitionHousingSituation',
          'Transitional or Permanent Housing Situation',
          'select',
          TRANSITION_HOUSING_SITUATIONS,
        ),
        ...priorWas('Hotel or motel'),
      ),
      f('stayDuration', 'Length of Stay', 'select', STAY_DURATIONS),
      f('approximateDateHomelessnessStarted', 'Approximate Date Homelessness Started', 'date'),
      f('numTimesHomelessPast3Years', 'Times Homeless in the Past 3 Years', 'select', TIMES_HOMELESS_PAST_3_YEARS),
      f('totalMonthsHomelessPast3Years', 'Total Months Homeless in the Past 3 Years', 'months'),
      f('zipLastPermanentAddress', 'ZIP Code of Last Permanent Address', 'zip'),
    ],
  },
  {
    title: 'Disabilities and Health Insurance',
    fields: [
      f('disablingCondition', 'Disabling Condition', 'yesNo'),
      { heading: 'Disability Type', showIf: [yes('disablingCondition')] },
      ...DISABILITY_TYPES.map((k) => when(f(`disabilityType.${k}`, optionLabel(k), 'flag'), yes('disablingCondition'))),
      f('medicalInsurance', 'Medical Insurance', 'yesNo'),
      when(
        f('sourceOfHealthInsurance', 'Source of Health Insurance', 'checkboxes', HEALTH_INSURANCE_SOURCES),
        yes('medicalInsurance'),
      ),
      when(f('medicalId', 'Medical ID', 'text'), yes('medicalInsurance')),
      when(f('otherInsurance', 'Other Insurance', 'text'), yes('medicalInsurance')),
    ],
  },
  {
    title: 'Income and Non-Cash Benefits',
    fields: [
      f('income.hasIncome', 'Has Income', 'yesNo'),
      when(f('income.totalMonthlyIncome', 'Total Monthly Income', 'money'), yes('income.hasIncome')),
      { heading: 'Monthly Income by Source', showIf: [yes('income.hasIncome')] },
      ...INCOME_SOURCES.map((k) => when(f(`income.sources.${k}`, optionLabel(k), 'money'), yes('income.hasIncome'))),
      f('nonCashBenefits.hasNonCashBenefits', 'Has Non-Cash Benefits', 'yesNo'),
      when(
        f('nonCashBenefits.sources', 'Non-Cash Benefit Sources', 'checkboxes', NON_CASH_BENEFIT_SOURCES),
        yes('nonCashBenefits.hasNonCashBenefits'),
      ),
    ],
  },
  {
    title: 'Domestic Violence',
    fields: [
      f('domesticViolence.isVictim', 'Victim of Domestic Violence', 'yesNo'),
      when(
        f('domesticViolence.whenOccurred', 'When Did It Occur', 'select', DOMESTIC_VIOLENCE_WHEN),
        yes('domesticViolence.isVictim'),
      ),
      when(f('domesticViolence.currentlyFleeing', 'Currently Fleeing', 'yesNo'), yes('domesticViolence.isVictim')),
    ],
  },
  {
    title: 'Reasons for Homelessness',
    fields: HOMELESSNESS_REASONS.map((k) => f(`reasonsForHomelessness.${k}`, optionLabel(k), 'flag')),
  },
  {
    title: 'Justice Involvement',
    fields: [
      f('arrestConvictionRecord.hasRecord', 'Arrest or Conviction Record', 'yesNo'),
      when(
        f('arrestConvictionRecord.details', 'Arrest or Conviction Details', 'textarea'),
        yes('arrestConvictionRecord.hasRecord'),
      ),
      f('probationParole.onProbation', 'On Probation', 'yesNo'),
      f('probationParole.onParole', 'On Parole', 'yesNo'),
      when(f('probationParole.paroleOfficer', 'Probation or Parole Officer', 'text'), ...SUPERVISED),
      when(f('probationParole.phoneNumber', "Officer's Phone Number", 'phone'), ...SUPERVISED),
      f('probationParole.familyMemberOnProbationParole', 'Family Member on Probation or Parole', 'yesNo'),
      when(
        f('probationParole.familyMemberDetails', 'Family Member Details', 'textarea'),
        yes('probationParole.familyMemberOnProbationParole'),
      ),
      f('sexOffender.isConvicted', 'Convicted Sex Offender', 'yesNo'),
      when(f('sexOffender.offenseLevel', 'Offense Level', 'select', OFFENSE_LEVELS), yes('sexOffender.isConvicted')),
    ],
  },
  {
    title: 'Education',
    fields: [
      f('educationSummary', 'Education Summary', 'select', EDUCATION_LEVELS),
      f('educationComments', 'Education Comments', 'textarea'),
      f('mcKinneyVentoLiaison', 'McKinney-Vento Liaison', 'yesNo'),
    ],
  },
  {
    title: 'Contact',
    fields: [f('personalPhoneNumber', 'Personal Phone Number', 'phone'), f('comments', 'Comments', 'textarea')],
  },
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

/** How the details table shows a value. */
export function displayValue(field: ReportField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.kind === 'flag') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => optionLabel(String(v))).join(', ') : '—';
  if (field.kind === 'money' && typeof value === 'number') return `$${value.toFixed(2)}`;
  return optionLabel(String(value));
}

/** Whether a question has an answer: a ticked box, a non-empty list, any value but empty. */
export const isAnswered = (field: ReportField, value: unknown) => {
  if (Array.isArray(value)) return value.length > 0;
  if (field.kind === 'flag') return value === true;
  return value !== null && value !== undefined && value !== '';
};
