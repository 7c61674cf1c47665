import { createHash } from 'node:crypto';
import type { INCOME_SOURCES } from '@portal/contract';
import { type ReportFields } from '@portal/contract';
import {
  type HmisFileName,
  hmisCode,
  hmisHeader,
  type HmisListCode,
  NO_YES_MISSING,
  PROJECT_TYPE_STREET_OUTREACH,
} from './spec';

/**
 * Issue 17, part 3: one intake report as the rows of an HMIS CSV (FY2026) export. Every value is
 * the text of its CSV cell ('' is empty). The HUD element numbers cited (3.01, 4.12…) are those
 * of the FY2026 HMIS Data Standards; the lists are HMIS_LISTS (spec.ts).
 *
 * Unanswered questions are 99 "Data not collected" wherever the column takes list 1.8 or a list
 * with that answer: the report was filed without it, which is what 99 means.
 */

export type HmisRow = Record<string, string>;

/** The rows one report contributes, by file. */
export type ReportRows = Partial<Record<HmisFileName, HmisRow[]>>;

export interface HmisReport {
  id: string;
  userId: string | null;
  createdAt: Date;
  fields: ReportFields;
}

export interface ExportContext {
  exportId: string;
  projectId: string;
  cocCode: string | undefined;
}

/** The UserID of records whose author's account is gone (User.csv has a row for it). */
export const DELETED_USER_ID = 'deleted-user';

/**
 * IDs stay the same from one export to the next, so an HMIS importing two periods that overlap
 * de-duplicates instead of doubling a client. PersonalID is the report id; the rest are derived
 * from it by SHA-256, cut to the 32 characters of HUD's S32.
 */
export const hmisId = (kind: string, reportId: string) =>
  kind === 'Personal'
    ? reportId.replaceAll('-', '')
    : createHash('sha256').update(`${kind}:${reportId}`).digest('hex').slice(0, 32);

export const userHmisId = (userId: string | null) => (userId ? userId.replaceAll('-', '') : DELETED_USER_ID);

/** D: YYYY-MM-DD. T: YYYY-MM-DD HH:MM:SS (UTC). */
export const hmisDate = (d: Date) => d.toISOString().slice(0, 10);
export const hmisTimestamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

const cell = (v: number | string | undefined | null) => (v === undefined || v === null ? '' : String(v));

/** The spec's Yes/No radio, or its reason for missing data (issue 17's `…Missing`), or 99. */
const noYes = (answer: string, missing: string) =>
  NO_YES_MISSING[(answer || missing) as keyof typeof NO_YES_MISSING] ?? NO_YES_MISSING['Data not collected'];

/** A list's code for an issue-17 answer that carries HUD's own wording; unanswered is 99. */
const listed = (list: HmisListCode, wording: string) => hmisCode(list, wording) ?? 99;

/** An amount as HUD's money: at most two decimals, no separators. */
const money = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));

/** At most `max` characters of a free-text answer (the portal keeps the whole text). */
const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * A row of `file`: every column of its header, in order, empty unless given. A key that is not a
 * column is kept, so that validation refuses it instead of it being lost.
 */
export const record = (file: HmisFileName, values: HmisRow): HmisRow => ({
  ...Object.fromEntries(hmisHeader(file).map((c) => [c, ''])),
  ...values,
});

// --- spec §3's coded answers → HUD lists --------------------------------------------------------

/** 3.15.1 RelationshipToHoH. Each report is a household of one, so unanswered is 'Self'. */
const RELATIONSHIP: Record<string, number> = { Self: 1, Child: 2, Spouse: 3, OtherRelation: 4, NonRelation: 5 };

