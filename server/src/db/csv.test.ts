import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from './schema';
import { call, createTestApp, createUser, holdsNumber, type TestApp } from '../../test/harness';
import { fullReport, SSN_DIGITS } from '../../test/reports';
import { neutralizeFormula } from './csv';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Ada Admin' });
  member = await createUser(t, { name: '=HYPERLINK("http://evil.example","Click")' });
});
afterAll(() => t.close());

const get = (url: string, cookie = admin.cookie) => call(t.app, cookie, { method: 'GET', url });

/** The CSV's rows as objects keyed by its header; the BOM is checked and dropped. */
function table(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
}

const exportAudits = async (action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.user.id)));

describe('neutralizeFormula (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+33 6 12', "'+33 6 12"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (cell, expected) => expect(neutralizeFormula(cell)).toBe(expected));

  // Issue 30, F8: a spreadsheet that splits a cell on `,` `;` or a tab (a paste, a text import)
  // reads a formula at the start of every part.
  it.each([
    ['Morgan;=2+3', "'Morgan;=2+3"],
    ['Morgan,=2+3', "'Morgan,=2+3"],
    ['Morgan\t=2+3', "'Morgan\t=2+3"],
    ['Morgan\n@SUM(A1)', "'Morgan\n@SUM(A1)"],
    ['Morgan\r\n+1', "'Morgan\r\n+1"],
    ['a;-2', "'a;-2"],
    ['a,\tb', "'a,\tb"],
    ['Rivers, Jordan', 'Rivers, Jordan'],
    ['Yes; No', 'Yes; No'],
    ['2+3=5', '2+3=5'],
  ])('after a separator: %j → %j', (cell, expected) => expect(neutralizeFormula(cell)).toBe(expected));
});

