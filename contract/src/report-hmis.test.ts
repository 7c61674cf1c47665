import { describe, expect, it } from 'vitest';
import {
  CONSENT_METHODS,
  CURRENT_LIVING_SITUATIONS,
  DOB_DATA_QUALITY,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  SEX,
  SSN_DATA_QUALITY,
} from './hmis-options';
import {
  emptyReport,
  MEDIA_CONSENT_PHOTO,
  MEDIA_CONSENT_VIDEO,
  maskSsn,
  mediaConsentProblem,
  NAME_FORMULA_START,
  report,
  reportBody,
  reportFields,
} from './schemas/report';

const parse = (body: unknown) => reportBody.safeParse(body);
const paths = (body: unknown) => {
  const r = parse(body);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};
const file = '/api/files/0b6f3c1e-8a8e-4a3e-9d49-1f0f5a1b2c3d';

describe('HMIS details (issue 17)', () => {
  it('are optional: an empty body has them all empty, and an old-style body still parses', () => {
    const r = parse({ clientName: 'A', veteran: 'Yes' });
    expect(r.success).toBe(true);
    expect(r.data?.hmis).toEqual(emptyReport().hmis);
    expect(r.data?.consent).toEqual({ shareWithHmis: '', method: '', witnessName: '', date: '', photo: '', video: '' });
    expect(Object.values(r.data!.hmis).every((v) => v === '')).toBe(true);
  });

  it('takes every answer of every HUD list it offers, and nothing else', () => {
    const lists = {
      nameDataQuality: NAME_DATA_QUALITY,
      dobDataQuality: DOB_DATA_QUALITY,
      sex: SEX,
      currentLivingSituation: CURRENT_LIVING_SITUATIONS,
      veteranMissing: MISSING_REASONS,
      disablingConditionMissing: MISSING_REASONS,
      raceEthnicityMissing: MISSING_REASONS,
      healthInsuranceMissing: MISSING_REASONS,
      incomeMissing: MISSING_REASONS,
      nonCashBenefitsMissing: MISSING_REASONS,
      domesticViolenceMissing: MISSING_REASONS,
      domesticViolenceWhenMissing: MISSING_REASONS,
      currentlyFleeingMissing: MISSING_REASONS,
    } as const;
    const names = { firstName: 'Ada', lastName: 'Lovelace' };
    const dob = { dob: '1970-01-02' };
    for (const [key, values] of Object.entries(lists)) {
      for (const value of values) {
        const body = { ...(key === 'dobDataQuality' && !MISSING_REASONS.includes(value as never) ? dob : {}) };
        const hmis = { [key]: value, ...(key === 'nameDataQuality' && value === 'Full name reported' ? names : {}) };
        const r = parse({ ...body, hmis });
        expect(r.success, `${key}: ${value}`).toBe(true);
        expect((r.data?.hmis as Record<string, string>)[key]).toBe(value);
      }
      expect(paths({ hmis: { [key]: 'Maybe' } }), key).toEqual([`hmis.${key}`]);
    }
    expect(SEX).toEqual([
      'Female',
      'Male',
      "Client doesn't know",
      'Client prefers not to answer',
      'Data not collected',
    ]);
  });

  it('records SSN data quality: full, partial with x, and the three missing answers', () => {
    expect(parse({ ssn: '123-45-6789', hmis: { ssnDataQuality: 'Full SSN reported' } }).data?.ssn).toBe('123456789');
    const partial = parse({ ssn: 'xxx-X5-6789', hmis: { ssnDataQuality: 'Approximate or partial SSN reported' } });
    expect(partial.data?.ssn).toBe('xxxx56789');
    expect(maskSsn(partial.data!.ssn)).toBe('***-**-6789');
    expect(maskSsn('12345xx8x')).toBe('***-**-xx8x');
    expect(report.shape.ssn.safeParse('***-**-x8x9').success).toBe(true);
    for (const q of MISSING_REASONS) expect(parse({ hmis: { ssnDataQuality: q } }).success, q).toBe(true);
    expect(SSN_DATA_QUALITY).toHaveLength(5);
  });

  it('refuses an SSN that does not fit its data quality', () => {
    expect(paths({ ssn: '123-45-678x' })).toEqual(['ssn']);
    expect(paths({ ssn: '123-45-678x', hmis: { ssnDataQuality: 'Full SSN reported' } })).toEqual(['ssn', 'ssn']);
    expect(paths({ ssn: 'xxxxxxxxx', hmis: { ssnDataQuality: 'Approximate or partial SSN reported' } })).toEqual([
      'ssn',
    ]);
    expect(paths({ hmis: { ssnDataQuality: 'Full SSN reported' } })).toEqual(['ssn']);
    expect(paths({ hmis: { ssnDataQuality: 'Approximate or partial SSN reported' } })).toEqual(['ssn']);
    expect(paths({ ssn: '123456789', hmis: { ssnDataQuality: 'Data not collected' } })).toEqual([
      'hmis.ssnDataQuality',
    ]);
    for (const ssn of ['12x45678', 'y23456789', '123-45-67890']) expect(paths({ ssn }), ssn).toEqual(['ssn']);
  });

  it('refuses a DOB or a name that contradicts its data quality', () => {
    expect(paths({ hmis: { dobDataQuality: 'Full DOB reported' } })).toEqual(['dob']);
    expect(paths({ dob: '1970-01-02', hmis: { dobDataQuality: "Client doesn't know" } })).toEqual([
      'hmis.dobDataQuality',
    ]);
    expect(paths({ hmis: { nameDataQuality: 'Full name reported', firstName: 'Ada' } })).toEqual([
      'hmis.nameDataQuality',
    ]);
    expect(paths({ hmis: { nameDataQuality: 'Data not collected', lastName: 'L' } })).toEqual(['hmis.nameDataQuality']);
    expect(paths({ hmis: { firstName: 'a'.repeat(51) } })).toEqual(['hmis.firstName']);
  });

  // Issue 30, F8: the HMIS CSV keeps names exact (a machine reads it), so a name a spreadsheet
  // would run as a formula is refused where it is typed.
  it('refuses a client name that starts with = + - @ or a control character, naming the field', () => {
    for (const start of ['=', '+', '-', '@']) {
      const name = `${start}2+3`;
      expect(paths({ hmis: { firstName: name } }), name).toEqual(['hmis.firstName']);
      expect(paths({ hmis: { lastName: name } }), name).toEqual(['hmis.lastName']);
      expect(paths({ clientName: name }), name).toEqual(['clientName']);
      expect(reportFields.safeParse({ hmis: { firstName: name } }).success, name).toBe(false);
    }
    // A control character is dropped first (one line, patterns.ts); a formula behind it is still one.
    expect(paths({ hmis: { lastName: '\t=2+3' } })).toEqual(['hmis.lastName']);
    expect(paths({ clientName: '\u0007@SUM(A1)' })).toEqual(['clientName']);
    const refused = parse({ hmis: { firstName: '=2+3' } });
    expect(refused.error?.issues[0]?.message).toBe(NAME_FORMULA_START);
    // Inside a name, these characters are ordinary.
    for (const name of ['Anne-Marie', "O'Brien", 'Lee, Jr.', 'Jo+Al', 'Morgan;=2+3'])
      expect(paths({ clientName: name, hmis: { firstName: name, lastName: name } }), name).toEqual([]);
  });

  it('refuses a reason for a missing answer next to the answer itself', () => {
    const both = [
      [{ veteran: 'Yes' }, 'veteranMissing'],
      [{ disablingCondition: 'No' }, 'disablingConditionMissing'],
      [{ race: ['White'] }, 'raceEthnicityMissing'],
      [{ ethnicity: 'Hispanic/Latin' }, 'raceEthnicityMissing'],
      [{ medicalInsurance: 'Yes' }, 'healthInsuranceMissing'],
      [{ income: { hasIncome: 'No' } }, 'incomeMissing'],
      [{ nonCashBenefits: { hasNonCashBenefits: 'Yes' } }, 'nonCashBenefitsMissing'],
      [{ domesticViolence: { isVictim: 'No' } }, 'domesticViolenceMissing'],
      [{ domesticViolence: { whenOccurred: 'Within3Months' } }, 'domesticViolenceWhenMissing'],
      [{ domesticViolence: { currentlyFleeing: 'No' } }, 'currentlyFleeingMissing'],
    ] as const;
    for (const [answer, key] of both) {
      expect(paths({ ...answer, hmis: { [key]: 'Data not collected' } }), key).toEqual([`hmis.${key}`]);
      expect(parse({ hmis: { [key]: 'Client prefers not to answer' } }).success, key).toBe(true);
    }
  });

  it('takes the dates of engagement and contact as YYYY-MM-DD only', () => {
    const r = parse({ hmis: { dateOfEngagement: '2026-11-02', contactDate: '2026-11-01' } });
    expect(r.data?.hmis).toMatchObject({ dateOfEngagement: '2026-11-02', contactDate: '2026-11-01' });
    expect(paths({ hmis: { dateOfEngagement: '11/02/2026' } })).toEqual(['hmis.dateOfEngagement']);
    expect(paths({ hmis: { unknown: 'x' } })).toEqual(['hmis']);
  });
});