/** 3.917 Prior Living Situation from the spec's detailed situations, then its coarse one. */
const PRIOR_LIVING: Record<string, number> = {
  PlaceNotMeantForHabitation: 116,
  EmergencyShelter: 101,
  SafeHaven: 118,
  FosterCare: 215,
  Hospital: 206,
  Jail: 207,
  LongTermCare: 225,
  PsychiatricHospital: 204,
  SubstanceAbuse: 205,
  HotelMotel: 314,
  OwnedByClient: 411,
  OwnedByClientSubsidy: 421,
  PermanentHousingProject: 435,
  RentalByClient: 410,
  RentalByClientGPD: 435,
  RentalByClientVASH: 435,
  RentalByClientOtherSubsidy: 435,
  ResidentialProject: 329,
  StayingWithFamily: 335,
  StayingWithFriend: 336,
  TransitionalHousing: 302,
};
const PRIOR_RESIDENCE: Record<string, number> = {
  'Emergency shelter': 101,
  'Foster care home': 215,
  Hospital: 206,
  'Hotel or motel': 314,
  'Jail, prison': 207,
};
/** 3.12.A RentalSubsidyType, for the prior situations that are a rental with a subsidy (435). */
const RENTAL_SUBSIDY: Record<string, number> = {
  RentalByClientGPD: 428,
  RentalByClientVASH: 419,
  RentalByClientOtherSubsidy: 420,
  PermanentHousingProject: 440,
};
/** 3.917.2 LengthOfStay. */
const LENGTH_OF_STAY: Record<string, number> = {
  OneDayOrLess: 10,
  TwoDaysToOneWeek: 11,
  MoreThanOneWeek: 2,
  OneToThreeMonths: 3,
  MoreThanThreeMonths: 4,
  OneYearOrLonger: 5,
};
/**
 * 3.917.4 TimesHomelessPastThreeYears counts "including today": a client met on the street has
 * been homeless at least once, so the spec's '0' (no time before this one) is "One time".
 */
const TIMES_HOMELESS: Record<string, number> = { '0': 1, '1': 1, '2': 2, '3': 3, '4OrMore': 4 };
/** 4.11.A WhenOccurred. */
const DV_WHEN: Record<string, number> = { Within3Months: 1, '3To6Months': 2, '6To12Months': 3, MoreThan12Months: 4 };

/** 3.917.5 MonthsHomelessPastThreeYears: 101 is one month (the current one counts), 113 more than 12. */
function monthsHomeless(months: number | null) {
  if (months === null) return 99;
  return 100 + Math.min(Math.max(months, 1), 13);
}

/** spec §3 races → the FY2026 race and ethnicity columns (3.04); the spec asks no MidEastNAfrican. */
const RACE_COLUMNS: Record<string, string> = {
  'American Indian/Alaska Native or Indigenous': 'AmIndAKNative',
  'Asian or Asian American': 'Asian',
  'Black, African American, or African': 'BlackAfAmerican',
  'Native Hawaiian or Pacific Islander': 'NativeHIPacific',
  White: 'White',
};

/** IncomeBenefits' source columns (4.02), by the spec's income source; each has `<column>Amount` too. */
const INCOME_COLUMNS: Record<(typeof INCOME_SOURCES)[number], string> = {
  earnedIncome: 'Earned',
  unemploymentInsurance: 'Unemployment',
  ssi: 'SSI',
  ssdi: 'SSDI',
  veteranDisabilityService: 'VADisabilityService',
  veteranPension: 'VADisabilityNonService',
  privateDisabilityInsurance: 'PrivateDisability',
  workersCompensation: 'WorkersComp',
  tanf: 'TANF',
  generalAssistance: 'GA',
  retirementSocialSecurity: 'SocSecRetirement',
  pensionRetirementJob: 'Pension',
  childSupport: 'ChildSupport',
  alimonySupport: 'Alimony',
  otherSource: 'OtherIncomeSource',
};
/** OtherIncomeSource's amount column breaks the pattern. */
const amountColumn = (column: string) => (column === 'OtherIncomeSource' ? 'OtherIncomeAmount' : `${column}Amount`);

/** 4.03 non-cash benefits. */
const BENEFIT_COLUMNS: Record<string, string> = {
  SNAP: 'SNAP',
  WIC: 'WIC',
  'TANF child care': 'TANFChildCare',
  'TANF transportation': 'TANFTransportation',
  'other TANF-funded services': 'OtherTANF',
};
/** 4.04 health insurance. */
const INSURANCE_COLUMNS: Record<string, string> = {
  Medicaid: 'Medicaid',
  Medicare: 'Medicare',
  "State Children's Health Insurance": 'SCHIP',
  "Veteran's Administration medical services": 'VHAServices',
  'employer-provided': 'EmployerProvided',
  COBRA: 'COBRA',
  'private pay': 'PrivatePay',
  'state health insurance for adults': 'StateHealthIns',
  'Indian Health Services': 'IndianHealthServices',
  Other: 'OtherInsurance',
};

/** 4.05–4.10: DisabilityType (list 1.3) → the spec's flag. Substance use (10) is answered apart. */
const DISABILITY_FLAGS = [
  [5, 'physicalHealthDisorder'],
  [6, 'developmental'],
  [7, 'chronicHealthCondition'],
  [8, 'hivAids'],
  [9, 'mentalHealthDisorder'],
] as const;
export const SUBSTANCE_USE_DISORDER = 10;

/** Project entry, in list 5.03.1 DataCollectionStage. */
const PROJECT_ENTRY = '1';

