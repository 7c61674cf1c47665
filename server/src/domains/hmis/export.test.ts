import { HMIS_EXPORT_MESSAGES, hmisExportFileName, MFA_MESSAGES, NAME_FORMULA_START } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reports, users } from '../../db/schema';
import { call, createTestApp, createUser, holdsNumber, type TestApp } from '../../../test/harness';
import { fullReport, SSN, SSN_DIGITS } from '../../../test/reports';
import { piiKeyring } from '../../lib/keys';
import { createPii } from '../../lib/pii';
import { openRow, toRowValues } from '../reports/repository';
import { hmisId } from './mapping';
import { HMIS_CSV_FILES, type HmisFileName, hmisHeader } from './spec';
import { type ExportFiles, HMIS_NAME_FORMULA, validateExport } from './validate';

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({
    PRODUCT_NAME: 'Lakeside Advocates',
    HMIS_PROJECT_ID: 'so-7',
    HMIS_COC_CODE: 'MA-500',
    HMIS_GEOCODE: '250001',
  });
  member = await createUser(t, { name: 'Morgan Member' });
  admin = await createUser(t, { isAdmin: true, name: 'Ada Q Admin', steppedUp: true });
});
afterAll(() => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);
const period = () => ({ from: today(), to: today() });
const withConsent = (overrides: Record<string, unknown> = {}) => ({
  ...fullReport(),
  projectStartDate: '',
  ...overrides,
});
const noConsent = () =>
  withConsent({
    clientName: 'Nina Noconsent',
    consent: { shareWithHmis: 'No', method: '', witnessName: '', date: '', photo: '', video: '' },
    hmis: { ...fullReport().hmis, firstName: 'Nina', lastName: 'Noconsent' },
  });

async function file(body: object) {
  const res = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

const check = (cookie: string, body: object) =>
  call(t.app, cookie, { method: 'POST', url: '/api/exports/hmis/check', payload: body });
const download = (cookie: string, body: object) =>
  call(t.app, cookie, { method: 'POST', url: '/api/exports/hmis', payload: body });
const exportsAudited = async () =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'hmis.export')))[0]!.n;

/** Every file of a downloaded zip, parsed: header and rows. */
function unzip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => {
      const [header, ...rows] = parse(Buffer.from(bytes).toString('utf8'), { relax_column_count: false }) as string[][];
      return [name, { header: header!, rows }];
    }),
  );
}

