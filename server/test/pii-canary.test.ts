import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ReportBody } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { call, createTestApp, createUser, driver, postgresUrlOf, type TestApp } from './harness';

/**
 * Issue 12: a full dump of the database holds no sensitive answer of a report (SSN and DOB in any
 * common spelling, HIV status, criminal record, domestic violence, income, health and the rest of
 * the intake) after the report was filed, read and its SSN revealed. Only the client's name and
 * project start date (what the admin list shows and searches) and the media links are in clear.
 */
const SSN = '613-57-2408';
const DOB = '1957-03-14';

/** Every sealed answer, each with a value found nowhere else. */
const INTAKE = {
  hvIsClientId: 'HVCANARY-5521-QX',
  // Filled from the consent below (issue 17): verbal consent is no signed release.
  roSigned: 'No',
  veteran: 'Yes',
  race: ['Asian or Asian American'],
  ethnicity: 'Hispanic/Latin',
  gender: ['Transgender'],
  relationshipToHead: 'OtherRelation',
  clientLocation: 'Under the Quillfeather overpass, north ramp',
  disablingCondition: 'Yes',
  disabilityType: { hivAids: true, chronicHealthCondition: true, mentalHealthDisorder: true },
  medicalInsurance: 'Yes',
  sourceOfHealthInsurance: ['Medicaid', 'Indian Health Services'],
  medicalId: 'MEDCANARY-88017-ZV',
  otherInsurance: 'Quillfeather Mutual Health Plan',
  residencePriorToProjectEntry: 'Jail, prison',
  institutionalSituation: 'PsychiatricHospital',
  stayDuration: 'MoreThanThreeMonths',
  approximateDateHomelessnessStarted: '2019-11-23',
  numTimesHomelessPast3Years: '4OrMore',
  totalMonthsHomelessPast3Years: 29,
  zipLastPermanentAddress: '48213',
  income: { hasIncome: 'Yes', totalMonthlyIncome: 4817.63, sources: { ssi: 913.27, earnedIncome: 3904.36 } },
  nonCashBenefits: { hasNonCashBenefits: 'Yes', sources: ['SNAP'] },
  domesticViolence: { isVictim: 'Yes', whenOccurred: '3To6Months', currentlyFleeing: 'Yes' },
  reasonsForHomelessness: { evictionWithin2Weeks: true, releasedFromPrison: true },
  arrestConvictionRecord: { hasRecord: 'Yes', details: 'Canary conviction: burglary at Quillfeather yard, 2014' },
  probationParole: {
    onProbation: 'Yes',
    onParole: 'Yes',
    paroleOfficer: 'Officer Brannigan Quillfeather',
    phoneNumber: '555-738-2291',
    familyMemberOnProbationParole: 'Yes',
    familyMemberDetails: 'Canary brother on parole in Quillfeather county',
  },
  sexOffender: { isConvicted: 'Yes', offenseLevel: 'Level3' },
  educationSummary: 'SomeCollege',
  educationComments: 'Canary dropped out of Quillfeather community college',
  mcKinneyVentoLiaison: 'Yes',
  personalPhoneNumber: '555-914-6630',
  comments: 'Canary comment: relapsed after the Quillfeather shelter closed',
  // Issue 17: consent and the HMIS details are sealed like the rest of the intake.
  consent: {
    shareWithHmis: 'Yes',
    method: 'Verbal with a witness',
    witnessName: 'Witness Quillfeather Canaryson',
    date: '2026-10-19',
    photo: 'No',
    video: 'Yes',
  },
  hmis: {
    firstName: 'Quillbert',
    lastName: 'Canarywood',
    nameDataQuality: 'Partial, street name, or code name reported',
    ssnDataQuality: 'Full SSN reported',
    dobDataQuality: 'Approximate or partial DOB reported',
    sex: 'Female',
    veteranMissing: '',
    disablingConditionMissing: '',
    raceEthnicityMissing: '',
    healthInsuranceMissing: '',
    incomeMissing: '',
    nonCashBenefitsMissing: '',
    domesticViolenceMissing: '',
    domesticViolenceWhenMissing: '',
    currentlyFleeingMissing: '',
    dateOfEngagement: '2026-10-21',
    contactDate: '2026-10-22',
    currentLivingSituation: 'Host Home (non-crisis)',
  },
} satisfies Omit<ReportBody, 'clientName' | 'projectStartDate' | 'imageUrl' | 'videoUrl' | 'ssn' | 'dob'>;

/**
 * What must not be in the dump. Free text and numbers by their value. Yes/No, choices and flags
 * are not distinctive by value, so by the names of the questions: stored in clear (as JSON, or as
 * jsonb, whose binary form keeps the keys as text but not numbers or booleans), each name is there.
 */
