import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { IMPORT_MESSAGES, type ImportRowError, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@portal/contract';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock';
import { type ParsedRow, readCertificates, receiveImport, XLSX_LIMITS, type XlsxLimits } from './import';
import { zip } from '../../../test/uploads';

/**
 * The parser of the certificate import (issue 16) on its own: what `receiveImport` lets through,
 * whatever chunks the upload arrives in, and what `readCertificates` makes of a file's rows. The
 * HTTP side (what is stored, the answer, the audit) is in import.test.ts.
 */

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-read-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newPath = (ext = '') => path.join(dir, `file-${++files}${ext}`);

/** The part @fastify/multipart hands over: the file as a stream of exactly these chunks. */
function part(
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  { filename = 'certificates.csv', truncated = false }: { filename?: string; truncated?: boolean } = {},
): MultipartFile {
  const file = Object.assign(Readable.from(chunks, { objectMode: false }), { truncated });
  return { type: 'file', fieldname: 'file', filename, encoding: '7bit', mimetype: 'text/csv', file } as never;
}

/** `data` cut at these offsets. */
const cut = (data: Buffer, ...at: number[]) =>
  [0, ...at].map((start, i) => data.subarray(start, at[i] ?? data.length)).filter((c) => c.length > 0);

/** What receiveImport answers for the upload, and the scratch file it wrote. */
async function receive(chunks: Iterable<Buffer> | AsyncIterable<Buffer>, filename?: string) {
  const scratch = newPath();
  const format = await receiveImport(part(chunks, filename === undefined ? {} : { filename }), scratch);
  return { format, written: fs.readFileSync(scratch) };
}

/** The status and message receiveImport refuses the upload with. */
async function refusal(chunks: Iterable<Buffer> | AsyncIterable<Buffer>, filename?: string) {
  try {
    await receiveImport(part(chunks, filename === undefined ? {} : { filename }), newPath());
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message };
  }
  throw new Error('the upload was accepted');
}
const UNSUPPORTED = { status: 415, message: 'This type of file is not accepted.' };

/** The descriptors this process holds open on `file` (Linux's /proc/self/fd). */
function descriptorsOn(file: string): string[] {
  const fds = '/proc/self/fd';
  return fs.readdirSync(fds).filter((fd) => {
    try {
      return fs.readlinkSync(path.join(fds, fd)) === file;
    } catch {
      return false;
    }
  });
}

/**
 * The descriptors still open on `file` once those closing have closed: a read stream closes its
 * file a moment after its last chunk, so this waits up to a second for none to be left.
 */
async function descriptorsLeftOn(file: string): Promise<string[]> {
  for (const until = Date.now() + 1000; descriptorsOn(file).length && Date.now() < until;) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return descriptorsOn(file);
}

const HEADER = 'userEmail,certificateNo,name,status,validTill';
const row = (n: number, rest = 'Advocate,Active,2030-01-01') => `a@example.org,N-${n},${rest}`;

/** An exceljs workbook (deflated, its shared strings and styles as Excel writes them). */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Certificates');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const SHEET_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const BOOK =
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Certificates" sheetId="1" r:id="rId1"/></sheets></workbook>';
const relsTo = (target: string) =>
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
  `Target="${target}"/></Relationships>`;
const sheetOf = (rows: string[][]) =>
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">` +
        cells.map((text, c) => `<c r="${'ABCDEFGH'[c]}${r + 1}" t="inlineStr"><is><t>${text}</t></is></c>`).join('') +
        '</row>',
    )
    .join('') +
  '</sheetData></worksheet>';

/**
 * A workbook as a smaller writer makes one: its parts stored (not deflated), its text inline, no
 * shared strings and no styles; the sheet where `target` says, relative to xl/ or absolute.
 */
function plainWorkbook(
  rows: string[][],
  { target = 'worksheets/sheet1.xml', extra = {} }: { target?: string; extra?: Record<string, string> } = {},
): Buffer {
  const sheetPart = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return zip({
    '[Content_Types].xml': SHEET_TYPES,
    'xl/workbook.xml': BOOK,
    'xl/_rels/workbook.xml.rels': relsTo(target),
    ...extra,
    [sheetPart]: sheetOf(rows),
  });
}

