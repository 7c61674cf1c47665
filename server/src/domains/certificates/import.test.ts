import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AWARDED_ON_MESSAGES, IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '@portal/contract';
import { and, count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { unzipSync, zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, inboxItems, uploads } from '../../db/schema';
import { revokedBit } from '../../../test/copies';
import { UPLOAD_MESSAGES } from '../files';
import { XLSX_TYPE } from './import';
import {
  blockApp,
  call,
  codeFrom,
  createTestApp,
  createUser,
  driver,
  GOOD_PASSWORD,
  lastMail,
  postgresUrlOf,
  sessionCookie,
  stepUp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { docx, multipart, packedZeros, pdf, png, zip } from '../../../test/uploads';
import { inDays } from '../../../test/certificates';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin') });
  member = await createUser(t, { name: 'Mia Member' });
});
afterAll(() => t.close());

const HEADER = 'userEmail,certificateNo,name,status,validTill';
let prefixes = 0;
/** A number prefix of its own per test, so tests never meet each other's rows. */
const prefix = () => `imp${++prefixes}-${Date.now().toString(36)}`;

function upload(data: string | Buffer, { filename = 'certificates.csv', query = '', cookie = admin.cookie } = {}) {
  return call(t.app, cookie, {
    method: 'POST',
    url: `/api/certificates/import${query}`,
    ...multipart({ field: 'file', filename, contentType: 'text/csv', data }),
  });
}

const rowsOf = (p: string) =>
  t.database.db
    .select()
    .from(certificates)
    .where(like(certificates.certificateNo, `${p}-%`))
    .orderBy(certificates.certificateNo);

const SHEET_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

const importAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.import'));

