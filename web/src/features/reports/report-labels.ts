import {
  CONSENT_METHODS,
  CURRENT_LIVING_SITUATIONS,
  DOB_DATA_QUALITY,
  DOMESTIC_VIOLENCE_WHEN,
  EDUCATION_LEVELS,
  ETHNICITIES,
  GENDERS,
  HEALTH_INSURANCE_SOURCES,
  HOMELESS_SITUATIONS,
  INSTITUTIONAL_SITUATIONS,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  NON_CASH_BENEFIT_SOURCES,
  OFFENSE_LEVELS,
  RACES,
  RELATIONSHIPS_TO_HEAD,
  RESIDENCES_PRIOR_TO_ENTRY,
  SEX,
  SSN_DATA_QUALITY,
  STAY_DURATIONS,
  TIMES_HOMELESS_PAST_3_YEARS,
  TRANSITION_HOUSING_SITUATIONS,
  YES_NO,
} from '@portal/contract';
import type { ReportsKey } from './messages/en';

/**
 * Issue 34: each answer of the intake form as the API takes it (the contract's value, the spec's
 * or HUD's wording or code, which the HMIS CSV export maps) and the message a person reads for it.
 * Only the label is translated; the value sent never changes.
 */
export interface ReportOption {
  value: string;
  label: ReportsKey;
}

/** A list's answers in its order; TypeScript refuses a value of the list left without a label. */
const options = <V extends string>(values: readonly V[], labels: Record<V, ReportsKey>): readonly ReportOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** HUD list 1.8, the reasons an answer is missing. */
const MISSING = {
  "Client doesn't know": 'reports.option.missing.doesNotKnow',
  'Client prefers not to answer': 'reports.option.missing.prefersNotToAnswer',
  'Data not collected': 'reports.option.missing.notCollected',
} as const satisfies Record<(typeof MISSING_REASONS)[number], ReportsKey>;

export const YES_NO_OPTIONS = options(YES_NO, { Yes: 'reports.yes', No: 'reports.no' });

export const CONSENT_METHOD_OPTIONS = options(CONSENT_METHODS, {
  Signed: 'reports.option.consentMethod.signed',
  'Verbal with a witness': 'reports.option.consentMethod.verbalWithWitness',
});

export const MISSING_REASON_OPTIONS = options(MISSING_REASONS, MISSING);

export const NAME_DATA_QUALITY_OPTIONS = options(NAME_DATA_QUALITY, {
  'Full name reported': 'reports.option.nameDataQuality.full',
  'Partial, street name, or code name reported': 'reports.option.nameDataQuality.partial',
  ...MISSING,
});

export const SSN_DATA_QUALITY_OPTIONS = options(SSN_DATA_QUALITY, {
  'Full SSN reported': 'reports.option.ssnDataQuality.full',
  'Approximate or partial SSN reported': 'reports.option.ssnDataQuality.partial',
  ...MISSING,
});

export const DOB_DATA_QUALITY_OPTIONS = options(DOB_DATA_QUALITY, {
  'Full DOB reported': 'reports.option.dobDataQuality.full',
  'Approximate or partial DOB reported': 'reports.option.dobDataQuality.partial',
  ...MISSING,
});

export const SEX_OPTIONS = options(SEX, {
  Female: 'reports.option.sex.female',
  Male: 'reports.option.sex.male',
  ...MISSING,
});