/**
 * The enrollment's start: the spec's Project Start Date (3.10). Without it, a street-outreach
 * project starts at the first contact (HUD 3.10 for Street Outreach): the earliest of the
 * contact, the engagement and the day the report was filed.
 */
export function entryDate(r: HmisReport) {
  if (r.fields.projectStartDate) return r.fields.projectStartDate;
  const { contactDate, dateOfEngagement } = r.fields.hmis;
  return [contactDate, dateOfEngagement, hmisDate(r.createdAt)].filter(Boolean).sort()[0]!;
}

/** The rows of one report. */
export function reportRows(r: HmisReport, ctx: ExportContext): ReportRows {
  const f = r.fields;
  const h = f.hmis;
  const personalId = hmisId('Personal', r.id);
  const enrollmentId = hmisId('Enrollment', r.id);
  const entry = entryDate(r);
  const tail = recordTail(r.createdAt, r.userId, ctx.exportId);
  const ofEnrollment = { EnrollmentID: enrollmentId, PersonalID: personalId };

  // 3.04 Race and Ethnicity: a column per race, HispanicLatinao from the spec's ethnicity.
  const races = Object.fromEntries(
    ['AmIndAKNative', 'Asian', 'BlackAfAmerican', 'HispanicLatinao', 'MidEastNAfrican', 'NativeHIPacific', 'White'].map(
      (c) => [c, '0'],
    ),
  );
  for (const race of f.race) if (RACE_COLUMNS[race]) races[RACE_COLUMNS[race]] = '1';
  if (f.ethnicity === 'Hispanic/Latin') races.HispanicLatinao = '1';
  const noRace = Object.values(races).every((v) => v === '0');
  const raceNone = h.raceEthnicityMissing ? listed('1.6', h.raceEthnicityMissing) : noRace ? 99 : '';

  const ssnQuality = h.ssnDataQuality ? listed('3.02.2', h.ssnDataQuality) : f.ssn ? (f.ssn.includes('x') ? 2 : 1) : 99;
  const client = record('Client', {
    PersonalID: personalId,
    FirstName: h.firstName,
    MiddleName: '',
    LastName: h.lastName,
    NameSuffix: '',
    // 3.01.5: a report that never answered it has at most the spec's single "client name".
    NameDataQuality: cell(h.nameDataQuality ? listed('3.01.5', h.nameDataQuality) : 99),
    SSN: f.ssn,
    SSNDataQuality: cell(ssnQuality),
    DOB: f.dob,
    DOBDataQuality: cell(h.dobDataQuality ? listed('3.03.2', h.dobDataQuality) : f.dob ? 1 : 99),
    Sex: cell(h.sex ? listed('4.21', h.sex) : 99),
    ...races,
    RaceNone: cell(raceNone),
    AdditionalRaceEthnicity: '',
    VeteranStatus: cell(noYes(f.veteran, h.veteranMissing)),
    ...tail,
  });

  const detailed = f.homelessSituation || f.institutionalSituation || f.transitionHousingSituation;
  const livingSituation = detailed ? PRIOR_LIVING[detailed] : PRIOR_RESIDENCE[f.residencePriorToProjectEntry];
  const relationship = f.relationshipToHead ? RELATIONSHIP[f.relationshipToHead] : 1;
  const enrollment = record('Enrollment', {
    ...ofEnrollment,
    ProjectID: ctx.projectId,
    EntryDate: entry,
    HouseholdID: hmisId('Household', r.id),
    RelationshipToHoH: cell(relationship),
    // 3.16 Enrollment CoC: asked of the head of household only.
    EnrollmentCoC: relationship === 1 ? (ctx.cocCode ?? '') : '',
    LivingSituation: cell(livingSituation ?? 99),
    RentalSubsidyType: cell(detailed ? RENTAL_SUBSIDY[detailed] : undefined),
    LengthOfStay: cell(LENGTH_OF_STAY[f.stayDuration] ?? 99),
    LOSUnderThreshold: '',
    PreviousStreetESSH: '',
    DateToStreetESSH: f.approximateDateHomelessnessStarted,
    TimesHomelessPastThreeYears: cell(TIMES_HOMELESS[f.numTimesHomelessPast3Years] ?? 99),
    MonthsHomelessPastThreeYears: cell(monthsHomeless(f.totalMonthsHomelessPast3Years)),
    DisablingCondition: cell(noYes(f.disablingCondition, h.disablingConditionMissing)),
    DateOfEngagement: h.dateOfEngagement,
    ...tail,
  });

  return {
    Client: [client],
    Enrollment: [enrollment],
    Disabilities: disabilityRows(r, entry, ofEnrollment, tail),
    IncomeBenefits: [
      record('IncomeBenefits', {
        IncomeBenefitsID: hmisId('IncomeBenefits', r.id),
        ...ofEnrollment,
        InformationDate: entry,
        ...incomeColumns(f),
        DataCollectionStage: PROJECT_ENTRY,
        ...tail,
      }),
    ],
    HealthAndDV: [
      record('HealthAndDV', {
        HealthAndDVID: hmisId('HealthAndDV', r.id),
        ...ofEnrollment,
        InformationDate: entry,
        ...domesticViolence(f),
        DataCollectionStage: PROJECT_ENTRY,
        ...tail,
      }),
    ],
    // 4.12: a street-outreach contact records where the client is living at that contact.
    CurrentLivingSituation: [
      record('CurrentLivingSituation', {
        CurrentLivingSitID: hmisId('CurrentLivingSituation', r.id),
        ...ofEnrollment,
        InformationDate: h.contactDate || entry,
        CurrentLivingSituation: cell(listed('4.12', h.currentLivingSituation)),
        LocationDetails: cut(f.clientLocation, 250),
        ...tail,
      }),
    ],
  };
}