describe('POST /api/certificates/import', () => {
  it('creates every row of a good file, lets a verified account claim its own, and answers the counts', async () => {
    const p = prefix();
    const csv = [
      HEADER,
      `${member.email.toUpperCase()},${p}-1,Certified Recycling Advocate,Active,2030-06-30`,
      `someone.${p}@example.org,${p}-2,Certified Recycling Advocate,Inactive,2031-01-15`,
      `other.${p}@example.org,${p}-3,Master Advocate,Active,2029-12-31`,
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, errors: [] });

    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.userEmail, r.status, r.validTill.toISOString().slice(0, 10)])).toEqual([
      [member.email, 'Active', '2030-06-30'],
      [`someone.${p}@example.org`, 'Inactive', '2031-01-15'],
      [`other.${p}@example.org`, 'Active', '2029-12-31'],
    ]);
    // Decision 0006: filed under a verified account's e-mail, it is theirs at once.
    expect(rows[0]!.holderId).toBe(member.user.id);
    expect(rows[0]!.holderName).toBe('Mia Member');
    expect(rows[1]!.holderId).toBeNull();
    expect(rows[1]!.suspendedAt).not.toBeNull();
    // Signing waits for the queue; the member's list shows the certificate meanwhile.
    expect(rows.every((r) => r.credential === null)).toBe(true);
    const mine = await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${member.email}` });
    expect(mine.json().map((c: { certificateNo: string }) => c.certificateNo)).toContain(`${p}-1`);

    // The signer issues their copies: the Inactive one's is revoked as it is issued (decision 0037).
    await t.app.credentials.signUnsigned();
    expect(await revokedBit(t.database.db, rows[1]!.id)).toBe(true);
    expect(await revokedBit(t.database.db, rows[0]!.id)).toBe(false);
  });

  it('signs an imported certificate on demand when it is checked before the queue got to it, and the queue signs the rest', async () => {
    const p = prefix();
    const res = await upload(
      `${HEADER}\nholder.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\nholder.${p}@example.org,${p}-2,Advocate,Inactive,2030-01-01`,
    );
    expect(res.json().created).toBe(2);
    const [first, second] = await rowsOf(p);
    const check = await t.app.inject({ method: 'GET', url: `/api/verify/${first!.verificationId}` });
    expect(check.json()).toMatchObject({ certificateNo: `${p}-1`, status: 'Active', signature: { valid: true } });
    expect(await t.app.credentials.signUnsigned()).toBeGreaterThanOrEqual(1);
    const [signed] = await t.database.db.select().from(certificates).where(eq(certificates.id, second!.id));
    expect(signed!.credential).not.toBeNull();
    const page = (await t.app.inject({ method: 'GET', url: `/api/verify/${second!.verificationId}` })).json();
    expect(page).toMatchObject({ status: 'Inactive', signature: { valid: true } });
    expect(await t.app.credentials.signUnsigned()).toBe(0);
  });

  it('changes nothing when the same file comes again, and updates (version up, re-signed later) what changed', async () => {
    const p = prefix();
    const csv = `${HEADER}\na.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\na.${p}@example.org,${p}-2,Advocate,Active,2030-01-01\n`;
    expect((await upload(csv)).json()).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    await t.app.credentials.signUnsigned();
    const before = await rowsOf(p);

    const again = await upload(csv);
    expect(again.json()).toEqual({ rows: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
    const same = await rowsOf(p);
    expect(same.map((r) => [r.version, r.updatedAt.getTime(), r.credential])).toEqual(
      before.map((r) => [r.version, r.updatedAt.getTime(), r.credential]),
    );

    const edited = csv.replace(`${p}-2,Advocate,Active,2030-01-01`, `${p}-2,Advocate,Inactive,2032-05-05`);
    expect((await upload(edited)).json()).toEqual({ rows: 2, created: 0, updated: 1, unchanged: 1, errors: [] });
    const [one, two] = await rowsOf(p);
    expect(one!.version).toBe(before[0]!.version);
    expect(two!.version).toBe(before[1]!.version + 1);
    expect(two!.validTill.toISOString().slice(0, 10)).toBe('2032-05-05');
    // The stored credential stated the old date: it is dropped, its copy revoked as the import
    // commits, and the queue issues the next copy (decision 0037).
    expect(two!.credential).toBeNull();
    expect(await revokedBit(t.database.db, two!.id, 1)).toBe(true);
    await t.app.credentials.signUnsigned();
    // Inactive: its new copy is revoked as it is issued.
    expect(await revokedBit(t.database.db, two!.id, 2)).toBe(true);
    // And back to Active issues a third copy, which stands; the earlier ones stay revoked.
    expect((await upload(csv)).json()).toMatchObject({ updated: 1, unchanged: 1 });
    await t.app.credentials.signUnsigned();
    expect(await revokedBit(t.database.db, two!.id, 3)).toBe(false);
    expect(await revokedBit(t.database.db, two!.id, 1)).toBe(true);
    // The row left unchanged kept its one copy.
    expect(await revokedBit(t.database.db, one!.id, 1)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verify/${one!.verificationId}/versions/2` })).statusCode,
    ).toBe(404);
  });

  it('tells the holder to download a certificate again once an import changed it, and not when it changed nothing they hold', async () => {
    const p = prefix();
    const csv = `${HEADER}\n${member.email},${p}-1,Advocate,Active,2030-01-01\n`;
    expect((await upload(csv)).json()).toMatchObject({ created: 1 });
    await t.app.credentials.signUnsigned();
    const [held] = await rowsOf(p);
    const notices = async () =>
      (
        await t.database.db
          .select()
          .from(inboxItems)
          .where(and(eq(inboxItems.certificateId, held!.id), eq(inboxItems.kind, 'new-copy')))
      ).length;
    expect(await notices()).toBe(0);
    expect((await upload(csv.replace('2030-01-01', '2031-01-01'))).json()).toMatchObject({ updated: 1 });
    // Its copy is revoked as the import commits; the signer issues the next and tells the holder.
    expect(await revokedBit(t.database.db, held!.id, 1)).toBe(true);
    await t.app.credentials.signUnsigned();
    expect(await revokedBit(t.database.db, held!.id, 2)).toBe(false);
    expect(await notices()).toBe(1);
  });

  it('reports every bad row with its row, column and message, and imports the good ones', async () => {
    const p = prefix();
    const csv = [
      HEADER,
      `ok.${p}@example.org,${p}-1,Advocate,Active,2030-01-01`,
      `not-an-email,${p}-2,Advocate,Active,2030-01-01`,
      `ok.${p}@example.org,,Advocate,Active,2030-01-01`,
      `ok.${p}@example.org,${p}-4,Advocate,Sleeping,31/12/2030`,
      `ok.${p}@example.org,${p}-5,Advocate,Active,2030-01-01`,
      `ok.${p}@example.org,${p}-6,Advocate,Active,2030-01-01,extra`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 6, created: 3, updated: 0, unchanged: 0 });
    expect(body.errors).toEqual([
      { row: 3, column: 'userEmail', message: 'Please enter a valid email address.' },
      { row: 4, column: 'certificateNo', message: 'Certificate No is required' },
      { row: 5, column: 'status', message: 'Status must be Active or Inactive' },
      { row: 5, column: 'validTill', message: 'Enter a valid date' },
    ]);
    expect((await rowsOf(p)).map((r) => r.certificateNo)).toEqual([`${p}-1`, `${p}-5`, `${p}-6`]);
  });

  it('names the field and the rule in every row error, never a validator’s wording', async () => {
    const p = prefix();
    const long = (n: number) => 'x'.repeat(n);
    const csv = [
      `${HEADER},holderName,downloadLink`,
      `${long(250)}@example.org,${p}-1,Advocate,Active,2030-01-01,,`,
      `ok.${p}@example.org,${p}-${long(50)},Advocate,Active,2030-01-01,,`,
      `ok.${p}@example.org,${p}-3,${long(201)},active,2030-01-01,,`,
      `ok.${p}@example.org,${p}-4,,Active,0000-01-01,${long(201)},`,
      `ok.${p}@example.org,${p}-5,Advocate,Active,2030-02-30,,https://example.org/a.pdf`,
      `ok.${p}@example.org,${p}-6,Advocate,Active,2030-01-01,,/api/files/${long(500)}`,
    ].join('\n');
    const res = await upload(csv, { query: '?dryRun=true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'userEmail', message: 'Email must be at most 254 characters' },
      { row: 3, column: 'certificateNo', message: 'Certificate No must be at most 50 characters' },
      { row: 4, column: 'name', message: 'Name must be at most 200 characters' },
      { row: 4, column: 'status', message: 'Status must be Active or Inactive' },
      { row: 5, column: 'name', message: 'Name is required' },
      { row: 5, column: 'validTill', message: 'Enter a date between the years 1 and 9999' },
      { row: 5, column: 'holderName', message: 'Holder name must be at most 200 characters' },
      { row: 6, column: 'validTill', message: 'Enter a valid date' },
      { row: 6, column: 'downloadLink', message: 'Not a file uploaded to this portal' },
      { row: 7, column: 'downloadLink', message: 'Download link must be at most 500 characters' },
    ]);
  });

  it('reads a CSV with a BOM, semicolons, quoted fields and a header in any case and spacing', async () => {
    const p = prefix();
    const csv = `\uFEFFUser Email;Certificate No;NAME;Status;Valid Till;Holder Name\r\nb.${p}@example.org;${p}-1;"Advocate; Senior";Active;2030-01-01;"Doe, Jane"\r\n`;
    const res = await upload(csv);
    expect(res.json(), res.body).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0, errors: [] });
    const [row] = await rowsOf(p);
    expect(row).toMatchObject({ userEmail: `b.${p}@example.org`, name: 'Advocate; Senior', holderName: 'Doe, Jane' });
  });

  it('reads an XLSX workbook, dates as dates and formulas as text', async () => {
    const p = prefix();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Certificates');
    sheet.addRow(['userEmail', 'certificateNo', 'name', 'status', 'validTill', 'holderName']);
    sheet.addRow([`x.${p}@example.org`, `${p}-1`, 'Advocate', 'Active', new Date(Date.UTC(2030, 2, 31)), 'Xavier']);
    sheet.addRow([
      `x.${p}@example.org`,
      `${p}-2`,
      { formula: 'HYPERLINK("http://evil.example","Click")', result: 'Click' },
      'Active',
      '2030-04-01',
    ]);
    sheet.addRow([`x.${p}@example.org`, `${p}-3`, 'Advocate', 'Active', 'soon']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(data, { filename: 'certificates.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 4, column: 'validTill', message: 'Enter a valid date' }],
    });
    const rows = await rowsOf(p);
    expect(rows[0]).toMatchObject({ holderName: 'Xavier', validTill: new Date('2030-03-31T23:59:59.999Z') });
    expect(rows[1]!.name).toBe('=HYPERLINK("http://evil.example","Click")');
  });

  it('keeps formula-like CSV cells as text, and the export escapes them again', async () => {
    const p = prefix();
    const csv = `${HEADER}\nf.${p}@example.org,${p}-1,"=cmd|' /C calc'!A0",Active,2030-01-01\nf.${p}@example.org,${p}-2,+SUM(1;2),Active,2030-01-01\n`;
    expect((await upload(csv)).json()).toMatchObject({ created: 2, errors: [] });
    const rows = await rowsOf(p);
    expect(rows.map((r) => r.name)).toEqual(["=cmd|' /C calc'!A0", '+SUM(1;2)']);
    const exported = await call(t.app, admin.cookie, { method: 'GET', url: `/api/certificates/export.csv?q=${p}` });
    expect(exported.body).toContain(`'=cmd|' /C calc'!A0`);
  });

  it('refuses every row of a number the file gives twice, and imports the others', async () => {
    const p = prefix();
    const csv = [
      HEADER,
      `d.${p}@example.org,${p}-1,Advocate,Active,2030-01-01`,
      `d.${p}@example.org,${p}-2,Advocate,Active,2030-01-01`,
      `e.${p}@example.org,${p}-1,Advocate,Inactive,2031-01-01`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.json()).toEqual({
      rows: 3,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 2, column: 'certificateNo', message: 'This certificate number is also in row 4.' },
        { row: 4, column: 'certificateNo', message: 'This certificate number is also in row 2.' },
      ],
    });
    expect((await rowsOf(p)).map((r) => r.certificateNo)).toEqual([`${p}-2`]);
  });

  it('stores nothing on a dry run, and answers what the import would do', async () => {
    const p = prefix();
    await upload(`${HEADER}\ng.${p}@example.org,${p}-1,Advocate,Active,2030-01-01`);
    const before = await rowsOf(p);
    const [{ n: uploadsBefore } = { n: -1 }] = await t.database.db.select({ n: count() }).from(uploads);
    const auditsBefore = (await importAudits()).length;
    const csv = `${HEADER}\ng.${p}@example.org,${p}-1,Advocate,Inactive,2030-01-01\ng.${p}@example.org,${p}-2,Advocate,Active,2030-01-01\nbad,${p}-3,Advocate,Active,2030-01-01`;
    const res = await upload(csv, { query: '?dryRun=true' });
    expect(res.json()).toEqual({
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [{ row: 4, column: 'userEmail', message: 'Please enter a valid email address.' }],
    });
    expect(await rowsOf(p)).toEqual(before);
    const [{ n: uploadsAfter } = { n: -2 }] = await t.database.db.select({ n: count() }).from(uploads);
    expect(uploadsAfter).toBe(uploadsBefore);
    expect((await importAudits()).length).toBe(auditsBefore);
  });

  it('refuses a file over 50 MB with 413, and stores nothing', async () => {
    const p = prefix();
    const line = `big.${p}@example.org,${p}-0,Advocate,Active,2030-01-01\n`;
    const data = `${HEADER}\n${line.repeat(Math.ceil(MAX_IMPORT_BYTES / line.length) + 1)}`;
    const res = await upload(data);
    expect(res.statusCode).toBe(413);
    // The size's own answer, not that of the rows a cut-off file would still have too many of.
    expect(res.json()).toEqual({ message: IMPORT_MESSAGES.tooLarge });
    expect(await rowsOf(p)).toEqual([]);
  });

  // Every row up to the limit is read and checked first: seconds, on a busy machine tens of them.
  it('refuses more than 200,000 rows with 413', async () => {
    const p = prefix();
    const lines = Array.from({ length: 200_001 }, (_, i) => `r@example.org,${p}-${i},A,Active,2030-01-01`);
    const res = await upload(`${HEADER}\n${lines.join('\n')}`, { query: '?dryRun=true' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('A file may hold at most 200,000 rows.');
  });

  it('refuses what is neither CSV text nor an XLSX workbook with 415', async () => {
    const nul = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from([0, 1, 2, 3])]);
    const latin1 = Buffer.from(`${HEADER}\nr\xe9@example.org,X,A,Active,2030-01-01\n`, 'latin1');
    for (const [data, filename] of [
      [await png(), 'certificates.csv'],
      [nul, 'certificates.csv'],
      [latin1, 'certificates.csv'],
      [await docx(), 'certificates.xlsx'],
      [Buffer.from(`${HEADER}\n`), 'certificates.exe'],
      // A workbook that is a zip bomb: refused by the same checks as a Word document's.
      [
        zip({ '[Content_Types].xml': SHEET_TYPES, 'xl/worksheets/sheet1.xml': await packedZeros(20 * 1024 * 1024) }),
        'bomb.xlsx',
      ],
    ] as const) {
      const res = await upload(data, { filename });
      expect(res.statusCode, filename).toBe(415);
    }
  });

  it('answers 400 for a zip that declares a workbook but holds none', async () => {
    const empty = await upload(zip({ '[Content_Types].xml': SHEET_TYPES }), { filename: 'empty.xlsx' });
    expect(empty.statusCode).toBe(400);
    const broken = zip({
      '[Content_Types].xml': SHEET_TYPES,
      'xl/workbook.xml': '<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"',
      'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>9</v></c>',
    });
    const res = await upload(broken, { filename: 'broken.xlsx' });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 400 for a header without the required columns', async () => {
    const res = await upload('email,number\na@example.org,1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The header lacks the columns userEmail, certificateNo, name, status, validTill.');
  });

  it('refuses a member (403) and a guest (401), and changes nothing', async () => {
    const p = prefix();
    const csv = `${HEADER}\nm.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\n`;
    expect((await upload(csv, { cookie: member.cookie })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/certificates/import',
          ...multipart({ filename: 'a.csv', contentType: 'text/csv', data: csv }),
        })
      ).statusCode,
    ).toBe(401);
    expect(await rowsOf(p)).toEqual([]);
  });

  it('reports a download link that names no uploaded document against its row', async () => {
    const p = prefix();
    const csv = `${HEADER},downloadLink\nl.${p}@example.org,${p}-1,Advocate,Active,2030-01-01,/api/files/00000000-0000-4000-8000-000000000000\n`;
    const res = await upload(csv);
    expect(res.json()).toMatchObject({
      created: 0,
      errors: [{ row: 2, column: 'downloadLink', message: 'Not a file uploaded to this portal' }],
    });
    const numbers = (await rowsOf(p)).map((r) => r.certificateNo);
    expect(numbers).toEqual([]);
  });
  it('stores each cell as written through the batch statements, and finds those numbers again', async () => {
    const p = prefix();
    const document = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ filename: 'certificate.pdf', contentType: 'application/pdf', data: pdf() }),
    });
    expect(document.statusCode, document.body).toBe(201);
    const link = document.json().fileUrl as string;
    // Quotes, a backslash and letters beyond ASCII: the rows and numbers travel as JSON.
    const odd = `${p}-"Ø\\1`;
    const csv = [
      `${HEADER},holderName,downloadLink`,
      `d.${p}@example.org,${p}-1,Advocate,Active,2030-01-01,Dana Doe,${link}`,
      `d.${p}@example.org,"${odd.replaceAll('"', '""')}",Advocate,Inactive,2030-01-01,,`,
    ].join('\n');
    expect((await upload(csv)).json()).toEqual({ rows: 2, created: 2, updated: 0, unchanged: 0, errors: [] });
    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.certificateNo, r.holderName, r.downloadLink, r.status, r.version])).toEqual([
      [odd, '', '', 'Inactive', 1],
      [`${p}-1`, 'Dana Doe', link, 'Active', 1],
    ]);
    expect(rows[0]!.createdAt).toEqual(rows[1]!.createdAt);
    const [attached] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, link.split('/').pop()!));
    expect(attached!.attachedAt).toBeInstanceOf(Date);
    expect((await upload(csv)).json()).toEqual({ rows: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
  });

  it('never hands a claimed certificate to another address: an old file’s e-mail is a row error, dry run and import alike (issue 30, F5)', async () => {
    const p = prefix();
    const email = `claim.${p}@example.org`;
    await upload(`${HEADER}\n${email},${p}-1,Advocate,Active,2030-01-01\n`);
    const exported = await call(t.app, admin.cookie, { method: 'GET', url: `/api/certificates/export.csv?q=${p}` });
    expect(exported.statusCode).toBe(200);

    // The member signs up with the certificate and proves the address: it is theirs.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Cleo Claimer', email, certificateNo: `${p}-1`, password: GOOD_PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const code = codeFrom((await lastMail(t, email))?.text);
    const verified = await call(t.app, sessionCookie(signup), {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    const holderId = verified.json().user._id as string;
    // An admin changes the member's e-mail; the certificate follows it.
    const newEmail = `moved.${p}@example.org`;
    const changed = await call(t.app, admin.cookie, {
      method: 'PUT',
      url: `/api/users/${holderId}`,
      payload: {
        email: newEmail,
        name: 'Cleo Claimer',
        certificateNo: `${p}-1`,
        gender: 'Human',
        job: 'Advocate',
        age: 30,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [held] = await rowsOf(p);
    expect(held).toMatchObject({ holderId, userEmail: newEmail });

    // The earlier export comes back: its row names the old address.
    const heldByAnother = { row: 2, column: 'userEmail', message: IMPORT_MESSAGES.heldByAnotherAccount };
    const dryRun = await upload(exported.body, { query: '?dryRun=true' });
    expect(dryRun.json()).toEqual({ rows: 1, created: 0, updated: 0, unchanged: 0, errors: [heldByAnother] });
    const real = await upload(exported.body);
    expect(real.json()).toEqual({ rows: 1, created: 0, updated: 0, unchanged: 0, errors: [heldByAnother] });
    expect(await rowsOf(p)).toEqual([held]);

    // Whoever signs up with the old address and the number gets nothing.
    const takeover = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Mallory', email, certificateNo: `${p}-1`, password: GOOD_PASSWORD },
    });
    expect(takeover.statusCode).toBe(400);
    // A row with the holder's own address still updates the rest, and the holder stays.
    const renewed = await upload(`${HEADER}\n${newEmail.toUpperCase()},${p}-1,Advocate,Active,2031-01-01\n`);
    expect(renewed.json()).toEqual({ rows: 1, created: 0, updated: 1, unchanged: 0, errors: [] });
    const [after] = await rowsOf(p);
    expect(after).toMatchObject({ holderId, userEmail: newEmail, claimedAt: held!.claimedAt });
    expect(after!.validTill.toISOString().slice(0, 10)).toBe('2031-01-01');
  });

  it('gives no certificate to an account in the trash, whether created or moved to its address (issue 30, F9)', async () => {
    const p = prefix();
    const gone = await createUser(t, { email: `gone.${p}@example.org`, name: 'Gone Member' });
    await stepUp(t, admin.cookie, { password: admin.password });
    const removed = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${gone.user.id}` });
    expect(removed.statusCode).toBe(204);
    await upload(`${HEADER}\nelse.${p}@example.org,${p}-2,Advocate,Active,2030-01-01\n`);

    const csv = `${HEADER}\n${gone.email},${p}-1,Advocate,Active,2030-01-01\n${gone.email},${p}-2,Advocate,Active,2030-01-01\n`;
    expect((await upload(csv)).json()).toEqual({ rows: 2, created: 1, updated: 1, unchanged: 0, errors: [] });
    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.certificateNo, r.userEmail, r.holderId, r.claimedAt, r.holderName])).toEqual([
      [`${p}-1`, gone.email, null, null, ''],
      [`${p}-2`, gone.email, null, null, ''],
    ]);
  });

  it('refuses every row of a number given thrice or beside a bad row, and never takes empty numbers for one', async () => {
    const p = prefix();
    const ok = (number: string) => `d.${p}@example.org,${number},Advocate,Active,2030-01-01`;
    const csv = [
      HEADER,
      ok(`${p}-1`),
      ok(`${p}-1`),
      ok(`${p}-1`),
      ok(''),
      ok(''),
      // A row with another problem still names its number (spaces trimmed, as the schema does).
      `not-an-email, ${p}-2 ,Advocate,Active,2030-01-01`,
      ok(`${p}-2`),
      ok(`${p}-3`),
    ].join('\n');
    const required = { column: 'certificateNo', message: 'Certificate No is required' };
    const res = await upload(csv, { query: '?dryRun=true' });
    expect(res.json()).toEqual({
      rows: 8,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 2, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(3) },
        { row: 3, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(2) },
        { row: 4, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(2) },
        { row: 5, ...required },
        { row: 6, ...required },
        { row: 7, column: 'userEmail', message: 'Please enter a valid email address.' },
        { row: 7, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(8) },
        { row: 8, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(7) },
      ],
    });
  });

  it('lists at most 10,000 problems and counts the rest, in the answer and in the audit', async () => {
    const p = prefix();
    const lines = Array.from({ length: 10_002 }, (_, i) => `bad,${p}-${i},Advocate,Active,2030-01-01`);
    const res = await upload(`${HEADER}\n${lines.join('\n')}\n`, { filename: `many-problems-${p}.csv` });
    expect(res.statusCode, res.body).toBe(200);
    const { errors, ...counts } = res.json() as { errors: { row: number; column: string; message: string }[] };
    expect(counts).toEqual({ rows: 10_002, created: 0, updated: 0, unchanged: 0 });
    expect(errors).toHaveLength(10_001);
    expect(errors[0]).toEqual({ row: 2, column: 'userEmail', message: 'Please enter a valid email address.' });
    expect(errors[9_999]).toMatchObject({ row: 10_001, column: 'userEmail' });
    expect(errors[10_000]).toEqual({ row: 0, column: '', message: '2 more problems are not listed.' });
    const audit = (await importAudits()).find(
      (a) => (a.details as { fileName?: string }).fileName === `many-problems-${p}.csv`,
    );
    expect(audit?.details).toMatchObject({ rows: 10_002, created: 0, errors: 10_002 });
  });

  it('reports a record CSV cannot read against its row, and reads the rows after it', async () => {
    const p = prefix();
    const ok = (n: number) => `q.${p}@example.org,${p}-${n},Advocate,Active,2030-01-01`;
    const csv = [HEADER, ok(1), `q.${p}@example.org,${p}-2,Adv"ocate,Active,2030-01-01`, ok(3), ok(4)].join('\n');
    const res = await upload(csv);
    expect(res.json()).toEqual({
      rows: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, column: '', message: expect.stringMatching(/^Not readable as CSV: Invalid Opening Quote/) }],
    });
    expect((await rowsOf(p)).map((r) => r.certificateNo)).toEqual([`${p}-1`, `${p}-3`, `${p}-4`]);
  });

  it('re-issues a credential for what it states, and keeps it for a new file or award date (decision 0037)', async () => {
    const p = prefix();
    const holder = await createUser(t, { email: `holder.${p}@example.org`, name: 'Hana Holder' });
    const documents: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/upload-file',
        ...multipart({ filename: `certificate-${i}.pdf`, contentType: 'application/pdf', data: pdf() }),
      });
      expect(res.statusCode, res.body).toBe(201);
      documents.push(res.json().fileUrl as string);
    }
    const [first, second, third] = documents as [string, string, string];
    const uploadOf = async (url: string) =>
      (
        await t.database.db
          .select()
          .from(uploads)
          .where(eq(uploads.id, url.split('/').pop()!))
      )[0];
    const file = (rows: string[]) => [`${HEADER},holderName,downloadLink,awardedOn`, ...rows].join('\n');
    const a = `a.${p}@example.org`;
    const before = file([
      `${a},${p}-1,Advocate,Active,2030-01-01,Dana Doe,${first},2020-01-01`,
      `${a},${p}-2,Advocate,Active,2030-01-01,,,2020-01-01`,
      `${a},${p}-3,Advocate,Inactive,2030-01-01,,,2020-01-01`,
      `${a},${p}-4,Advocate,Active,2030-01-01,,,2020-01-01`,
      `${a},${p}-5,Advocate,Active,2030-01-01,Dana Doe,${second},2020-01-01`,
      `${a},${p}-6,Advocate,Active,2030-01-01,,,2020-01-01`,
      `${a},${p}-7,Advocate,Active,2030-01-01,,,2020-01-01`,
      `${a},${p}-8,Advocate,Active,2030-01-01,Dana Doe,${first},2020-01-01`,
      `${a},${p}-9,Advocate,Active,2030-01-01,,,2020-01-01`,
    ]);
    expect((await upload(before)).json()).toMatchObject({ created: 9, errors: [] });
    await t.app.credentials.signUnsigned();
    const created = await rowsOf(p);
    expect(created.map((r) => r.suspendedAt !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(created.every((r) => r.credential !== null)).toBe(true);

    const after = file([
      // The name, the status, the holder's name and the e-mail are stated by the credential.
      `${a},${p}-1,Senior Advocate,Active,2030-01-01,Dana Doe,${first},2020-01-01`,
      `${a},${p}-2,Advocate,Inactive,2030-01-01,,,2020-01-01`,
      `${a},${p}-3,Senior Advocate,Inactive,2030-01-01,,,2020-01-01`,
      `${a},${p}-4,Advocate,Active,2030-01-01,Eve Example,,2020-01-01`,
      // The file and the award date are not.
      `${a},${p}-5,Advocate,Active,2030-01-01,Dana Doe,${third},2020-01-01`,
      `${a},${p}-6,Advocate,Active,2030-01-01,,,2021-02-02`,
      `b.${p}@example.org,${p}-7,Advocate,Active,2030-01-01,,,2020-01-01`,
      // Empty cells keep the holder's name and the file.
      `${a},${p}-8,Advocate,Active,2030-01-01,,,2020-01-01`,
      // Filed under a verified account's address: theirs at once, under their name.
      `${holder.email},${p}-9,Advocate,Active,2030-01-01,,,2020-01-01`,
    ]);
    const counts = { rows: 9, created: 0, updated: 8, unchanged: 1, errors: [] };
    expect((await upload(after, { query: '?dryRun=true' })).json()).toEqual(counts);
    expect(await rowsOf(p)).toEqual(created);
    expect((await upload(after)).json()).toEqual(counts);

    const rows = await rowsOf(p);
    const reissued = await Promise.all(rows.map((r) => revokedBit(t.database.db, r.id, 1)));
    expect(reissued).toEqual([true, true, true, true, false, false, true, false, true]);
    expect(rows.map((r) => r.credential === null)).toEqual(reissued);
    expect(rows.map((r) => r.version - created.find((c) => c.id === r.id)!.version)).toEqual([
      1, 1, 1, 1, 1, 1, 1, 0, 1,
    ]);
    const [one, two, three, four, five, six, seven, eight, nine] = rows;
    // Suspended when it turns Inactive, still since then when it stays so, never while Active.
    expect(one!.suspendedAt).toBeNull();
    expect(two!.suspendedAt).toBeInstanceOf(Date);
    expect(three!.suspendedAt).toEqual(created[2]!.suspendedAt);
    expect(four!.holderName).toBe('Eve Example');
    expect(five!.downloadLink).toBe(third);
    expect(six!.awardedOn.toISOString()).toBe('2021-02-02T00:00:00.000Z');
    expect(seven).toMatchObject({ userEmail: `b.${p}@example.org`, holderId: null });
    expect(eight).toMatchObject({ holderName: 'Dana Doe', downloadLink: first });
    expect(nine).toMatchObject({ userEmail: holder.email, holderId: holder.user.id, holderName: 'Hana Holder' });
    expect(nine!.claimedAt).toBeInstanceOf(Date);
    // The file the certificate left is removed (nothing else names it); the one it names is kept.
    expect(await uploadOf(second)).toBeUndefined();
    expect((await uploadOf(third))?.attachedAt).toBeInstanceOf(Date);
    expect((await uploadOf(first))?.attachedAt).toBeInstanceOf(Date);
  });

  it('refuses what is not one file named `file` in a multipart body, and a dry run other than true or false', async () => {
    const p = prefix();
    const csv = `${HEADER}\nr.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\n`;
    const post = (opts: Omit<InjectOptions, 'method' | 'url'>, query = '') =>
      call(t.app, admin.cookie, { method: 'POST', url: `/api/certificates/import${query}`, ...opts });
    const json = await post({ payload: { file: csv } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: UPLOAD_MESSAGES.unsupported });
    const noFile = await post(multipart([], { file: csv }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
    const otherField = await post(
      multipart({ field: 'upload', filename: 'certificates.csv', contentType: 'text/csv', data: csv }),
    );
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
    for (const query of ['?dryRun=yes', '?dryRun=true&force=true']) {
      expect((await upload(csv, { query })).statusCode, query).toBe(400);
    }
    expect(await rowsOf(p)).toEqual([]);
  });

  it('is described in the API document under certificates, with its dry run and its answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { tags: string[]; parameters: unknown[]; responses: Record<string, unknown> } }>;
    };
    const post = doc.paths['/api/certificates/import']!.post;
    expect(post.tags).toEqual(['certificates']);
    expect(post.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'dryRun' })]);
    expect(post.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { required: ['rows', 'created', 'updated', 'unchanged', 'errors'] },
        },
      },
    });
  });

  it('keeps each imported file with its type, and logs each import’s counts', async () => {
    const p = prefix();
    const logged = t.logs.length;
    const csv = `${HEADER}\nk.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\nbad,${p}-2,Advocate,Active,2030-01-01\n`;
    expect((await upload(csv, { filename: `kept-${p}.csv` })).json()).toMatchObject({ created: 1 });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Certificates').addRows([
      ['userEmail', 'certificateNo', 'name', 'status', 'validTill'],
      [`k.${p}@example.org`, `${p}-1`, 'Senior Advocate', 'Active', '2030-01-01'],
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(xlsx, { filename: `kept-${p}.xlsx` })).json()).toMatchObject({ updated: 1 });

    const typeOf = async (fileName: string) => {
      const audit = (await importAudits()).find((a) => (a.details as { fileName?: string }).fileName === fileName);
      const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.id, audit!.targetId!));
      return kept?.contentType;
    };
    expect(await typeOf(`kept-${p}.csv`)).toBe('text/csv; charset=utf-8');
    expect(await typeOf(`kept-${p}.xlsx`)).toBe(XLSX_TYPE);
    const lines = t.logs
      .slice(logged)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'certificates imported');
    expect(lines).toEqual([
      expect.objectContaining({ rows: 2, created: 1, updated: 0, unchanged: 0, errors: 1 }),
      expect.objectContaining({ rows: 1, created: 0, updated: 1, unchanged: 0, errors: 0 }),
    ]);
  });

  it.runIf(driver === 'postgres')(
    'imports one file at a time: an import waits while another holds the lock',
    async () => {
      const p = prefix();
      // IMPORT_LOCK of import-routes.ts (pg_advisory_xact_lock), which pg_locks lists by its low 32 bits.
      const LOCK = 0x1610;
      const other = new pg.Client({ connectionString: await postgresUrlOf(t.database) });
      await other.connect();
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [LOCK]);
      const importing = upload(`${HEADER}\nl.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\n`);
      let finished = false;
      void importing.finally(() => (finished = true));
      try {
        const waiting = async () => {
          const { rows } = await other.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
            [LOCK],
          );
          return rows[0]!.n > 0;
        };
        while (!finished && !(await waiting())) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(finished).toBe(false);
        expect(await rowsOf(p)).toEqual([]);
      } finally {
        await other.query('rollback');
        await other.end();
      }
      expect((await importing).json()).toMatchObject({ created: 1 });
      expect(await rowsOf(p)).toHaveLength(1);
    },
  );

  describe('a workbook is read within caps, and leaves nothing behind (issue 30, F4)', () => {
    /** The caps a test lowers, to a quarter of a megabyte. */
    const CAP = 256 * 1024;

    /** A workbook as exceljs writes it: as Excel does, its sheet comes before its shared strings. */
    async function workbook(rows: unknown[][]): Promise<Buffer> {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Certificates');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    }

    const certificateRows = (p: string, count: number) =>
      Array.from({ length: count }, (_, i) => [`w.${p}@example.org`, `${p}-${i}`, 'Advocate', 'Active', '2030-01-01']);
    const COLUMNS = ['userEmail', 'certificateNo', 'name', 'status', 'validTill'];

    /**
     * The same zip with its central directory saying that `name` packs and unpacks to 0 bytes,
     * while its local header and data stay whole: the directory the zip-bomb check reads lies.
     */
    function lyingDirectory(archive: Buffer, name: string): Buffer {
      const out = Buffer.from(archive);
      const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
      for (let at = out.indexOf(signature); at >= 0; at = out.indexOf(signature, at + 4)) {
        const nameLength = out.readUInt16LE(at + 28);
        if (out.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
        out.writeUInt32LE(0, at + 20);
        out.writeUInt32LE(0, at + 24);
        return out;
      }
      throw new Error(`${name} is not in the zip`);
    }

    /** The files of an import that may outlive it: scratch files, and temporary files of this process. */
    const leftovers = (app: TestApp['app']) => {
      const scratch = path.dirname(app.storage.scratchPath());
      return [
        ...(fs.existsSync(scratch) ? fs.readdirSync(scratch).map((n) => path.join(scratch, n)) : []),
        // exceljs's reader wrote a sheet met before the shared strings to os.tmpdir() as tmp-<pid>-….
        ...fs
          .readdirSync(os.tmpdir())
          .filter((n) => n.startsWith(`tmp-${process.pid}-`))
          .map((n) => path.join(os.tmpdir(), n)),
      ];
    };

    /**
     * Other instances on the same database, whose caps are lowered so that tests stay small: the
     * sheet's and the shared strings' (the strings are read first, each under its own cap), and
     * the time (the test clock moves a millisecond per reading: 2 ms is a few readings). Built
     * before the tests rather than in them (docs/mutation-testing.md).
     */
    const capped = blockApp({}, () => ({
      database: t.database,
      importLimits: { sheetBytes: CAP, sharedStringsBytes: CAP },
    }));
    const hurried = blockApp({}, () => ({ database: t.database, importLimits: { readMs: 2 } }));

    const uploadTo = (app: TestApp, data: Buffer, query = '?dryRun=true') =>
      call(app.app, admin.cookie, {
        method: 'POST',
        url: `/api/certificates/import${query}`,
        ...multipart({ field: 'file', filename: 'certificates.xlsx', contentType: XLSX_TYPE, data }),
      });

    it('refuses a workbook whose zip directory understates its sheet, before reading a row of it', async () => {
      const p = prefix();
      const entries = unzipSync(await workbook([COLUMNS, ...certificateRows(p, 300)]));
      const honest = Buffer.from(zipSync(entries));
      const before = leftovers(t.app);
      const res = await upload(lyingDirectory(honest, 'xl/worksheets/sheet1.xml'), { filename: 'lies.xlsx' });
      expect(res.statusCode, res.body).toBe(415);
      expect(await rowsOf(p)).toEqual([]);
      expect(leftovers(t.app)).toEqual(before);
      // The same workbook with a truthful directory is read.
      expect((await upload(honest, { filename: 'true.xlsx', query: '?dryRun=true' })).json()).toMatchObject({
        rows: 300,
        created: 300,
      });
    });

    it('refuses a sheet that unpacks to more than the cap with 413 naming it, and leaves nothing behind', async () => {
      const p = prefix();
      const data = await workbook([COLUMNS, ...certificateRows(p, 1500)]);
      const sheet = unzipSync(data)['xl/worksheets/sheet1.xml']!;
      expect(sheet.length).toBeGreaterThan(CAP);
      const small = capped();
      const before = leftovers(small.app);
      const res = await uploadTo(small, data, '');
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ message: IMPORT_MESSAGES.sheetTooLarge(CAP) });
      expect(leftovers(small.app)).toEqual(before);
      expect(await rowsOf(p)).toEqual([]);
      // Under the real cap, the same file is read.
      expect((await upload(data, { filename: 'fits.xlsx', query: '?dryRun=true' })).json()).toMatchObject({
        created: 1500,
      });
    });

    it('refuses shared strings that unpack to more than the cap with 413 naming it', async () => {
      const p = prefix();
      // Text no two cells share: each is a shared string of its own.
      const notes = (i: number) => `${i}:${crypto.randomBytes(300).toString('hex')}`;
      const rows = certificateRows(p, 500).map((row, i) => [...row, notes(i)]);
      const data = await workbook([[...COLUMNS, 'notes'], ...rows]);
      expect(unzipSync(data)['xl/sharedStrings.xml']!.length).toBeGreaterThan(CAP);
      const small = capped();
      const before = leftovers(small.app);
      const res = await uploadTo(small, data);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ message: IMPORT_MESSAGES.sharedStringsTooLarge(CAP) });
      expect(leftovers(small.app)).toEqual(before);
    });

    it('stops reading a workbook past the time cap with 413 naming it', async () => {
      const p = prefix();
      const data = await workbook([COLUMNS, ...certificateRows(p, 50)]);
      const small = hurried();
      const before = leftovers(small.app);
      const res = await uploadTo(small, data, '');
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ message: IMPORT_MESSAGES.tooSlow(2) });
      expect(leftovers(small.app)).toEqual(before);
      expect(await rowsOf(p)).toEqual([]);
    });

    it('leaves nothing of a workbook in the temporary folders, after an import and after a failed one', async () => {
      const p = prefix();
      const before = leftovers(t.app);
      const good = await upload(await workbook([COLUMNS, ...certificateRows(p, 3)]), { filename: 'good.xlsx' });
      expect(good.json()).toMatchObject({ created: 3, errors: [] });
      expect(leftovers(t.app)).toEqual(before);

      const failed = await upload(
        await workbook([
          ['email', 'number'],
          ['a@example.org', '1'],
        ]),
        {
          filename: 'bad.xlsx',
        },
      );
      expect(failed.statusCode).toBe(400);
      expect(leftovers(t.app)).toEqual(before);
    });
  });

  describe('the award date (issue 31)', () => {
    const WITH_AWARD = `${HEADER},holderName,downloadLink,awardedOn`;

    it('is the day a cell names, or today for an empty one; the export writes it, and imports back unchanged', async () => {
      const p = prefix();
      const csv = [
        WITH_AWARD,
        `a.${p}@example.org,${p}-1,Advocate,Active,2030-01-01,,,2020-05-05`,
        `a.${p}@example.org,${p}-2,Advocate,Active,2030-01-01,,,`,
      ].join('\n');
      expect((await upload(csv)).json()).toEqual({ rows: 2, created: 2, updated: 0, unchanged: 0, errors: [] });
      const [given, today] = await rowsOf(p);
      expect(given!.awardedOn.toISOString()).toBe('2020-05-05T00:00:00.000Z');
      expect(today!.awardedOn).toEqual(today!.createdAt);

      const exported = await call(t.app, admin.cookie, { method: 'GET', url: `/api/certificates/export.csv?q=${p}` });
      const [header, ...lines] = exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const [numberAt, awardedAt] = ['certificateNo', 'awardedOn'].map((c) => header!.split(',').indexOf(c));
      const cells = lines.map((line) => line.split(','));
      expect(Object.fromEntries(cells.map((cell) => [cell[numberAt!], cell[awardedAt!]]))).toEqual({
        [`${p}-1`]: '2020-05-05',
        [`${p}-2`]: today!.awardedOn.toISOString().slice(0, 10),
      });
      expect((await upload(exported.body)).json()).toEqual({
        rows: 2,
        created: 0,
        updated: 0,
        unchanged: 2,
        errors: [],
      });

      // Another day changes it; an empty cell keeps the day it has, whatever else the row changes.
      const edited = [
        WITH_AWARD,
        `a.${p}@example.org,${p}-1,Advocate,Active,2030-01-01,,,2021-06-06`,
        `a.${p}@example.org,${p}-2,Advocate,Active,2031-01-01,,,`,
      ].join('\n');
      expect((await upload(edited)).json()).toEqual({ rows: 2, created: 0, updated: 2, unchanged: 0, errors: [] });
      const [moved, kept] = await rowsOf(p);
      expect(moved!.awardedOn.toISOString()).toBe('2021-06-06T00:00:00.000Z');
      expect(kept!.awardedOn).toEqual(today!.awardedOn);
      expect(kept!.validTill.toISOString().slice(0, 10)).toBe('2031-01-01');
    });

    it('is a row problem when in the future or after validTill, dry run and import alike, and changes nothing', async () => {
      const p = prefix();
      const setUp = [
        WITH_AWARD,
        `b.${p}@example.org,${p}-1,Advocate,Active,2030-01-01,,,2020-05-05`,
        `b.${p}@example.org,${p}-4,Advocate,Active,2030-01-01,,,2020-05-05`,
      ].join('\n');
      expect((await upload(setUp)).json()).toMatchObject({ created: 2, errors: [] });
      const before = await rowsOf(p);
      const csv = [
        WITH_AWARD,
        `b.${p}@example.org,${p}-2,Advocate,Active,2030-01-01,,,${inDays(2)}`,
        `b.${p}@example.org,${p}-3,Advocate,Active,2021-01-01,,,2021-06-01`,
        `b.${p}@example.org,${p}-1,Renamed,Active,2030-01-01,,,${inDays(3)}`,
        // An empty cell keeps the day it has, which the row's validTill now comes before.
        `b.${p}@example.org,${p}-4,Renamed,Active,2020-01-01,,,`,
        `b.${p}@example.org,${p}-5,Advocate,Active,2030-01-01,,,2019-12-31`,
      ].join('\n');
      const errors = [
        { row: 2, column: 'awardedOn', message: AWARDED_ON_MESSAGES.future },
        { row: 3, column: 'awardedOn', message: AWARDED_ON_MESSAGES.afterValidTill },
        { row: 4, column: 'awardedOn', message: AWARDED_ON_MESSAGES.future },
        { row: 5, column: 'validTill', message: AWARDED_ON_MESSAGES.afterValidTill },
      ];
      const dryRun = await upload(csv, { query: '?dryRun=true' });
      expect(dryRun.json()).toEqual({ rows: 5, created: 1, updated: 0, unchanged: 0, errors });
      expect(await rowsOf(p)).toEqual(before);
      expect((await upload(csv)).json()).toEqual({ rows: 5, created: 1, updated: 0, unchanged: 0, errors });
      const after = await rowsOf(p);
      expect(after.map((r) => r.certificateNo)).toEqual([`${p}-1`, `${p}-4`, `${p}-5`]);
      expect(after.slice(0, 2)).toEqual(before);
      expect(after[2]!.awardedOn.toISOString()).toBe('2019-12-31T00:00:00.000Z');
    });
  });

  // Last: it moves the clock two days on, past every session.
  it('audits a real import once, with its counts, and keeps the file for the audit (the sweeper leaves it)', async () => {
    const p = prefix();
    const csv = `${HEADER}\nh.${p}@example.org,${p}-1,Advocate,Active,2030-01-01\nh.${p}@example.org,,Advocate,Active,2030-01-01\n`;
    await upload(csv, { filename: 'board-registry.csv' });
    const audits = (await importAudits()).filter((a) => a.requestId && (a.details as { rows?: number }).rows === 2);
    const audit = audits.at(-1)!;
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'import' });
    expect(audit.details).toMatchObject({
      fileName: 'board-registry.csv',
      rows: 2,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: 1,
    });
    const fileUrl = (audit.details as { file: string }).file;
    expect(fileUrl).toBe(`/api/files/${audit.targetId}`);

    const file = await call(t.app, admin.cookie, { method: 'GET', url: fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(csv);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect((await call(t.app, member.cookie, { method: 'GET', url: fileUrl })).statusCode).toBe(403);

    t.clock.advanceMinutes(48 * 60);
    await t.app.files.sweep();
    const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.id, audit.targetId!));
    expect(kept).toMatchObject({ kind: 'import', ownerId: admin.user.id });
    expect(await t.app.storage.stat(kept!.storageKey)).toEqual({ size: csv.length });
  });
});