const CANARIES: [string, string][] = [
  ...['613572408', '613-57-2408', '613 57 2408'].map((v): [string, string] => ['SSN', v]),
  ...['1957-03-14', '03/14/1957', '14/03/1957', '19570314', '14.03.1957'].map((v): [string, string] => ['DOB', v]),
  ['HIV status', 'hivAids'],
  ['health', 'disabilityType'],
  ['health', 'chronicHealthCondition'],
  ['health', 'mentalHealthDisorder'],
  ['health', 'sourceOfHealthInsurance'],
  ['health', 'Indian Health Services'],
  ['health', INTAKE.medicalId],
  ['health', INTAKE.otherInsurance],
  ['income', 'totalMonthlyIncome'],
  ['income', '4817.63'],
  ['income', '913.27'],
  ['income', '3904.36'],
  ['income', 'nonCashBenefits'],
  ['domestic violence', 'domesticViolence'],
  ['domestic violence', 'currentlyFleeing'],
  ['domestic violence', '3To6Months'],
  ['criminal record', 'arrestConvictionRecord'],
  ['criminal record', INTAKE.arrestConvictionRecord.details],
  ['criminal record', 'probationParole'],
  ['criminal record', INTAKE.probationParole.paroleOfficer],
  ['criminal record', INTAKE.probationParole.phoneNumber],
  ['criminal record', INTAKE.probationParole.familyMemberDetails],
  ['criminal record', 'sexOffender'],
  ['criminal record', 'Jail, prison'],
  ['criminal record', 'releasedFromPrison'],
  ['health', 'PsychiatricHospital'],
  ['identity', INTAKE.hvIsClientId],
  ['identity', 'Hispanic/Latin'],
  ['identity', 'Asian or Asian American'],
  ['identity', 'Transgender'],
  ['identity', 'mcKinneyVentoLiaison'],
  ['location', INTAKE.clientLocation],
  ['location', 'zipLastPermanentAddress'],
  ['location', INTAKE.zipLastPermanentAddress],
  ['history', 'approximateDateHomelessnessStarted'],
  ['history', INTAKE.approximateDateHomelessnessStarted],
  ['history', 'numTimesHomelessPast3Years'],
  ['history', 'MoreThanThreeMonths'],
  ['history', 'reasonsForHomelessness'],
  ['education', INTAKE.educationComments],
  ['contact', INTAKE.personalPhoneNumber],
  ['comments', INTAKE.comments],
  ['consent', 'shareWithHmis'],
  ['consent', INTAKE.consent.witnessName],
  ['consent', INTAKE.consent.date],
  ['name', INTAKE.hmis.firstName],
  ['name', INTAKE.hmis.lastName],
  ['name', 'nameDataQuality'],
  ['SSN', 'ssnDataQuality'],
  ['DOB', INTAKE.hmis.dobDataQuality],
  ['identity', 'raceEthnicityMissing'],
  ['identity', 'currentlyFleeingMissing'],
  ['engagement', INTAKE.hmis.dateOfEngagement],
  ['living situation', INTAKE.hmis.contactDate],
  ['living situation', INTAKE.hmis.currentLivingSituation],
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createUser(t);
  const admin = await createUser(t, { isAdmin: true, steppedUp: true });
  const filed = await call(t.app, member.cookie, {
    method: 'POST',
    url: '/api/reports',
    payload: { clientName: 'Canary Client', projectStartDate: '2026-02-17', ssn: SSN, dob: DOB, ...INTAKE },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = (filed.json() as { _id: string })._id;
  const read = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` });
  // The report really holds every answer the dump is searched for.
  expect(read.json()).toMatchObject({ dob: DOB, ...INTAKE });
  const revealed = await call(t.app, admin.cookie, {
    method: 'POST',
    url: `/api/reports/${id}/reveal-ssn`,
    payload: { reason: 'Canary check of the dump' },
  });
  expect(revealed.json()).toEqual({ ssn: '613572408' });
});
afterAll(() => t.close());

const execFileAsync = promisify(execFile);

/** Every byte the database holds, as the driver allows. */
async function dumpEverything(): Promise<Buffer> {
  if (driver === 'pglite') {
    const client = (t.database as unknown as { client: PGlite }).client;
    // Every table as COPY writes it (what pg_dump's data is): in the files below a large value
    // is compressed, which hides its text, and a clear copy of the intake in `data` was seen
    // to leave even the client's name out of them.
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables: Buffer[] = [];
    for (const { name } of rows) {
      // An empty table gives no blob.
      const { blob } = await client.query(`copy ${name} to '/dev/blob'`);
      if (blob) tables.push(Buffer.from(await blob.arrayBuffer()));
    }
    expect(Buffer.concat(tables).includes('Canary Client'), 'the copied tables hold the report').toBe(true);
    // And the data directory itself: tables, indexes, TOAST, WAL and free space alike.
    await t.database.db.execute(sql`checkpoint`);
    const blob = await client.dumpDataDir('none');
    return Buffer.concat([...tables, Buffer.from(await blob.arrayBuffer())]);
  }
  const url = await postgresUrlOf(t.database);
  const { stdout } = await execFileAsync('pg_dump', ['--dbname', url, '--no-owner'], {
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'buffer',
  });
  return stdout;
}

describe('a full database dump', () => {
  it('contains the report, but no sensitive answer of it in any common spelling', async () => {
    const dump = await dumpEverything();
    // The dump is real: it holds the report's clear columns.
    expect(dump.includes(Buffer.from('Canary Client'))).toBe(true);
    expect(dump.includes(Buffer.from('2026-02-17'))).toBe(true);
    const found: string[] = [];
    for (const [field, canary] of CANARIES) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        if (dump.includes(Buffer.from(canary, encoding))) found.push(`${field}: ${canary} (${encoding})`);
      }
    }
    expect(found).toEqual([]);
  });
});