export const CURRENT_LIVING_SITUATION_OPTIONS = options(CURRENT_LIVING_SITUATIONS, {
  'Place not meant for habitation (e.g., a vehicle, an abandoned building, bus/train/subway station/airport or anywhere outside)':
    'reports.option.currentLiving.placeNotMeant',
  'Emergency shelter, including hotel or motel paid for with emergency shelter voucher, or Host Home shelter':
    'reports.option.currentLiving.emergencyShelter',
  'Safe Haven': 'reports.option.currentLiving.safeHaven',
  'Psychiatric hospital or other psychiatric facility': 'reports.option.currentLiving.psychiatric',
  'Substance abuse treatment facility or detox center': 'reports.option.currentLiving.substanceAbuse',
  'Hospital or other residential non-psychiatric medical facility': 'reports.option.currentLiving.hospital',
  'Jail, prison or juvenile detention facility': 'reports.option.currentLiving.jail',
  'Foster care home or foster care group home': 'reports.option.currentLiving.fosterCare',
  'Long-term care facility or nursing home': 'reports.option.currentLiving.longTermCare',
  'Transitional housing for homeless persons (including homeless youth)': 'reports.option.currentLiving.transitional',
  'Hotel or motel paid for without emergency shelter voucher': 'reports.option.currentLiving.hotelNoVoucher',
  'Residential project or halfway house with no homeless criteria': 'reports.option.currentLiving.residentialProject',
  'Host Home (non-crisis)': 'reports.option.currentLiving.hostHome',
  'Staying or living in a family member’s room, apartment, or house': 'reports.option.currentLiving.family',
  "Staying or living in a friend's room, apartment or house": 'reports.option.currentLiving.friend',
  'Rental by client, no ongoing housing subsidy': 'reports.option.currentLiving.rentalNoSubsidy',
  'Owned by client, no ongoing housing subsidy': 'reports.option.currentLiving.ownedNoSubsidy',
  'Owned by client, with ongoing housing subsidy': 'reports.option.currentLiving.ownedSubsidy',
  'Rental by client, with ongoing housing subsidy': 'reports.option.currentLiving.rentalSubsidy',
  Other: 'reports.option.currentLiving.other',
  'Worker unable to determine': 'reports.option.currentLiving.workerUnable',
  ...MISSING,
});

export const RACE_OPTIONS = options(RACES, {
  'American Indian/Alaska Native or Indigenous': 'reports.option.race.americanIndian',
  'Asian or Asian American': 'reports.option.race.asian',
  'Black, African American, or African': 'reports.option.race.black',
  'Native Hawaiian or Pacific Islander': 'reports.option.race.nativeHawaiian',
  White: 'reports.option.race.white',
});

export const ETHNICITY_OPTIONS = options(ETHNICITIES, {
  'Hispanic/Latin': 'reports.option.ethnicity.hispanic',
  'Non-Hispanic/Latin': 'reports.option.ethnicity.nonHispanic',
});

export const GENDER_OPTIONS = options(GENDERS, {
  Female: 'reports.option.gender.female',
  Male: 'reports.option.gender.male',
  Transgender: 'reports.option.gender.transgender',
  'a gender not singularly Female or Male': 'reports.option.gender.notSingular',
  Questioning: 'reports.option.gender.questioning',
});

export const RELATIONSHIP_OPTIONS = options(RELATIONSHIPS_TO_HEAD, {
  Self: 'reports.option.relationship.self',
  Child: 'reports.option.relationship.child',
  Spouse: 'reports.option.relationship.spouse',
  OtherRelation: 'reports.option.relationship.otherRelation',
  NonRelation: 'reports.option.relationship.nonRelation',
});

export const RESIDENCE_PRIOR_OPTIONS = options(RESIDENCES_PRIOR_TO_ENTRY, {
  'Emergency shelter': 'reports.option.residencePrior.emergencyShelter',
  'Foster care home': 'reports.option.residencePrior.fosterCare',
  Hospital: 'reports.option.residencePrior.hospital',
  'Hotel or motel': 'reports.option.residencePrior.hotel',
  'Jail, prison': 'reports.option.residencePrior.jail',
});

export const HOMELESS_SITUATION_OPTIONS = options(HOMELESS_SITUATIONS, {
  PlaceNotMeantForHabitation: 'reports.option.homelessSituation.placeNotMeant',
  EmergencyShelter: 'reports.option.homelessSituation.emergencyShelter',
  SafeHaven: 'reports.option.homelessSituation.safeHaven',
});

export const INSTITUTIONAL_SITUATION_OPTIONS = options(INSTITUTIONAL_SITUATIONS, {
  FosterCare: 'reports.option.institutional.fosterCare',
  Hospital: 'reports.option.institutional.hospital',
  Jail: 'reports.option.institutional.jail',
  LongTermCare: 'reports.option.institutional.longTermCare',
  PsychiatricHospital: 'reports.option.institutional.psychiatric',
  SubstanceAbuse: 'reports.option.institutional.substanceAbuse',
});

