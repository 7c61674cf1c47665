/**
 * The option sets of the 'Report a Homeless' intake form, exactly as spec §3 lists them. The
 * values are what the API stores and sends; `REPORT_OPTION_LABELS` gives the wording a person
 * reads where a value is a code (e.g. `PlaceNotMeantForHabitation`).
 */

export const YES_NO = ['Yes', 'No'] as const;

export const RACES = [
  'American Indian/Alaska Native or Indigenous',
  'Asian or Asian American',
  'Black, African American, or African',
  'Native Hawaiian or Pacific Islander',
  'White',
] as const;

export const ETHNICITIES = ['Hispanic/Latin', 'Non-Hispanic/Latin'] as const;

export const GENDERS = [
  'Female',
  'Male',
  'Transgender',
  'a gender not singularly Female or Male',
  'Questioning',
] as const;

export const RELATIONSHIPS_TO_HEAD = ['Self', 'Child', 'Spouse', 'OtherRelation', 'NonRelation'] as const;

/** spec §3 lists 'Jail, prison' as one choice (the HMIS category "Jail, prison or juvenile detention"). */
export const RESIDENCES_PRIOR_TO_ENTRY = [
  'Emergency shelter',
  'Foster care home',
  'Hospital',
  'Hotel or motel',
  'Jail, prison',
] as const;

export const HOMELESS_SITUATIONS = ['PlaceNotMeantForHabitation', 'EmergencyShelter', 'SafeHaven'] as const;

export const INSTITUTIONAL_SITUATIONS = [
  'FosterCare',
  'Hospital',
  'Jail',
  'LongTermCare',
  'PsychiatricHospital',
  'SubstanceAbuse',
] as const;

export const TRANSITION_HOUSING_SITUATIONS = [
  'HotelMotel',
  'OwnedByClient',
  'OwnedByClientSubsidy',
  'PermanentHousingProject',
  'RentalByClient',
  'RentalByClientGPD',
  'RentalByClientVASH',
  'RentalByClientOtherSubsidy',
  'ResidentialProject',
  'StayingWithFamily',
  'StayingWithFriend',
  'TransitionalHousing',
] as const;

export const STAY_DURATIONS = [
  'OneDayOrLess',
  'TwoDaysToOneWeek',
  'MoreThanOneWeek',
  'OneToThreeMonths',
  'MoreThanThreeMonths',
  'OneYearOrLonger',
] as const;

export const TIMES_HOMELESS_PAST_3_YEARS = ['0', '1', '2', '3', '4OrMore'] as const;

export const HEALTH_INSURANCE_SOURCES = [
  'Medicaid',
  'Medicare',
  "State Children's Health Insurance",
  "Veteran's Administration medical services",
  'employer-provided',
  'COBRA',
  'private pay',
  'state health insurance for adults',
  'Indian Health Services',
  'Other',
] as const;

export const NON_CASH_BENEFIT_SOURCES = [
  'SNAP',
  'WIC',
  'TANF child care',
  'TANF transportation',
  'other TANF-funded services',
] as const;

export const DOMESTIC_VIOLENCE_WHEN = ['Within3Months', '3To6Months', '6To12Months', 'MoreThan12Months'] as const;

export const OFFENSE_LEVELS = ['Level1', 'Level2', 'Level3'] as const;

export const EDUCATION_LEVELS = [
  'NoSchooling',
  'NurseryTo4th',
  '5thTo6th',
  '7thTo8th',
  '9thTo11th',
  '12thNoGraduation',
  'HighSchoolGraduate',
  'GED',
  'SomeCollege',
  'AssociateDegree',
  'BachelorDegree',
  'GraduateDegree',
] as const;

/** The disability flags of `disabilityType`, in the order of spec §3. */
export const DISABILITY_TYPES = [
  'alcoholUseDisorder',
  'bothAlcoholAndDrug',
  'drugUseDisorder',
  'chronicHealthCondition',
  'developmental',
  'hivAids',
  'mentalHealthDisorder',
  'physicalHealthDisorder',
] as const;

/** Income sources (amounts); spec §3 shows the first four on its form, so they come first. */
export const INCOME_SOURCES = [
  'earnedIncome',
  'unemploymentInsurance',
  'ssdi',
  'ssi',
  'veteranDisabilityService',
  'privateDisabilityInsurance',
  'workersCompensation',
  'tanf',
  'generalAssistance',
  'retirementSocialSecurity',
  'veteranPension',
  'pensionRetirementJob',
  'childSupport',
  'alimonySupport',
  'otherSource',
] as const;