describe('admin list exports', () => {
  beforeAll(async () => {
    for (const [no, name] of [
      ['CRA-EXP-1', 'Advocate Alpha'],
      ['CRA-EXP-2', '@Advocate Beta'],
      ['CRA-EXP-3', 'Gamma'],
    ] as const) {
      const res = await call(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/certificates',
        payload: { userEmail: member.email, certificateNo: no, name, status: 'Active', validTill: '2030-01-31' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('streams the certificates the list shows, in its order, with the filter, as RFC 4180 with a BOM', async () => {
    const res = await get('/api/certificates/export.csv?q=advocate&sort=certificateNo&order=desc&offset=1&limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificates-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('\r\n');
    const rows = table(res.body);
    // Every match, not a page: offset and limit are the screen's paging, not the export's.
    expect(rows.map((r) => r.certificateNo)).toEqual(['CRA-EXP-2', 'CRA-EXP-1']);
    expect(rows[1]).toMatchObject({
      userEmail: member.email,
      name: 'Advocate Alpha',
      status: 'Active',
      validTill: '2030-01-31',
      // Filed under a member's e-mail: their account holds it (issue 11).
      claimed: 'Yes',
      revokedAt: '',
    });
    expect(rows[1]!.verificationUrl).toMatch(/^http:\/\/localhost:3000\/verify\/[A-Za-z0-9_-]{22,}$/);
    expect(rows[1]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // A formula-like cell is text.
    expect(rows[0]!.name).toBe("'@Advocate Beta");
    // The list answers the same rows in the same order.
    const list = (await get('/api/certificates?q=advocate&sort=certificateNo&order=desc')).json();
    expect(list.map((c: { certificateNo: string }) => c.certificateNo)).toEqual(rows.map((r) => r.certificateNo));
  });

  it('exports users without phone, address or age, and escapes a formula in a name', async () => {
    const rows = table((await get(`/api/users/export.csv?q=${encodeURIComponent('HYPERLINK')}`)).body);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).toEqual([
      'name',
      'email',
      'certificateNo',
      'job',
      'isAdmin',
      'isVerified',
      'lastLogin',
      'createdAt',
    ]);
    expect(rows[0]).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","Click")`,
      email: member.email,
      isAdmin: 'false',
      isVerified: 'true',
    });
  });

  it('escapes a formula after a separator in a name (issue 30, F8)', async () => {
    const morgan = await createUser(t, { name: 'Morgan;=2+3' });
    const rows = table((await get(`/api/users/export.csv?q=${encodeURIComponent(morgan.email)}`)).body);
    expect(rows.map((r) => r.name)).toEqual(["'Morgan;=2+3"]);
  });

  it('exports jobs with the list search', async () => {
    const job = {
      title: 'Sorting lead',
      company: 'Green Co',
      location: 'Salem',
      description: 'Lead the line',
      applyLink: 'https://jobs.example/1',
    };
    expect((await call(t.app, admin.cookie, { method: 'POST', url: '/api/jobs', payload: job })).statusCode).toBe(201);
    const rows = table((await get('/api/jobs/export.csv?q=sorting')).body);
    expect(rows).toEqual([expect.objectContaining(job)]);
    expect(table((await get('/api/jobs/export.csv?q=no-such-job')).body)).toEqual([]);
  });

  it('exports reports without the SSN, the DOB or any sealed answer', async () => {
    const filed = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: fullReport() });
    expect(filed.statusCode, filed.body).toBe(201);
    const res = await get('/api/reports/export.csv?q=jordan');
    const rows = table(res.body);
    expect(rows).toEqual([
      {
        clientName: 'Jordan Rivers',
        projectStartDate: '2025-03-01',
        filedAt: expect.stringMatching(/^\d{4}-/),
        filedBy: member.email,
        consentToShareWithHmis: 'Yes',
        hasImage: 'No',
        hasVideo: 'No',
      },
    ]);
    expect(holdsNumber(res.body, SSN_DIGITS)).toBe(false);
    for (const sealed of ['1980-04-12', 'Elm Street', 'Trespass', 'MED-778899', 'Officer Dana Kim'])
      expect(res.body).not.toContain(sealed);
  });

  it('exports the audit log with its filters', async () => {
    const rows = table((await get('/api/audit-log/export.csv?action=certificate.create')).body);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.action === 'certificate.create' && r.actorEmail === admin.email)).toBe(true);
    expect(JSON.parse(rows[0]!.details!)).toBeTypeOf('object');
  });

  it('audits every export with who and which search, before the file', async () => {
    await get('/api/certificates/export.csv?q=gamma');
    const audits = await exportAudits('certificate.export');
    expect(audits.at(-1)).toMatchObject({ targetType: 'certificates', details: { filters: { q: 'gamma' } } });
    for (const action of ['user.export', 'job.export', 'report.export', 'audit.export'])
      expect((await exportAudits(action)).length, action).toBeGreaterThan(0);
  });

  it('refuses members, guests and a bad sort, and audits nothing for them', async () => {
    const before = (await exportAudits('certificate.export')).length;
    for (const url of [
      '/api/certificates/export.csv',
      '/api/users/export.csv',
      '/api/jobs/export.csv',
      '/api/reports/export.csv',
      '/api/audit-log/export.csv',
    ]) {
      expect((await get(url, member.cookie)).statusCode, url).toBe(403);
      expect((await call(t.app, undefined, { method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await get('/api/jobs/export.csv?sort=salary')).statusCode).toBe(400);
    expect((await get('/api/certificates/export.csv?order=sideways')).statusCode).toBe(400);
    expect((await exportAudits('certificate.export')).length).toBe(before);
  });

  it('reads past one cursor batch', async () => {
    const email = member.email;
    for (let i = 0; i < 1005; i += 201)
      await t.database.db.execute(
        // 201 certificates per statement, straight into the table (the API is not what is tested here).
        sql`insert into certificates (user_email, certificate_no, name, valid_till)
          select ${email}, 'CRA-BULK-' || (${i} + n), 'Bulk', now() + interval '1 year' from generate_series(1, 201) n`,
      );
    const rows = table((await get('/api/certificates/export.csv?q=CRA-BULK-')).body);
    expect(rows).toHaveLength(1005);
    expect(new Set(rows.map((r) => r.certificateNo)).size).toBe(1005);
  });
});