const COLUMNS = ['userEmail', 'certificateNo', 'name', 'status', 'validTill'];
const GOOD = ['a@example.org', 'N-1', 'Advocate', 'Active', '2030-01-01'];

const testClock: Clock = { now: () => new Date() };

/** Every row readCertificates yields for the file, and the problems it lists. */
async function read(
  data: string | Buffer,
  format: 'csv' | 'xlsx',
  { limits = {}, clock = testClock }: { limits?: Partial<XlsxLimits>; clock?: Clock } = {},
) {
  const file = newPath(`.${format}`);
  fs.writeFileSync(file, data);
  const errors: ImportRowError[] = [];
  const rows: ParsedRow[] = [];
  for await (const parsed of readCertificates(file, format, errors, { limits: { ...XLSX_LIMITS, ...limits }, clock })) {
    rows.push(parsed);
  }
  return { rows, errors, file };
}

/** The status and message readCertificates stops with. */
async function readRefusal(data: string | Buffer, format: 'csv' | 'xlsx', limits: Partial<XlsxLimits> = {}) {
  try {
    await read(data, format, { limits });
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message };
  }
  throw new Error('the file was read');
}
const UNREADABLE = { status: 400, message: IMPORT_MESSAGES.unreadable };

const names = (rows: ParsedRow[]) => rows.map((r) => r.values?.name);