export const TRANSITION_HOUSING_OPTIONS = options(TRANSITION_HOUSING_SITUATIONS, {
  HotelMotel: 'reports.option.transitionHousing.hotelMotel',
  OwnedByClient: 'reports.option.transitionHousing.owned',
  OwnedByClientSubsidy: 'reports.option.transitionHousing.ownedSubsidy',
  PermanentHousingProject: 'reports.option.transitionHousing.permanentHousing',
  RentalByClient: 'reports.option.transitionHousing.rental',
  RentalByClientGPD: 'reports.option.transitionHousing.rentalGpd',
  RentalByClientVASH: 'reports.option.transitionHousing.rentalVash',
  RentalByClientOtherSubsidy: 'reports.option.transitionHousing.rentalOther',
  ResidentialProject: 'reports.option.transitionHousing.residentialProject',
  StayingWithFamily: 'reports.option.transitionHousing.family',
  StayingWithFriend: 'reports.option.transitionHousing.friend',
  TransitionalHousing: 'reports.option.transitionHousing.transitional',
});

export const STAY_DURATION_OPTIONS = options(STAY_DURATIONS, {
  OneDayOrLess: 'reports.option.stay.oneDayOrLess',
  TwoDaysToOneWeek: 'reports.option.stay.twoDaysToOneWeek',
  MoreThanOneWeek: 'reports.option.stay.moreThanOneWeek',
  OneToThreeMonths: 'reports.option.stay.oneToThreeMonths',
  MoreThanThreeMonths: 'reports.option.stay.moreThanThreeMonths',
  OneYearOrLonger: 'reports.option.stay.oneYearOrLonger',
});

export const TIMES_HOMELESS_OPTIONS = options(TIMES_HOMELESS_PAST_3_YEARS, {
  '0': 'reports.option.timesHomeless.zero',
  '1': 'reports.option.timesHomeless.one',
  '2': 'reports.option.timesHomeless.two',
  '3': 'reports.option.timesHomeless.three',
  '4OrMore': 'reports.option.timesHomeless.fourOrMore',
});

export const HEALTH_INSURANCE_OPTIONS = options(HEALTH_INSURANCE_SOURCES, {
  Medicaid: 'reports.option.insurance.medicaid',
  Medicare: 'reports.option.insurance.medicare',
  "State Children's Health Insurance": 'reports.option.insurance.schip',
  "Veteran's Administration medical services": 'reports.option.insurance.va',
  'employer-provided': 'reports.option.insurance.employer',
  COBRA: 'reports.option.insurance.cobra',
  'private pay': 'reports.option.insurance.privatePay',
  'state health insurance for adults': 'reports.option.insurance.stateAdults',
  'Indian Health Services': 'reports.option.insurance.ihs',
  Other: 'reports.option.insurance.other',
});

export const NON_CASH_BENEFIT_OPTIONS = options(NON_CASH_BENEFIT_SOURCES, {
  SNAP: 'reports.option.nonCash.snap',
  WIC: 'reports.option.nonCash.wic',
  'TANF child care': 'reports.option.nonCash.tanfChildCare',
  'TANF transportation': 'reports.option.nonCash.tanfTransportation',
  'other TANF-funded services': 'reports.option.nonCash.otherTanf',
});

export const DOMESTIC_VIOLENCE_WHEN_OPTIONS = options(DOMESTIC_VIOLENCE_WHEN, {
  Within3Months: 'reports.option.dvWhen.within3Months',
  '3To6Months': 'reports.option.dvWhen.threeTo6Months',
  '6To12Months': 'reports.option.dvWhen.sixTo12Months',
  MoreThan12Months: 'reports.option.dvWhen.moreThan12Months',
});

export const OFFENSE_LEVEL_OPTIONS = options(OFFENSE_LEVELS, {
  Level1: 'reports.option.offense.level1',
  Level2: 'reports.option.offense.level2',
  Level3: 'reports.option.offense.level3',
});

export const EDUCATION_OPTIONS = options(EDUCATION_LEVELS, {
  NoSchooling: 'reports.option.education.none',
  NurseryTo4th: 'reports.option.education.nurseryTo4th',
  '5thTo6th': 'reports.option.education.fifthTo6th',
  '7thTo8th': 'reports.option.education.seventhTo8th',
  '9thTo11th': 'reports.option.education.ninthTo11th',
  '12thNoGraduation': 'reports.option.education.twelfthNoDiploma',
  HighSchoolGraduate: 'reports.option.education.highSchool',
  GED: 'reports.option.education.ged',
  SomeCollege: 'reports.option.education.someCollege',
  AssociateDegree: 'reports.option.education.associate',
  BachelorDegree: 'reports.option.education.bachelor',
  GraduateDegree: 'reports.option.education.graduate',
});
