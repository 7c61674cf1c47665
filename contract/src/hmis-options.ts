/**
 * Option sets of the intake's consent and "HMIS details" sections (issue 17). Unlike the spec's
 * option sets (report-options.ts), each value is the wording of the HUD FY2026 HMIS list it
 * answers, exactly, so a person reads the standard's own words and the HMIS CSV export maps a
 * value to its list code by that wording (server/src/domains/hmis/spec.ts, HMIS_LISTS; source:
 * greenriver/hmis-warehouse lib/data/2026_hud_lists.json).
 */

/** List 1.8's reasons for missing data: 8, 9 and 99. */
export const MISSING_REASONS = ["Client doesn't know", 'Client prefers not to answer', 'Data not collected'] as const;

/** List 3.01.5 NameDataQuality: 1, 2, 8, 9, 99. */
export const NAME_DATA_QUALITY = [
  'Full name reported',
  'Partial, street name, or code name reported',
  ...MISSING_REASONS,
] as const;

/** List 3.02.2 SSNDataQuality: 1, 2, 8, 9, 99. A partial SSN marks unknown digits with `x`. */
export const SSN_DATA_QUALITY = [
  'Full SSN reported',
  'Approximate or partial SSN reported',
  ...MISSING_REASONS,
] as const;

/** List 3.03.2 DOBDataQuality: 1, 2, 8, 9, 99. */
export const DOB_DATA_QUALITY = [
  'Full DOB reported',
  'Approximate or partial DOB reported',
  ...MISSING_REASONS,
] as const;

/** List 4.21 Sex (FY2026; replaces the Gender columns of 3.06 in the CSV): 0, 1, 8, 9, 99. */
export const SEX = ['Female', 'Male', ...MISSING_REASONS] as const;

/** List 4.12 CurrentLivingSituation (FY2026), in the list's order. */
export const CURRENT_LIVING_SITUATIONS = [
  'Place not meant for habitation (e.g., a vehicle, an abandoned building, bus/train/subway station/airport or anywhere outside)',
  'Emergency shelter, including hotel or motel paid for with emergency shelter voucher, or Host Home shelter',
  'Safe Haven',
  'Psychiatric hospital or other psychiatric facility',
  'Substance abuse treatment facility or detox center',
  'Hospital or other residential non-psychiatric medical facility',
  'Jail, prison or juvenile detention facility',
  'Foster care home or foster care group home',
  'Long-term care facility or nursing home',
  'Transitional housing for homeless persons (including homeless youth)',
  'Hotel or motel paid for without emergency shelter voucher',
  'Residential project or halfway house with no homeless criteria',
  'Host Home (non-crisis)',
  'Staying or living in a family member’s room, apartment, or house',
  "Staying or living in a friend's room, apartment or house",
  'Rental by client, no ongoing housing subsidy',
  'Owned by client, no ongoing housing subsidy',
  'Owned by client, with ongoing housing subsidy',
  'Rental by client, with ongoing housing subsidy',
  'Other',
  'Worker unable to determine',
  ...MISSING_REASONS,
] as const;

/** How the client consented to share with the HMIS (issue 17). */
export const CONSENT_METHODS = ['Signed', 'Verbal with a witness'] as const;
