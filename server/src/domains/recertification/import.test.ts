import { CE_IMPORT_MESSAGES, CE_MESSAGES, IMPORT_MESSAGES, RECERTIFICATION_MESSAGES, utcDay } from '@portal/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import {
  activityPayload,
  daysFromNow,
  holdCertificate as holdCertificateOf,
  logActivity,
} from '../../../test/recertification';
import { multipart } from '../../../test/uploads';
import { auditLog, ceActivities } from '../../db/schema';

/** Issue 33: the board's import of a training provider's CE activities, through HTTP. */

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let admin: User;
let member: User;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  member = await createUser(t);
});
afterAll(() => t.close());

const HEADER = 'certificateNo,email,title,provider,date,hours,category';
const dayFromNow = (days: number) => utcDay(daysFromNow(t, days));
const holdCertificate = (holder = member, dates: Parameters<typeof holdCertificateOf>[2] = {}) =>
  holdCertificateOf(t, holder, dates);

let titles = 0;
/** A row of the file: a workshop of its own a month ago, 2 hours of practice, unless `change` says otherwise. */
const row = (change: {
  no?: string;
  email?: string;
  title?: string;
  date?: string;
  hours?: string;
  category?: string;
}) =>
  [
    change.no ?? '',
    change.email ?? '',
    change.title ?? `Provider workshop ${++titles}`,
    'County Recycling Academy',
    change.date ?? dayFromNow(-30),
    change.hours ?? '2',
    change.category ?? 'practice',
  ].join(',');

function upload(
  data: string | Buffer,
  { query = '', cookie = admin.cookie, filename = 'provider.csv', contentType = 'text/csv' } = {},
) {
  // An empty cookie is a guest's.
  return call(t.app, cookie || undefined, {
    method: 'POST',
    url: `/api/ce-activities/import${query}`,
    ...multipart({ field: 'file', filename, contentType, data }),
  });
}
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

const activitiesOf = (certificateId: string) =>
  t.database.db.select().from(ceActivities).where(eq(ceActivities.certificateId, certificateId));
const importAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ce-activity.import'));