/**
 * 4.05–4.10, one row per disability type at project entry. The flags answer each type once the
 * spec's "Disabling condition" is answered (or a flag is set); before that, each type has the
 * condition's reason for missing data, or 99.
 */
function disabilityRows(r: HmisReport, entry: string, ofEnrollment: HmisRow, tail: HmisRow): HmisRow[] {
  const f = r.fields;
  const flags = f.disabilityType;
  const answered = f.disablingCondition !== '' || Object.values(flags).some(Boolean);
  const missing = cell(noYes('', f.hmis.disablingConditionMissing));
  // 4.10.2 DisabilityResponse for substance use: 1 alcohol, 2 drug, 3 both.
  const alcohol = flags.alcoholUseDisorder || flags.bothAlcoholAndDrug;
  const drug = flags.drugUseDisorder || flags.bothAlcoholAndDrug;
  const substance = alcohol && drug ? 3 : alcohol ? 1 : drug ? 2 : 0;
  const responses: [number, string][] = [
    ...DISABILITY_FLAGS.map(([type, flag]): [number, string] => [type, answered ? (flags[flag] ? '1' : '0') : missing]),
    [SUBSTANCE_USE_DISORDER, answered ? String(substance) : missing],
  ];
  return responses.map(([type, response]) =>
    record('Disabilities', {
      DisabilitiesID: hmisId(`Disabilities:${type}`, r.id),
      ...ofEnrollment,
      InformationDate: entry,
      DisabilityType: String(type),
      DisabilityResponse: response,
      DataCollectionStage: PROJECT_ENTRY,
      ...tail,
    }),
  );
}

/** 4.02 income, 4.03 non-cash benefits, 4.04 health insurance. Sources are 0/1 once the question is a Yes or No. */
function incomeColumns(f: ReportFields): HmisRow {
  const h = f.hmis;
  const row: HmisRow = {};
  const incomeAnswered = f.income.hasIncome !== '';
  row.IncomeFromAnySource = cell(noYes(f.income.hasIncome, h.incomeMissing));
  row.TotalMonthlyIncome = money(f.income.totalMonthlyIncome);
  for (const [source, column] of Object.entries(INCOME_COLUMNS)) {
    const amount = f.income.sources[source as keyof typeof f.income.sources];
    row[column] = incomeAnswered ? (amount !== null && amount > 0 ? '1' : '0') : '';
    row[amountColumn(column)] = money(amount);
  }
  row.OtherIncomeSourceIdentify = '';

  const benefitsAnswered = f.nonCashBenefits.hasNonCashBenefits !== '';
  row.BenefitsFromAnySource = cell(noYes(f.nonCashBenefits.hasNonCashBenefits, h.nonCashBenefitsMissing));
  for (const [source, column] of Object.entries(BENEFIT_COLUMNS))
    row[column] = benefitsAnswered ? (f.nonCashBenefits.sources.includes(source as never) ? '1' : '0') : '';
  row.OtherBenefitsSource = benefitsAnswered ? '0' : '';
  row.OtherBenefitsSourceIdentify = '';

  const insuranceAnswered = f.medicalInsurance !== '';
  row.InsuranceFromAnySource = cell(noYes(f.medicalInsurance, h.healthInsuranceMissing));
  for (const [source, column] of Object.entries(INSURANCE_COLUMNS)) {
    row[column] = insuranceAnswered ? (f.sourceOfHealthInsurance.includes(source as never) ? '1' : '0') : '';
  }
  row.OtherInsuranceIdentify = cut(f.otherInsurance, 50);
  return row;
}