/** Reasons for homelessness (flags); spec §3 shows the first four on its form. */
export const HOMELESSNESS_REASONS = [
  'doubledUp',
  'evictionWithin2Weeks',
  'lostHousingWithin2Weeks',
  'unfit',
  'lostAssistance',
  'mentalHealthEmergency',
  'substanceUseEmergency',
  'releasedFromPrison',
  'otherCriminalJustice',
  'utilitiesShutOff',
] as const;

/** What a person reads for a coded value or a flag; values not listed read as themselves. */
export const REPORT_OPTION_LABELS: Record<string, string> = {
  OtherRelation: 'Other relation',
  NonRelation: 'Non-relation',
  PlaceNotMeantForHabitation: 'Place not meant for habitation',
  EmergencyShelter: 'Emergency shelter',
  SafeHaven: 'Safe haven',
  FosterCare: 'Foster care',
  LongTermCare: 'Long-term care facility',
  PsychiatricHospital: 'Psychiatric hospital',
  SubstanceAbuse: 'Substance abuse treatment facility',
  HotelMotel: 'Hotel or motel',
  OwnedByClient: 'Owned by client, no subsidy',
  OwnedByClientSubsidy: 'Owned by client, with subsidy',
  PermanentHousingProject: 'Permanent housing project',
  RentalByClient: 'Rental by client, no subsidy',
  RentalByClientGPD: 'Rental by client, GPD subsidy',
  RentalByClientVASH: 'Rental by client, VASH subsidy',
  RentalByClientOtherSubsidy: 'Rental by client, other subsidy',
  ResidentialProject: 'Residential project',
  StayingWithFamily: 'Staying with family',
  StayingWithFriend: 'Staying with friend',
  TransitionalHousing: 'Transitional housing',
  OneDayOrLess: 'One day or less',
  TwoDaysToOneWeek: 'Two days to one week',
  MoreThanOneWeek: 'More than one week',
  OneToThreeMonths: 'One to three months',
  MoreThanThreeMonths: 'More than three months',
  OneYearOrLonger: 'One year or longer',
  '4OrMore': '4 or more',
  Within3Months: 'Within 3 months',
  '3To6Months': '3 to 6 months',
  '6To12Months': '6 to 12 months',
  MoreThan12Months: 'More than 12 months',
  Level1: 'Level 1',
  Level2: 'Level 2',
  Level3: 'Level 3',
  NoSchooling: 'No schooling',
  NurseryTo4th: 'Nursery to 4th grade',
  '5thTo6th': '5th to 6th grade',
  '7thTo8th': '7th to 8th grade',
  '9thTo11th': '9th to 11th grade',
  '12thNoGraduation': '12th grade, no diploma',
  HighSchoolGraduate: 'High school graduate',
  GED: 'GED',
  SomeCollege: 'Some college',
  AssociateDegree: "Associate's degree",
  BachelorDegree: "Bachelor's degree",
  GraduateDegree: 'Graduate degree',
  alcoholUseDisorder: 'Alcohol use disorder',
  bothAlcoholAndDrug: 'Both alcohol and drug use disorders',
  drugUseDisorder: 'Drug use disorder',
  chronicHealthCondition: 'Chronic health condition',
  developmental: 'Developmental disability',
  hivAids: 'HIV/AIDS',
  mentalHealthDisorder: 'Mental health disorder',
  physicalHealthDisorder: 'Physical disability',
  earnedIncome: 'Earned income',
  unemploymentInsurance: 'Unemployment insurance',
  ssdi: 'SSDI',
  ssi: 'SSI',
  veteranDisabilityService: "Veteran's disability service",
  privateDisabilityInsurance: 'Private disability insurance',
  workersCompensation: "Worker's compensation",
  tanf: 'TANF',
  generalAssistance: 'General assistance',
  retirementSocialSecurity: 'Retirement (Social Security)',
  veteranPension: "Veteran's pension",
  pensionRetirementJob: 'Pension or retirement income from a former job',
  childSupport: 'Child support',
  alimonySupport: 'Alimony or other spousal support',
  otherSource: 'Other source',
  doubledUp: 'Doubled up',
  evictionWithin2Weeks: 'Eviction within 2 weeks',
  lostHousingWithin2Weeks: 'Lost housing within 2 weeks',
  unfit: 'Housing unfit for habitation',
  lostAssistance: 'Lost housing assistance',
  mentalHealthEmergency: 'Mental health emergency',
  substanceUseEmergency: 'Substance use emergency',
  releasedFromPrison: 'Released from prison',
  otherCriminalJustice: 'Other criminal justice',
  utilitiesShutOff: 'Utilities shut off',
};

export const optionLabel = (value: string): string => REPORT_OPTION_LABELS[value] ?? value;