describe('HMIS CSV export', () => {
  let jordan: string;
  let sam: string;
  let nina: string;

  beforeAll(async () => {
    jordan = await file(withConsent());
    sam = await file(
      withConsent({
        clientName: 'Sam "Sparrow" Lee, Jr.',
        ssn: 'xxx-x5-4455',
        race: [],
        ethnicity: '',
        hmis: {
          ...fullReport().hmis,
          firstName: 'Sam',
          lastName: 'Lee, "Sparrow"',
          ssnDataQuality: 'Approximate or partial SSN reported',
          raceEthnicityMissing: 'Client prefers not to answer',
          dateOfEngagement: '',
          contactDate: '',
        },
      }),
    );
    nina = await file(noConsent());
  });

  it('checks a period: reports, reports without consent, rows per file, no problems', async () => {
    const res = await check(admin.cookie, period());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...period(), reports: 2, withoutConsent: 1, excluded: 0, problems: [] });
    expect(body.counts).toMatchObject({
      'Export.csv': 1,
      'Organization.csv': 1,
      'Project.csv': 1,
      'ProjectCoC.csv': 1,
      'HMISParticipation.csv': 1,
      'User.csv': 2,
      'Client.csv': 2,
      'Enrollment.csv': 2,
      'Disabilities.csv': 12,
      'IncomeBenefits.csv': 2,
      'HealthAndDV.csv': 2,
      'CurrentLivingSituation.csv': 2,
      'Exit.csv': 0,
      'Services.csv': 0,
    });
    expect(Object.keys(body.counts)).toHaveLength(24);
    // The check holds no client data beyond the admin list's: names of problem rows only.
    expect(holdsNumber(res.body, SSN_DIGITS)).toBe(false);
  });

  it('downloads a zip of every FY2026 file, headers exact, rows valid and related, without the refusing client', async () => {
    const res = await download(admin.cookie, { ...period(), reason: 'Monthly CoC upload' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${hmisExportFileName(today(), today())}"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const zip = unzip(res.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(
      Object.keys(HMIS_CSV_FILES)
        .map((f) => `${f}.csv`)
        .sort(),
    );
    const files = {} as ExportFiles;
    for (const name of Object.keys(HMIS_CSV_FILES) as HmisFileName[]) {
      const { header, rows } = zip[`${name}.csv`]!;
      expect(header, name).toEqual(hmisHeader(name));
      files[name] = rows.map((cells) => ({
        row: Object.fromEntries(header.map((c, i) => [c, cells[i]!])),
        reportId: null,
      }));
    }
    // Every row passes the specification's rules and the relations hold, read back from the zip.
    expect(validateExport(files)).toEqual([]);

    const [exportRow] = files.Export;
    expect(exportRow!.row).toMatchObject({
      CSVVersion: '2026',
      ExportStartDate: today(),
      ExportEndDate: today(),
      // Issue 35: PRODUCT_NAME, the portal's one name.
      SoftwareName: 'Lakeside Advocates',
    });
    expect(files.Project[0]!.row).toMatchObject({ ProjectID: 'so-7', ProjectType: '4', ContinuumProject: '1' });
    expect(files.ProjectCoC[0]!.row).toMatchObject({ CoCCode: 'MA-500', Geocode: '250001' });

    const clients = files.Client.map((c) => c.row);
    expect(clients.map((c) => c.PersonalID).sort()).toEqual([jordan, sam].map((id) => id.replaceAll('-', '')).sort());
    const jordanRow = clients.find((c) => c.FirstName === 'Jordan')!;
    expect(jordanRow).toMatchObject({
      LastName: 'Rivers',
      SSN: SSN.replaceAll('-', ''),
      SSNDataQuality: '1',
      DOB: '1980-04-12',
    });
    // Quotes and commas survive the CSV.
    const samRow = clients.find((c) => c.FirstName === 'Sam')!;
    expect(samRow).toMatchObject({ LastName: 'Lee, "Sparrow"', SSN: 'xxxx54455', SSNDataQuality: '2', RaceNone: '9' });
    expect(clients.some((c) => c.FirstName === 'Nina')).toBe(false);
    expect(files.Enrollment.map((e) => e.row.EnrollmentID)).not.toContain(hmisId('Enrollment', nina));
    expect(files.Enrollment.every((e) => e.row.ProjectID === 'so-7' && e.row.EnrollmentCoC === 'MA-500')).toBe(true);
    expect(files.User.map((u) => u.row.UserEmail).sort()).toEqual([admin.email, member.email].sort());
  });

  it('gives the same ids in a second export of the same period', async () => {
    const a = unzip((await download(admin.cookie, { ...period(), reason: 'again' })).rawPayload);
    const b = unzip((await download(admin.cookie, { ...period(), reason: 'again' })).rawPayload);
    const ids = (z: typeof a, f: string) => z[f]!.rows.map((r) => r[0]).sort();
    for (const f of ['Client.csv', 'Enrollment.csv', 'Disabilities.csv', 'IncomeBenefits.csv', 'Project.csv'])
      expect(ids(a, f), f).toEqual(ids(b, f));
    expect(ids(a, 'Export.csv')).not.toEqual(ids(b, 'Export.csv'));
  });

  it('audits each export with its reason and counts, lists it, and logs none of it', async () => {
    const before = await exportsAudited();
    const reason = 'Quarterly upload to the CoC';
    const res = await download(admin.cookie, { ...period(), reason });
    expect(res.statusCode).toBe(200);
    expect(await exportsAudited()).toBe(before + 1);

    const history = await call(t.app, admin.cookie, { method: 'GET', url: '/api/exports/hmis' });
    expect(history.statusCode).toBe(200);
    const [newest] = history.json().items;
    expect(newest).toMatchObject({ actorEmail: admin.email, reason, ...period() });
    expect(newest.counts['Client.csv']).toBe(2);

    const logs = t.logs.join('\n');
    expect(holdsNumber(logs, SSN_DIGITS)).toBe(false);
    expect(logs).not.toContain(admin.password);
    expect(logs).not.toContain(reason);
    expect(logs).not.toContain('Rivers');
  });

  it('leaves out excluded reports', async () => {
    const res = await check(admin.cookie, { ...period(), exclude: [sam] });
    expect(res.json()).toMatchObject({ reports: 1, excluded: 1 });
    const zip = unzip((await download(admin.cookie, { ...period(), exclude: [sam], reason: 'r' })).rawPayload);
    expect(zip['Client.csv']!.rows).toHaveLength(1);
  });

  it('exports nothing of another period', async () => {
    const res = await check(admin.cookie, { from: '2001-01-01', to: '2001-12-31' });
    expect(res.json()).toMatchObject({ reports: 0, withoutConsent: 0 });
    expect(res.json().counts['Client.csv']).toBe(0);
  });

  it('refuses an export whose rows break the rules, lists them, and exports once the report is excluded', async () => {
    // A child alone in their household has no head of household: HMIS refuses such a household.
    const child = await file(
      withConsent({
        clientName: 'Casey Child',
        relationshipToHead: 'Child',
        hmis: { ...fullReport().hmis, firstName: 'Casey' },
      }),
    );
    const checked = (await check(admin.cookie, period())).json();
    expect(checked.problems).toEqual([
      {
        reportId: child,
        clientName: 'Casey Child',
        file: 'Enrollment.csv',
        column: 'RelationshipToHoH',
        message: 'The household needs exactly one head of household (Self)',
      },
    ]);
    const before = await exportsAudited();
    const refused = await download(admin.cookie, { ...period(), reason: 'r' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: HMIS_EXPORT_MESSAGES.problems, problems: checked.problems });
    expect(await exportsAudited()).toBe(before);

    const fine = await download(admin.cookie, { ...period(), exclude: [child], reason: 'r' });
    expect(fine.statusCode).toBe(200);
    await t.database.db.delete(reports).where(eq(reports.id, child));
  });

  it('refuses at intake a client name a spreadsheet would run as a formula: 400 naming the field (issue 30, F8)', async () => {
    const before = (await t.database.db.select({ n: count() }).from(reports))[0]!.n;
    for (const [field, body] of [
      ['hmis.firstName', withConsent({ hmis: { ...fullReport().hmis, firstName: '=2+3' } })],
      ['hmis.lastName', withConsent({ hmis: { ...fullReport().hmis, lastName: '@SUM(A1)' } })],
      ['clientName', withConsent({ clientName: '-2+3' })],
    ] as const) {
      const res = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({
        message: `${field}: ${NAME_FORMULA_START}`,
        issues: [{ path: field, message: NAME_FORMULA_START }],
      });
    }
    expect((await t.database.db.select({ n: count() }).from(reports))[0]!.n).toBe(before);
  });

  it('flags a stored client name that starts with = + - @ or a control character, and keeps it exact (issue 30, F8)', async () => {
    // Filed before names were checked at intake: written to the row as the repository seals it.
    const id = await file(withConsent({ clientName: 'Formula Client' }));
    const pii = createPii(piiKeyring(t.app.keys));
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
    const fields = openRow(pii, row!);
    const hmis = { ...fields.hmis, firstName: '=2+3', lastName: '\u0007Smith' };
    const { data } = toRowValues(pii, id, row!.userId!, { ...fields, hmis }, row!.createdAt);
    await t.database.db.update(reports).set({ data }).where(eq(reports.id, id));

    const checked = (await check(admin.cookie, period())).json();
    expect(checked.problems).toEqual([
      {
        reportId: id,
        clientName: 'Formula Client',
        file: 'Client.csv',
        column: 'FirstName',
        message: HMIS_NAME_FORMULA,
      },
      {
        reportId: id,
        clientName: 'Formula Client',
        file: 'Client.csv',
        column: 'LastName',
        message: HMIS_NAME_FORMULA,
      },
    ]);
    expect((await download(admin.cookie, { ...period(), reason: 'r' })).statusCode).toBe(422);
    // Excluded, the others export; the name itself is never altered in the file.
    const fine = await download(admin.cookie, { ...period(), exclude: [id], reason: 'r' });
    expect(fine.statusCode).toBe(200);
    await t.database.db.delete(reports).where(eq(reports.id, id));
  });

  it('exports a report whose author was deleted under a stand-in user', async () => {
    const gone = await createUser(t, { name: 'Gone Member' });
    const res = await call(t.app, gone.cookie, { method: 'POST', url: '/api/reports', payload: withConsent() });
    const id = res.json()._id as string;
    await t.database.db.delete(users).where(eq(users.id, gone.user.id));
    const zip = unzip((await download(admin.cookie, { ...period(), reason: 'r' })).rawPayload);
    const personal = id.replaceAll('-', '');
    expect(zip['Client.csv']!.rows.find((r) => r[0] === personal)?.at(-3)).toBe('deleted-user');
    expect(zip['User.csv']!.rows.map((r) => r[0])).toContain('deleted-user');
    await t.database.db.delete(reports).where(eq(reports.id, id));
  });

  describe('refusals change nothing', () => {
    it.each([
      ['a member', () => member.cookie, 403],
      ['a guest', () => undefined, 401],
    ])('refuses %s', async (_who, cookie, status) => {
      const before = await exportsAudited();
      expect((await check(cookie()!, period())).statusCode).toBe(status);
      expect((await download(cookie()!, { ...period(), reason: 'r' })).statusCode).toBe(status);
      expect((await call(t.app, cookie(), { method: 'GET', url: '/api/exports/hmis' })).statusCode).toBe(status);
      expect(await exportsAudited()).toBe(before);
    });

    it('needs a step-up (issue 19): 401 { stepUp } without one, a wrong password refused; a missing reason is 400', async () => {
      const before = await exportsAudited();
      const other = await createUser(t, { isAdmin: true });
      const without = await download(other.cookie, { ...period(), reason: 'r' });
      expect(without.statusCode).toBe(401);
      expect(without.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
      const wrong = await call(t.app, other.cookie, {
        method: 'POST',
        url: '/api/auth/mfa/verify',
        payload: { password: 'not-the-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect((await download(other.cookie, { ...period(), reason: 'r' })).statusCode).toBe(401);
      const noReason = await download(admin.cookie, { ...period(), reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().issues).toEqual([{ path: 'reason', message: HMIS_EXPORT_MESSAGES.reason }]);
      expect(await exportsAudited()).toBe(before);
      expect(t.logs.join('\n')).not.toContain('not-the-password');
    });

    it.each([
      [{ from: '2025-02-01', to: '2025-01-01' }, 'from', HMIS_EXPORT_MESSAGES.period],
      [{ from: '2025-02-30', to: '2025-03-01' }, 'from', 'Enter a valid date (YYYY-MM-DD)'],
      [{ from: '1990-01-01', to: '2025-01-01' }, 'to', HMIS_EXPORT_MESSAGES.periodTooLong],
      [{ from: '2025-01-01', to: '2025-01-02', exclude: ['x'] }, 'exclude.0', 'Not a valid id'],
      [{ from: '2025-01-01', to: '2025-01-02', extra: 1 }, '', undefined],
    ])('refuses the period %j', async (body, path, message) => {
      const res = await check(admin.cookie, body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().issues).toContainEqual({ path, message });
    });
  });
});
