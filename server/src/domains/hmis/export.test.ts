import {
  HMIS_EXPORT_MESSAGES,
  hmisExportFileName,
  MFA_MESSAGES,
  NAME_FORMULA_START,
  reportFields,
} from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reports, users } from '../../db/schema';
import { call, createTestApp, createUser, holdsNumber, type TestApp } from '../../../test/harness';
import { fullReport, SSN, SSN_DIGITS } from '../../../test/reports';
import { piiKeyring } from '../../lib/keys';
import { createPii } from '../../lib/pii';
import { openRow, toRowValues } from '../reports';
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

/** The text of each file of a downloaded zip, byte for byte. */
const rawFiles = (body: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
  );

/** The rows of a parsed file as objects by column. */
const records = (file: { header: string[]; rows: string[][] }) =>
  file.rows.map((cells) => Object.fromEntries(file.header.map((c, i) => [c, cells[i]!])));

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
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'hmis.export'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    const exportId = records(unzip(res.rawPayload)['Export.csv']!)[0]!.ExportID;
    expect(audited).toMatchObject({ actorId: admin.user.id, targetType: 'hmis-export', targetId: exportId });

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
    // Only the exporting admin: no report, so no stand-in for a deleted author either.
    expect(res.json().counts['User.csv']).toBe(1);
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
    // The others' reports keep their authors.
    const jordanRow = zip['Client.csv']!.rows.find((r) => r[0] === jordan.replaceAll('-', ''));
    expect(jordanRow?.at(-3)).toBe(member.user.id.replaceAll('-', ''));
    await t.database.db.delete(reports).where(eq(reports.id, id));
  });

  it('exports a report whose author was trashed under the stand-in user, in every file that carries UserID', async () => {
    const trashed = await createUser(t, { name: 'Tess Trashed' });
    const res = await call(t.app, trashed.cookie, { method: 'POST', url: '/api/reports', payload: withConsent() });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    // Issue 16: moved to the trash, not deleted; the report stays (its user_id still names the account).
    await t.database.db
      .update(users)
      .set({ deletedAt: t.clock.now(), deletedBy: admin.user.id })
      .where(eq(users.id, trashed.user.id));

    const exported = await download(admin.cookie, { ...period(), reason: 'r' });
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const zip = unzip(exported.rawPayload);
    const authorOf = new Map([
      [id.replaceAll('-', ''), 'deleted-user'],
      [jordan.replaceAll('-', ''), member.user.id.replaceAll('-', '')],
    ]);
    const seen = new Set<string>();
    for (const [name, file] of Object.entries(zip)) {
      if (!file.header.includes('PersonalID') || !file.header.includes('UserID')) continue;
      for (const row of records(file)) {
        const author = authorOf.get(row.PersonalID!);
        if (author === undefined) continue;
        expect(row.UserID, `${name} of ${row.PersonalID}`).toBe(author);
        seen.add(name);
      }
    }
    expect([...seen].sort()).toEqual(
      ['Client', 'CurrentLivingSituation', 'Disabilities', 'Enrollment', 'HealthAndDV', 'IncomeBenefits'].map(
        (f) => `${f}.csv`,
      ),
    );
    const people = records(zip['User.csv']!);
    expect(people.map((u) => u.UserID)).toContain('deleted-user');
    expect(people.map((u) => u.UserID)).not.toContain(trashed.user.id.replaceAll('-', ''));
    expect(people.map((u) => u.UserEmail)).not.toContain(trashed.email);
    await t.database.db.delete(reports).where(eq(reports.id, id));
  });

  it("writes Export.csv: the exporting admin's name split on whitespace and cut at 50, the columns the portal lacks empty", async () => {
    const exportRowOf = async (name: string) => {
      await t.database.db.update(users).set({ name }).where(eq(users.id, admin.user.id));
      const res = await download(admin.cookie, { ...period(), reason: 'r' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return records(unzip(res.rawPayload)['Export.csv']!)[0]!;
    };
    const board = 'Recycling Advocate Certification Board';
    expect(await exportRowOf('  Ada \t Quinn   Admin  ')).toMatchObject({
      SourceType: '2',
      SourceID: '',
      SourceName: board,
      SourceContactFirst: 'Ada',
      SourceContactLast: 'Quinn Admin',
      SourceContactPhone: '',
      SourceContactExtension: '',
      SourceContactEmail: admin.email,
      ExportStartDate: today(),
      ExportEndDate: today(),
      SoftwareName: 'Lakeside Advocates',
      SoftwareVersion: '',
      CSVVersion: '2026',
      ExportPeriodType: '3',
      ExportDirective: '2',
      HashStatus: '1',
      ImplementationID: `portal:${board}`,
    });
    const long = await exportRowOf(`${'Á'.repeat(55)} ${'B'.repeat(30)}   ${'C'.repeat(30)}`);
    expect(long).toMatchObject({
      SourceContactFirst: 'Á'.repeat(50),
      SourceContactLast: `${'B'.repeat(30)} ${'C'.repeat(19)}`,
    });
    await t.database.db.update(users).set({ name: 'Ada Q Admin' }).where(eq(users.id, admin.user.id));
  });

  it('ends every line of every file with CRLF (RFC 4180), quoting where needed', async () => {
    const res = await download(admin.cookie, { ...period(), reason: 'r' });
    expect(res.statusCode).toBe(200);
    const files = rawFiles(res.rawPayload);
    expect(Object.keys(files)).toHaveLength(24);
    for (const [name, text] of Object.entries(files)) {
      expect(text.endsWith('\r\n'), name).toBe(true);
      // No CR or LF but those of a CRLF: no cell of these reports holds a line break.
      expect(text.replaceAll('\r\n', '').search(/[\r\n]/), name).toBe(-1);
    }
    // The header, Jordan's and Sam's rows, and the empty end after the last CRLF.
    const client = files['Client.csv']!.split('\r\n');
    expect(client).toHaveLength(4);
    expect(client.some((line) => line.includes(',"Lee, ""Sparrow""",'))).toBe(true);
  });

  it('lists a past export whose audit row has no details with an empty period and reason', async () => {
    // The audit log is append-only: the row stays, the oldest of the list.
    const [old] = await t.database.db
      .insert(auditLog)
      .values({
        action: 'hmis.export',
        targetType: 'hmis-export',
        actorEmail: admin.email,
        details: null,
        createdAt: new Date('2020-01-01T00:00:00Z'),
      })
      .returning();
    const history = await call(t.app, admin.cookie, { method: 'GET', url: '/api/exports/hmis' });
    expect(history.statusCode).toBe(200);
    const item = (history.json().items as { _id: string }[]).find((i) => i._id === old!.id);
    expect(item).toEqual({
      _id: old!.id,
      actorEmail: admin.email,
      createdAt: '2020-01-01T00:00:00.000Z',
      from: '',
      to: '',
      reason: '',
      counts: {},
    });
  });

  it('gathers an export of more than one batch of 500 reports, each once, in pages of one filing time', async () => {
    // 501 copies of one report, all filed at the same instant: the pages follow (created_at, id).
    // Each is sealed for its own id, as the repository seals it (the id is bound into the ciphertext).
    const day = '2024-06-03';
    const filed = new Date(`${day}T12:00:00.000Z`);
    const pii = createPii(piiKeyring(t.app.keys));
    const fields = reportFields.parse(withConsent());
    const ids = Array.from({ length: 501 }, () => crypto.randomUUID());
    await t.database.db.insert(reports).values(ids.map((id) => toRowValues(pii, id, member.user.id, fields, filed)));

    const checked = await check(admin.cookie, { from: day, to: day });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ reports: 501, problems: [] });
    expect(checked.json().counts).toMatchObject({ 'Client.csv': 501, 'Disabilities.csv': 3006, 'User.csv': 2 });

    const res = await download(admin.cookie, { from: day, to: day, reason: 'Year-end upload' });
    expect(res.statusCode).toBe(200);
    const zip = unzip(res.rawPayload);
    expect(zip['Client.csv']!.rows.map((r) => r[0]).sort()).toEqual(ids.map((id) => id.replaceAll('-', '')).sort());
    expect(zip['Disabilities.csv']!.rows).toHaveLength(3006);
    expect(new Set(zip['Disabilities.csv']!.rows.map((r) => r[0])).size).toBe(3006);
    await t.database.db.delete(reports).where(inArray(reports.id, ids));
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

describe('HMIS CSV export of a board with long names and no CoC', () => {
  // At the configuration's limits: HMIS_ORGANIZATION_NAME 200 characters, PRODUCT_NAME 100.
  const organization = 'Fédération régionale des conseils de recyclage '.repeat(5).slice(0, 200);
  const product = 'Portail des défenseurs du recyclage et de la réduction des déchets '.repeat(2).slice(0, 100);
  let board: TestApp;

  beforeAll(async () => {
    board = await createTestApp({ PRODUCT_NAME: product, HMIS_ORGANIZATION_NAME: organization });
  });
  afterAll(() => board.close());

  it('cuts each name to its column (SourceName and SoftwareName 50, ImplementationID 200) and writes no CoC', async () => {
    expect([...organization]).toHaveLength(200);
    const filer = await createUser(board, { name: 'Morgan Member' });
    const exporter = await createUser(board, { isAdmin: true, name: 'Ada Admin', steppedUp: true });
    const filed = await call(board.app, filer.cookie, { method: 'POST', url: '/api/reports', payload: withConsent() });
    expect(filed.statusCode, filed.body).toBe(201);
    const day = board.clock.now().toISOString().slice(0, 10);

    const res = await call(board.app, exporter.cookie, {
      method: 'POST',
      url: '/api/exports/hmis',
      payload: { from: day, to: day, reason: 'r' },
    });
    // Everything cut to fit: the export passes its own validation.
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const zip = unzip(res.rawPayload);
    expect(records(zip['Export.csv']!)[0]).toMatchObject({
      SourceName: organization.slice(0, 50),
      SoftwareName: product.slice(0, 50),
      ImplementationID: `portal:${organization}`.slice(0, 200),
    });
    expect(records(zip['Organization.csv']!)[0]!.OrganizationName).toBe(organization);
    expect(records(zip['Project.csv']!)[0]).toMatchObject({
      ProjectName: `${organization} Street Outreach`.slice(0, 200),
      ContinuumProject: '0',
    });
    expect(zip['ProjectCoC.csv']!.rows).toEqual([]);
    expect(records(zip['Enrollment.csv']!)[0]!.EnrollmentCoC).toBe('');
  });
});