describe('receiveImport: CSV text or an XLSX workbook, whatever chunks the upload comes in', () => {
  it('takes UTF-8 whose characters are cut between chunks, in the sampled head and after it, and writes it all', async () => {
    const text = Buffer.from(`${'a'.repeat(4099)}é${'b'.repeat(100)}é\n${HEADER}\n`);
    // The first é is cut at the end of the 4,100 bytes sampled; the second after them.
    const { format, written } = await receive(cut(text, 4100, 4202, 4300));
    expect(format).toBe('csv');
    expect(written.equals(text)).toBe(true);
  });

  it('refuses a NUL, a byte that is not UTF-8, or a character cut at the end, wherever it comes', async () => {
    const head = Buffer.from(`${HEADER}\n${'x'.repeat(5000)}\n`);
    for (const tail of [Buffer.from([0]), Buffer.from([0xff]), Buffer.from([0xc3])]) {
      const data = Buffer.concat([head, Buffer.from('more,'), tail]);
      // In the head sampled, and in a chunk of its own after it.
      expect(await refusal([data])).toEqual(UNSUPPORTED);
      expect(await refusal(cut(data, 4100, head.length))).toEqual(UNSUPPORTED);
    }
    // A character begun at the end of one chunk and not continued by the next.
    const broken = Buffer.concat([head, Buffer.from([0xc3]), Buffer.from('abc\n')]);
    expect(await refusal(cut(broken, 4100, head.length + 1))).toEqual(UNSUPPORTED);
  });

  it('refuses an empty file, and text that file-type names (XML) even under a .csv name', async () => {
    expect(await refusal([])).toEqual(UNSUPPORTED);
    expect(await refusal([Buffer.from(`<?xml version="1.0"?>\n<a>${HEADER}</a>\n`)])).toEqual(UNSUPPORTED);
  });

  it('takes a workbook in any chunks, from a first chunk of one byte on, and writes it all', async () => {
    const data = await workbook([COLUMNS, GOOD]);
    const chunks = cut(
      data,
      1,
      4100,
      ...Array.from({ length: Math.floor(data.length / 1000) }, (_, i) => 4100 + 1000 * (i + 1)),
    );
    const { format, written } = await receive(chunks, 'certificates.xlsx');
    expect(format).toBe('xlsx');
    expect(written.equals(data)).toBe(true);
  });

  it('takes a workbook whose first 4,100 bytes file-type can only call a zip (its sheet comes first)', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ['a@example.org', `N-${i}`, 'Advocate', 'Active', '2030-01-01']);
    const data = zip({
      'xl/worksheets/sheet1.xml': sheetOf([COLUMNS, ...rows]),
      '[Content_Types].xml': SHEET_TYPES,
      'xl/workbook.xml': BOOK,
      'xl/_rels/workbook.xml.rels': relsTo('worksheets/sheet1.xml'),
    });
    const { format } = await receive(cut(data, 4100), 'certificates.xlsx');
    expect(format).toBe('xlsx');
    expect((await read(data, 'xlsx')).rows).toHaveLength(100);
  });

  it('counts the bytes itself: 50 MB pass, a byte more is 413, whatever the multipart limit did', async () => {
    const block = Buffer.alloc(64 * 1024, 'x');
    async function* bytes(total: number) {
      yield Buffer.from(`${HEADER}\n`);
      let left = total - HEADER.length - 1;
      for (; left > block.length; left -= block.length) yield block;
      yield block.subarray(0, left);
    }
    const tooLarge = { status: 413, message: IMPORT_MESSAGES.tooLarge };
    expect(await refusal(bytes(MAX_IMPORT_BYTES + 1))).toEqual(tooLarge);
    const scratch = newPath();
    expect(await receiveImport(part(bytes(MAX_IMPORT_BYTES)), scratch)).toBe('csv');
    expect(fs.statSync(scratch).size).toBe(MAX_IMPORT_BYTES);
    fs.rmSync(scratch);

    // What @fastify/multipart does at its own limit: the stream ends early, marked truncated, or
    // (as it did before version 9) fails with its error.
    const cutShort = await receiveImport(part([Buffer.from(`${HEADER}\n`)], { truncated: true }), newPath()).catch(
      (err: Error) => err,
    );
    expect(cutShort).toMatchObject({ statusCode: 413, message: IMPORT_MESSAGES.tooLarge });
    const failing = new Readable({
      read() {
        this.destroy(Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
      },
    });
    const failed = await receiveImport(
      { fieldname: 'file', filename: 'certificates.csv', file: Object.assign(failing, { truncated: false }) } as never,
      newPath(),
    ).catch((err: Error) => err);
    expect(failed).toMatchObject({ statusCode: 413, message: IMPORT_MESSAGES.tooLarge });
  });

  it('judges the name by its last extension only, and takes a name without one', async () => {
    const csv = [Buffer.from(`${HEADER}\n${row(1)}\n`)];
    for (const name of ['certificates', 'certificates.txt', 'CERTIFICATES.CSV', 'board.2026.csv']) {
      expect((await receive(csv, name)).format, name).toBe('csv');
    }
    for (const name of ['certificates.csv.exe', 'certificates.xlsx']) {
      expect(await refusal(csv, name), name).toEqual(UNSUPPORTED);
    }
    const data = await workbook([COLUMNS, GOOD]);
    expect((await receive([data], 'Certificates.XLSX')).format).toBe('xlsx');
    expect(await refusal([data], 'certificates.xlsx.csv')).toEqual(UNSUPPORTED);
  });

  it('writes the scratch file for the server’s user only, never over a file already there', async () => {
    const scratch = newPath();
    await receiveImport(part([Buffer.from(`${HEADER}\n`)]), scratch);
    expect(fs.statSync(scratch).mode & 0o777).toBe(0o600);
    const failed = await receiveImport(part([Buffer.from(`${HEADER}\n`)]), scratch).catch((err: Error) => err);
    expect(failed).toMatchObject({ code: 'EEXIST' });
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('has closed the scratch file when it answers, refused or not', async () => {
    const good = newPath();
    await receiveImport(part([Buffer.from(`${HEADER}\n`)]), good);
    expect(descriptorsOn(good)).toEqual([]);
    const refused = newPath();
    const nul = Buffer.concat([Buffer.from(`${HEADER}\n${'x'.repeat(5000)}\n`), Buffer.from([0])]);
    await expect(receiveImport(part(cut(nul, 4100)), refused)).rejects.toMatchObject({ statusCode: 415 });
    expect(descriptorsOn(refused)).toEqual([]);
  });
});

describe('readCertificates: a CSV', () => {
  it('splits on the header’s delimiter, never on what the rows or quoted header cells hold', async () => {
    // More semicolons in the rows than commas in the whole file: only the header counts.
    const semicolons = Array.from({ length: 12 }, (_, i) => `S${i}`).join(';');
    const rows = await read(`${HEADER}\n${row(1, `${semicolons},Active,2030-01-01`)}\n`, 'csv');
    expect(names(rows.rows)).toEqual([semicolons]);
    // A quoted header cell full of semicolons is not counted.
    const quoted = await read(`${HEADER},"notes; a; b; c; d; e; f"\n${row(1)},n\n`, 'csv');
    expect(names(quoted.rows)).toEqual(['Advocate']);
    // As many semicolons as commas: a comma-separated file.
    const even = await read(`${HEADER},a;b;c;d;e;f\n${row(1)},n\n`, 'csv');
    expect(names(even.rows)).toEqual(['Advocate']);
    // More semicolons than commas: semicolons.
    const european = await read(
      `${HEADER.replaceAll(',', ';')}\na@example.org;N-1;Advocate, Senior;Active;2030-01-01\n`,
      'csv',
    );
    expect(names(european.rows)).toEqual(['Advocate, Senior']);
  });

  it('reads a header that follows a byte-order mark, quoted or not', async () => {
    const quoted = COLUMNS.map((c) => `"${c}"`).join(',');
    const { rows, errors } = await read(`\uFEFF${quoted}\n${row(1)}\n`, 'csv');
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.certificateNo)).toEqual(['N-1']);
  });

  it('skips empty and blank rows, before the header and after it, and numbers rows as the file does', async () => {
    const csv = `\n\n${HEADER}\n\n${row(1)}\n,,,,\n  ,\t, ,  \n${row(2)}\n`;
    const { rows, errors } = await read(csv, 'csv');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.row, r.certificateNo])).toEqual([
      [5, 'N-1'],
      [8, 'N-2'],
    ]);
  });

  it('answers 400 naming every required column for a file with no header at all', async () => {
    for (const csv of ['\n', '\n \n,,,\n']) {
      expect(await readRefusal(csv, 'csv')).toEqual({
        status: 400,
        message: 'The header lacks the columns userEmail, certificateNo, name, status, validTill.',
      });
    }
  });

  it('reads a cell a short row lacks as empty, and an optional cell of spaces as left out', async () => {
    const { rows, errors } = await read(
      `${HEADER},awardedOn,holderName\n${row(1)},   ,Dana Doe\n${row(2)}\n${row(3, 'Advocate')}\n`,
      'csv',
    );
    expect(rows.map((r) => r.values && [r.values.awardedOn, r.values.holderName])).toEqual([
      [undefined, 'Dana Doe'],
      [undefined, ''],
      undefined,
    ]);
    expect(errors).toEqual([
      { row: 4, column: 'status', message: 'Status must be Active or Inactive' },
      { row: 4, column: 'validTill', message: 'Enter a valid date' },
    ]);
  });

  it('reads 200,000 rows, and refuses one more with 413', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `r@example.org,R-${i},A,Active,2030-01-01`);
    const full = await read(`${HEADER}\n${lines(MAX_IMPORT_ROWS).join('\n')}\n`, 'csv');
    expect(full.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(full.errors).toEqual([]);
    expect(await readRefusal(`${HEADER}\n${lines(MAX_IMPORT_ROWS + 1).join('\n')}\n`, 'csv')).toEqual({
      status: 413,
      message: IMPORT_MESSAGES.tooManyRows,
    });
  });
});