describe('POST /api/ce-activities/import', () => {
  it('creates the activities of rows naming a certificate by number or by e-mail, as the holder’s own', async () => {
    const byNumber = await holdCertificate();
    const holder = await createUser(t);
    // A revoked certificate does not count against the e-mail's one.
    await holdCertificate(holder, { revoked: true });
    const byEmail = await holdCertificate(holder);
    const res = await upload(
      csv(
        row({ no: byNumber.certificateNo, title: 'Baling safety', hours: '2.75' }),
        // The e-mail in any case, the category by its name in any case.
        row({ email: holder.email.toUpperCase(), title: 'Talking to schools', category: 'OUTREACH AND ETHICS' }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 2, errors: [] });

    // The holder reads them as their own, to be reviewed as any they log, without evidence.
    const mine = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/ce-activities?certificateId=${byNumber.id}`,
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        title: 'Baling safety',
        provider: 'County Recycling Academy',
        completedOn: dayFromNow(-30),
        hours: 2.75,
        category: 'practice',
        evidenceUrl: '',
        status: 'Pending',
        locked: false,
      }),
    ]);
    const theirs = await call(t.app, holder.cookie, {
      method: 'GET',
      url: `/api/ce-activities?certificateId=${byEmail.id}`,
    });
    expect(theirs.json()).toEqual([expect.objectContaining({ title: 'Talking to schools', category: 'outreach' })]);
  });

  it('reads a semicolon CSV with decimal commas, and an XLSX workbook', async () => {
    const cert = await holdCertificate();
    const semicolons = [
      'Certificate No;E-mail;Title;Provider;Completed On;Hours;Category',
      `${cert.certificateNo};;Shredder maintenance;County Recycling Academy;${dayFromNow(-20)};1,5;practice`,
    ].join('\n');
    expect((await upload(semicolons)).json()).toEqual({ rows: 1, created: 1, errors: [] });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Activities');
    sheet.addRow(HEADER.split(','));
    // A date cell is a day at midnight UTC; hours a number.
    const day = new Date(`${dayFromNow(-10)}T00:00:00Z`);
    sheet.addRow([cert.certificateNo, '', 'Glass sorting', 'County Recycling Academy', day, 3, 'practice']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(xlsx, {
      filename: 'provider.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(res.json(), res.body).toEqual({ rows: 1, created: 1, errors: [] });
    expect((await activitiesOf(cert.id)).map((a) => [a.title, a.completedOn, a.hours]).sort()).toEqual([
      ['Glass sorting', dayFromNow(-10), 3],
      ['Shredder maintenance', dayFromNow(-20), 1.5],
    ]);
  });

  it('answers a dry run with what the import would create, and creates nothing', async () => {
    const cert = await holdCertificate();
    const file = csv(row({ no: cert.certificateNo }), row({ no: cert.certificateNo }));
    const audits = (await importAudits()).length;
    const res = await upload(file, { query: '?dryRun=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 2, errors: [] });
    expect(await activitiesOf(cert.id)).toEqual([]);
    expect(await importAudits()).toHaveLength(audits);
  });

  describe('refuses a row that breaks a member’s rules', () => {
    type Cert = Awaited<ReturnType<typeof holdCertificate>>;
    const cases: [string, (cert: Cert) => string, (cert: Cert) => { column: string; message: string }][] = [
      [
        'hours that are not quarters',
        ({ certificateNo: no }) => row({ no, hours: '1.3' }),
        () => ({ column: 'hours', message: RECERTIFICATION_MESSAGES.quarterHours('Hours') }),
      ],
      [
        'no hours',
        ({ certificateNo: no }) => row({ no, hours: '0' }),
        () => ({ column: 'hours', message: 'Hours must be more than 0' }),
      ],
      [
        'hours that are not a number',
        ({ certificateNo: no }) => row({ no, hours: 'two' }),
        () => ({ column: 'hours', message: 'Hours must be a number of hours' }),
      ],
      [
        'more hours than one activity may have',
        ({ certificateNo: no }) => row({ no, hours: '8.25' }),
        () => ({ column: 'hours', message: CE_MESSAGES.overMaximum(8) }),
      ],
      [
        'a day in the future',
        ({ certificateNo: no }) => row({ no, date: dayFromNow(2) }),
        () => ({ column: 'date', message: CE_MESSAGES.future }),
      ],
      [
        'a day before the cycle',
        ({ certificateNo: no }) => row({ no, date: dayFromNow(-700) }),
        (cert) => ({
          column: 'date',
          message: CE_MESSAGES.outsideCycle(utcDay(cert.awardedOn), utcDay(new Date(cert.validTill.getTime() - 1))),
        }),
      ],
      [
        'a day that is no date',
        ({ certificateNo: no }) => row({ no, date: '31/01/2026' }),
        () => ({ column: 'date', message: 'Completed on must be a date (YYYY-MM-DD)' }),
      ],
      [
        'an unknown category',
        ({ certificateNo: no }) => row({ no, category: 'gardening' }),
        () => ({ column: 'category', message: CE_MESSAGES.unknownCategory(['practice', 'outreach']) }),
      ],
      [
        'an unknown certificate number',
        () => row({ no: 'NO-SUCH-NUMBER' }),
        () => ({ column: 'certificateNo', message: CE_IMPORT_MESSAGES.unknownNumber }),
      ],
      [
        'an e-mail no certificate has',
        () => row({ email: 'nobody@example.org' }),
        () => ({ column: 'email', message: CE_IMPORT_MESSAGES.emailNotOne(0) }),
      ],
      [
        'neither a number nor an e-mail',
        () => row({}),
        () => ({ column: 'certificateNo', message: CE_IMPORT_MESSAGES.noCertificate }),
      ],
    ];

    it.each(cases)('%s: 422, and nothing of the file is created', async (_name, bad, error) => {
      const cert = await holdCertificate();
      const res = await upload(csv(row({ no: cert.certificateNo }), bad(cert)));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        message: CE_IMPORT_MESSAGES.refused,
        rows: 2,
        created: 0,
        errors: [{ row: 3, ...error(cert) }],
      });
      expect(await activitiesOf(cert.id)).toEqual([]);
    });
  });

  it('refuses an e-mail with several certificates, a revoked certificate, and an activity logged already', async () => {
    const holder = await createUser(t);
    await holdCertificate(holder);
    const second = await holdCertificate(holder);
    const revoked = await holdCertificate(member, { revoked: true });
    const cert = await holdCertificate();
    const logged = activityPayload(t, cert.id);
    expect((await logActivity(t, member, logged)).statusCode).toBe(201);
    const res = await upload(
      csv(
        row({ email: holder.email }),
        row({ no: revoked.certificateNo }),
        // The same title, provider and day, in another case.
        row({ no: cert.certificateNo, title: logged.title.toUpperCase(), date: logged.completedOn }),
        // With the number, the e-mail is not asked.
        row({ no: second.certificateNo, email: holder.email }),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'email', message: CE_IMPORT_MESSAGES.emailNotOne(2) },
      { row: 3, column: 'certificateNo', message: CE_IMPORT_MESSAGES.revoked },
      { row: 4, column: 'title', message: CE_MESSAGES.duplicate },
    ]);
    expect(await activitiesOf(second.id)).toEqual([]);
    expect(await activitiesOf(revoked.id)).toEqual([]);
    expect(await activitiesOf(cert.id)).toHaveLength(1);
  });

  it('refuses an activity the file gives twice for one certificate, by number and by e-mail alike', async () => {
    const holder = await createUser(t);
    const cert = await holdCertificate(holder);
    const twice = { title: 'Composting basics', date: dayFromNow(-40) };
    // A batch (250 rows) apart: the import has written the first when it meets the second.
    const between = Array.from({ length: 250 }, () => row({ no: cert.certificateNo }));
    const file = csv(
      row({ no: cert.certificateNo, ...twice }),
      ...between,
      row({ email: holder.email, ...twice, title: 'composting BASICS' }),
    );
    const errors = [
      { row: 2, column: 'title', message: CE_IMPORT_MESSAGES.duplicateInFile(253) },
      { row: 253, column: 'title', message: CE_IMPORT_MESSAGES.duplicateInFile(2) },
    ];
    // A dry run lists what the import refuses; with a refused row, it would create nothing.
    const dryRun = await upload(file, { query: '?dryRun=true' });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json()).toEqual({ rows: 252, created: 0, errors });
    const res = await upload(file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: CE_IMPORT_MESSAGES.refused, rows: 252, created: 0, errors });
    expect(await activitiesOf(cert.id)).toEqual([]);
  });

  it('is all or nothing: rows in batches before a refused one are not kept', async () => {
    const cert = await holdCertificate();
    // Past one batch (250 rows): the first batch is checked, and written, before the bad row is read.
    const good = Array.from({ length: 300 }, () => row({ no: cert.certificateNo, hours: '0.25' }));
    const res = await upload(csv(...good, row({ no: cert.certificateNo, hours: '9' })));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ rows: 301, created: 0, errors: [{ row: 302, column: 'hours' }] });
    expect(await activitiesOf(cert.id)).toEqual([]);

    const fixed = await upload(csv(...good));
    expect(fixed.json()).toEqual({ rows: 300, created: 300, errors: [] });
    expect(await activitiesOf(cert.id)).toHaveLength(300);
  });

  it('refuses a file whose header names no certificate column (400)', async () => {
    const res = await upload('title,provider,date,hours,category\nSorting,Academy,2026-01-01,2,practice\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.missingColumns(['certificateNo or email']));
  });

  it('refuses a member (403) and a guest (401), and creates nothing', async () => {
    const cert = await holdCertificate();
    const file = csv(row({ no: cert.certificateNo }));
    expect((await upload(file, { cookie: member.cookie })).statusCode).toBe(403);
    expect((await upload(file, { cookie: '' })).statusCode).toBe(401);
    expect(await activitiesOf(cert.id)).toEqual([]);
  });

  it('audits a real import with its count, and keeps the file for the audit', async () => {
    const cert = await holdCertificate();
    const file = csv(row({ no: cert.certificateNo }), row({ no: cert.certificateNo }), row({ no: cert.certificateNo }));
    const before = (await importAudits()).length;
    // Neither a dry run nor a refused import is audited.
    await upload(file, { query: '?dryRun=true' });
    await upload(csv(row({ no: cert.certificateNo, hours: '9' })));
    expect(await importAudits()).toHaveLength(before);

    expect((await upload(file, { filename: 'academy-march.csv' })).json()).toMatchObject({ created: 3 });
    const audits = await importAudits();
    expect(audits).toHaveLength(before + 1);
    const audit = audits.find((a) => (a.details as { fileName?: string }).fileName === 'academy-march.csv')!;
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'import' });
    expect(audit.details).toEqual({
      file: `/api/files/${audit.targetId}`,
      fileName: 'academy-march.csv',
      rows: 3,
      created: 3,
    });
    const kept = await call(t.app, admin.cookie, { method: 'GET', url: `/api/files/${audit.targetId}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(file);
  });
});