/** 4.11 domestic violence: when it occurred and whether fleeing are asked of survivors only. */
function domesticViolence(f: ReportFields): HmisRow {
  const h = f.hmis;
  const survivor = noYes(f.domesticViolence.isVictim, h.domesticViolenceMissing);
  const asked = survivor === 1;
  return {
    DomesticViolenceSurvivor: cell(survivor),
    WhenOccurred: asked
      ? cell(DV_WHEN[f.domesticViolence.whenOccurred] ?? noYes('', h.domesticViolenceWhenMissing))
      : '',
    CurrentlyFleeing: asked ? cell(noYes(f.domesticViolence.currentlyFleeing, h.currentlyFleeingMissing)) : '',
  };
}

// --- the board's own records ---------------------------------------------------------------------

export interface BoardContext extends ExportContext {
  organizationName: string;
  geocode: string | undefined;
  /** The project's first day: the day the first report was filed. */
  operatingStartDate: string;
  /** The admin exporting: the author of Organization, Project and the rest. */
  userId: string;
  now: Date;
}

/** DateCreated, DateUpdated, UserID, DateDeleted, ExportID: the columns that end every record file. */
const recordTail = (created: Date, userId: string | null, exportId: string) => {
  const stamp = hmisTimestamp(created);
  return { DateCreated: stamp, DateUpdated: stamp, UserID: userHmisId(userId), DateDeleted: '', ExportID: exportId };
};

/** Organization, Project, ProjectCoC (with a geocode) and HMISParticipation: the board as one Street Outreach project. */
export function boardRows(b: BoardContext): ReportRows {
  const tail = recordTail(b.now, b.userId, b.exportId);
  const organizationId = hmisOrganizationId(b.projectId);
  const rows: ReportRows = {
    Organization: [
      record('Organization', {
        OrganizationID: organizationId,
        OrganizationName: b.organizationName,
        VictimServiceProvider: '0',
        OrganizationCommonName: '',
        ...tail,
      }),
    ],
    Project: [
      record('Project', {
        ProjectID: b.projectId,
        OrganizationID: organizationId,
        ProjectName: cut(`${b.organizationName} Street Outreach`, 200),
        ProjectCommonName: '',
        OperatingStartDate: b.operatingStartDate,
        OperatingEndDate: '',
        // 2.02.5 Continuum Project: part of the CoC when the CoC is configured.
        ContinuumProject: b.cocCode ? '1' : '0',
        ProjectType: String(PROJECT_TYPE_STREET_OUTREACH),
        TargetPopulation: '4',
        ...tail,
      }),
    ],
    HMISParticipation: [
      record('HMISParticipation', {
        HMISParticipationID: hmisId('HMISParticipation', b.projectId),
        ProjectID: b.projectId,
        // 2.08.1: 1 HMIS Participating.
        HMISParticipationType: '1',
        HMISParticipationStatusStartDate: b.operatingStartDate,
        HMISParticipationStatusEndDate: '',
        ...tail,
      }),
    ],
  };
  if (b.cocCode && b.geocode) {
    rows.ProjectCoC = [
      record('ProjectCoC', {
        ProjectCoCID: hmisId('ProjectCoC', b.projectId),
        ProjectID: b.projectId,
        CoCCode: b.cocCode,
        Geocode: b.geocode,
        ...tail,
      }),
    ];
  }
  return rows;
}

export const hmisOrganizationId = (projectId: string) => `org-${projectId}`;

/** A User.csv row: the portal's account, its name split at the first space. */
export function userRow(
  user: { id: string; name: string; email: string; createdAt: Date; updatedAt: Date },
  exportId: string,
): HmisRow {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return record('User', {
    UserID: userHmisId(user.id),
    UserFirstName: cut(first, 50),
    UserLastName: cut(rest.join(' '), 50),
    UserEmail: user.email,
    DateCreated: hmisTimestamp(user.createdAt),
    DateUpdated: hmisTimestamp(user.updatedAt),
    DateDeleted: '',
    ExportID: exportId,
  });
}

/** The User.csv row standing for accounts deleted since they filed a report. */
export function deletedUserRow(exportId: string, now: Date): HmisRow {
  const stamp = hmisTimestamp(now);
  return record('User', { UserID: DELETED_USER_ID, DateCreated: stamp, DateUpdated: stamp, ExportID: exportId });
}