describe('consent (issue 17)', () => {
  const signed = { shareWithHmis: 'Yes', method: 'Signed', date: '2026-11-20' };

  it('records signed and verbal consent, and fills ROI signed from it', () => {
    expect(parse({ consent: signed }).data).toMatchObject({ consent: signed, roSigned: 'Yes' });
    const verbal = {
      shareWithHmis: 'Yes',
      method: 'Verbal with a witness',
      witnessName: 'W. Ness',
      date: '2026-11-20',
    };
    expect(parse({ consent: verbal, roSigned: 'Yes' }).data).toMatchObject({ consent: verbal, roSigned: 'No' });
    expect(parse({ consent: { shareWithHmis: 'No' }, roSigned: 'Yes' }).data?.roSigned).toBe('No');
    // Unanswered consent leaves the spec's field as given.
    expect(parse({ roSigned: 'Yes' }).data?.roSigned).toBe('Yes');
    expect(reportFields.parse({ consent: signed }).roSigned).toBe('Yes');
    expect(CONSENT_METHODS).toEqual(['Signed', 'Verbal with a witness']);
  });

  it('refuses consent without its method and date, and verbal consent without a witness', () => {
    expect(paths({ consent: { shareWithHmis: 'Yes' } })).toEqual(['consent.method', 'consent.date']);
    expect(paths({ consent: { ...signed, method: 'Verbal with a witness' } })).toEqual(['consent.witnessName']);
    expect(paths({ consent: { ...signed, method: 'Nodded' } })).toEqual(['consent.method']);
    expect(paths({ consent: { photo: 'yes' } })).toEqual(['consent.photo']);
  });

  it('allows media only with the matching consent', () => {
    const base = emptyReport();
    const asked = { ...base.consent, shareWithHmis: 'No' };
    expect(mediaConsentProblem(base)).toBeNull();
    expect(mediaConsentProblem({ ...base, imageUrl: file, consent: asked })).toBe(MEDIA_CONSENT_PHOTO);
    expect(mediaConsentProblem({ ...base, imageUrl: file, consent: { ...base.consent, photo: 'No' } })).toBe(
      MEDIA_CONSENT_PHOTO,
    );
    expect(mediaConsentProblem({ ...base, videoUrl: file, consent: { ...asked, photo: 'Yes' } })).toBe(
      MEDIA_CONSENT_VIDEO,
    );
    expect(
      mediaConsentProblem({
        ...base,
        imageUrl: file,
        videoUrl: file,
        consent: { ...asked, photo: 'Yes', video: 'Yes' },
      }),
    ).toBeNull();
    // Issue 17 has no exception: a body that answers no consent question attaches no medium
    // (decision 0013, amended 2026-11-25).
    expect(mediaConsentProblem({ ...base, imageUrl: file })).toBe(MEDIA_CONSENT_PHOTO);
    expect(mediaConsentProblem({ ...base, videoUrl: file })).toBe(MEDIA_CONSENT_VIDEO);
    // The smallest consent that attaches each (the schema accepts it): its own 'Yes' alone.
    expect(mediaConsentProblem(reportFields.parse({ imageUrl: file, consent: { photo: 'Yes' } }))).toBeNull();
    expect(mediaConsentProblem(reportFields.parse({ videoUrl: file, consent: { video: 'Yes' } }))).toBeNull();
  });
});