describe('readCertificates: a workbook', () => {
  it('reads rich text as its text, an error as its code, a formula as text, and a date with its time', async () => {
    const data = await workbook([
      COLUMNS,
      [
        'a@example.org',
        'N-1',
        { richText: [{ text: 'Senior ' }, { font: { bold: true }, text: 'Advocate' }] },
        'Active',
        new Date(Date.UTC(2030, 2, 31, 12, 30)),
      ],
      ['a@example.org', 'N-2', { error: '#N/A' }, 'Active', new Date(Date.UTC(2030, 2, 31))],
      ['a@example.org', 'N-3', { formula: 'B2', result: 'N-1' }, 'Active', '2030-01-01'],
    ]);
    const { rows, errors } = await read(data, 'xlsx');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.values?.name, r.values?.validTill])).toEqual([
      ['Senior Advocate', '2030-03-31T12:30:00.000Z'],
      ['#N/A', '2030-03-31'],
      ['=B2', '2030-01-01'],
    ]);
  });

  it('refuses with 400 a workbook whose cells name shared strings it does not have', async () => {
    const parts = unzipSync(await workbook([COLUMNS, GOOD]));
    delete parts['xl/sharedStrings.xml'];
    expect(await readRefusal(Buffer.from(zipSync(parts)), 'xlsx')).toMatchObject({ status: 400 });
  });

  it('reads a workbook of stored parts with inline text and neither shared strings nor styles', async () => {
    const { rows, errors } = await read(plainWorkbook([COLUMNS, GOOD]), 'xlsx');
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.values)).toEqual([
      {
        userEmail: 'a@example.org',
        certificateNo: 'N-1',
        name: 'Advocate',
        status: 'Active',
        validTill: '2030-01-01',
        holderName: '',
        downloadLink: '',
      },
    ]);
    // Empty styles and shared strings are read as nothing.
    const empty = await read(
      plainWorkbook([COLUMNS, GOOD], { extra: { 'xl/styles.xml': '', 'xl/sharedStrings.xml': '' } }),
      'xlsx',
    );
    expect(names(empty.rows)).toEqual(['Advocate']);
  });

  it('finds the first sheet wherever the workbook’s relationships put it', async () => {
    for (const target of [
      'worksheets/sheet1.xml',
      '/xl/worksheets/sheet1.xml',
      'worksheets/certificates.xml',
      'sheet7.xml',
    ]) {
      expect(names((await read(plainWorkbook([COLUMNS, GOOD], { target }), 'xlsx')).rows), target).toEqual([
        'Advocate',
      ]);
    }
  });

  it('answers 400 for a workbook without the sheet its relationships name', async () => {
    const data = zip({
      '[Content_Types].xml': SHEET_TYPES,
      'xl/workbook.xml': BOOK,
      'xl/_rels/workbook.xml.rels': relsTo('worksheets/sheet1.xml'),
      'xl/worksheets/sheet2.xml': sheetOf([COLUMNS, GOOD]),
    });
    expect(await readRefusal(data, 'xlsx')).toEqual(UNREADABLE);
  });

  it('reads a part of exactly its cap, and refuses a part one byte over with 413 naming it', async () => {
    const data = plainWorkbook([COLUMNS, GOOD]);
    const sheetBytes = sheetOf([COLUMNS, GOOD]).length;
    expect(names((await read(data, 'xlsx', { limits: { sheetBytes } })).rows)).toEqual(['Advocate']);
    expect(await readRefusal(data, 'xlsx', { sheetBytes: sheetBytes - 1 })).toEqual({
      status: 413,
      message: IMPORT_MESSAGES.sheetTooLarge(sheetBytes - 1),
    });
    const partBytes = relsTo('worksheets/sheet1.xml').length - 1;
    expect(await readRefusal(data, 'xlsx', { partBytes })).toEqual({
      status: 413,
      message: IMPORT_MESSAGES.partTooLarge('xl/_rels/workbook.xml.rels', partBytes),
    });
  });

  it('reads within its time cap to the millisecond', async () => {
    const data = await workbook([COLUMNS, GOOD]);
    const start = Date.now();
    let readings = 0;
    // The first reading starts the clock; every later one is exactly the cap after it.
    const clock: Clock = { now: () => new Date(readings++ === 0 ? start : start + 1000) };
    expect(names((await read(data, 'xlsx', { limits: { readMs: 1000 }, clock })).rows)).toEqual(['Advocate']);
    readings = 0;
    await expect(read(data, 'xlsx', { limits: { readMs: 999 }, clock })).rejects.toMatchObject({
      statusCode: 413,
      message: IMPORT_MESSAGES.tooSlow(999),
    });
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('leaves the file closed once read, and once refused', async () => {
    const { file } = await read(await workbook([COLUMNS, GOOD]), 'xlsx');
    expect(await descriptorsLeftOn(file)).toEqual([]);
    const refused = newPath('.xlsx');
    fs.writeFileSync(refused, await workbook([COLUMNS, GOOD]));
    const reading = readCertificates(refused, 'xlsx', [], {
      limits: { ...XLSX_LIMITS, sheetBytes: 10 },
      clock: testClock,
    });
    await expect(reading.next()).rejects.toMatchObject({ statusCode: 413 });
    expect(await descriptorsLeftOn(refused)).toEqual([]);
  });
});
