import { describe, expect, it } from 'vitest';
import { GENDERS, RACES, RESIDENCES_PRIOR_TO_ENTRY, TIMES_HOMELESS_PAST_3_YEARS } from './report-options';
import { emptyReport, maskSsn, report, reportBody, reportFields, revealSsnBody } from './schemas/report';

const parse = (body: unknown) => reportBody.safeParse(body);
const paths = (body: unknown) => {
  const r = parse(body);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('report body (spec §3, §5)', () => {
  it('requires nothing: an empty body is a whole, empty report', () => {
    const r = parse({});
    expect(r.success).toBe(true);
    expect(r.data).toEqual(emptyReport());
    expect(r.data).toMatchObject({
      clientName: '',
      ssn: '',
      race: [],
      disabilityType: { hivAids: false },
      income: { hasIncome: '', totalMonthlyIncome: null, sources: { ssi: null } },
      reasonsForHomelessness: { doubledUp: false },
      probationParole: { onParole: '' },
    });
  });

  it('drops a userId but refuses every other unknown field, nested ones too', () => {
    const r = parse({ userId: 'someone-else', clientName: 'A' });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('userId');
    expect(paths({ isAdmin: true })).toEqual(['']);
    expect(parse({ income: { hasIncome: 'Yes', bonus: 1 } }).success).toBe(false);
    expect(parse({ disabilityType: { telepathy: true } }).success).toBe(false);
  });

  it('normalises an SSN to 9 digits and refuses anything else', () => {
    expect(parse({ ssn: '123-45-6789' }).data?.ssn).toBe('123456789');
    expect(parse({ ssn: '123456789' }).data?.ssn).toBe('123456789');
    expect(parse({ ssn: '' }).data?.ssn).toBe('');
    for (const ssn of ['12345678', '1234567890', '123-456-789', 'abc-de-fghi', '123 45 6789'])
      expect(paths({ ssn }), ssn).toEqual(['ssn']);
  });

  it('takes Yes/No radios as the strings Yes and No only', () => {
    expect(parse({ veteran: 'Yes', income: { hasIncome: 'No' } }).success).toBe(true);
    for (const v of ['yes', true, 'Maybe']) expect(paths({ veteran: v })).toEqual(['veteran']);
  });

  it('takes option values exactly as spec §3 lists them', () => {
    expect(parse({ race: [...RACES], gender: [...GENDERS] }).success).toBe(true);
    expect(parse({ residencePriorToProjectEntry: RESIDENCES_PRIOR_TO_ENTRY[4] }).success).toBe(true);
    expect(parse({ numTimesHomelessPast3Years: TIMES_HOMELESS_PAST_3_YEARS[4] }).success).toBe(true);
    expect(paths({ race: ['Martian'] })).toEqual(['race.0']);
    expect(paths({ homelessSituation: 'Street' })).toEqual(['homelessSituation']);
    expect(paths({ numTimesHomelessPast3Years: 4 })).toEqual(['numTimesHomelessPast3Years']);
  });

  it('refuses a checkbox value given twice', () => {
    expect(paths({ race: ['White', 'White'] })).toEqual(['race']);
  });

  it('takes ISO dates or nothing', () => {
    expect(parse({ dob: '1970-02-28', projectStartDate: '' }).success).toBe(true);
    for (const dob of ['1970-02-30', '02/28/1970', '1970-2-8', '1970-02-28T00:00:00Z'])
      expect(paths({ dob }), dob).toEqual(['dob']);
  });

  it('takes a 5-digit ZIP, non-negative amounts and whole months', () => {
    expect(parse({ zipLastPermanentAddress: '02139' }).success).toBe(true);
    expect(paths({ zipLastPermanentAddress: '2139' })).toEqual(['zipLastPermanentAddress']);
    expect(parse({ income: { totalMonthlyIncome: 812.5, sources: { ssi: 0 } } }).success).toBe(true);
    expect(paths({ income: { sources: { ssdi: -1 } } })).toEqual(['income.sources.ssdi']);
    expect(paths({ income: { totalMonthlyIncome: '100' } })).toEqual(['income.totalMonthlyIncome']);
    expect(paths({ totalMonthsHomelessPast3Years: 2.5 })).toEqual(['totalMonthsHomelessPast3Years']);
  });

  it('takes only links to uploads of this portal as media', () => {
    const url = '/api/files/0b7e8f6a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';
    expect(parse({ imageUrl: url, videoUrl: '' }).success).toBe(true);
    for (const bad of ['https://evil.example/x.png', '/api/files/../../etc/passwd', 'javascript:alert(1)'])
      expect(paths({ imageUrl: bad }), bad).toEqual(['imageUrl']);
  });

  it('the form schema is the body without userId', () => {
    expect(reportFields.safeParse({ userId: 'x' }).success).toBe(false);
  });
});

describe('admin view of a report', () => {
  it('masks the SSN to its last four digits', () => {
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskSsn('')).toBe('');
  });

  it('refuses to send an unmasked SSN', () => {
    const base = { ...emptyReport(), _id: 'r', userId: null, createdAt: new Date().toISOString() };
    expect(report.safeParse({ ...base, ssn: '***-**-6789' }).success).toBe(true);
    expect(report.safeParse({ ...base, ssn: '123456789' }).success).toBe(false);
  });

  it('needs a reason of 3 to 500 characters to reveal it', () => {
    expect(revealSsnBody.safeParse({ reason: 'Benefit application' }).success).toBe(true);
    for (const reason of ['', '  ab  ', 'x'.repeat(501)])
      expect(revealSsnBody.safeParse({ reason }).success).toBe(false);
    expect(revealSsnBody.safeParse({}).success).toBe(false);
  });
});
