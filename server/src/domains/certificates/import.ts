import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline as pipe, Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { MultipartFile } from '@fastify/multipart';
import {
  IMPORT_MESSAGES,
  IMPORT_OPTIONAL_COLUMNS,
  type ImportColumn,
  type ImportRowError,
  importRow,
  mapImportHeader,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  normalizeEmail,
} from '@portal/contract';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import { loadFileType } from '../../lib/file-type';
import { lazy } from '../../lib/lazy';
import { assertSpreadsheet, centralDirectory, entryStart, unsupported } from '../files';

export type ImportFormat = 'csv' | 'xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** At most this many problems are listed (the rest are counted): a file that bad needs fixing first. */
export const MAX_IMPORT_ERRORS = 10_000;
/** One record of a CSV may be at most this long (a row of seven short fields is far less). */
const MAX_RECORD_BYTES = 64 * 1024;
/** Enough of the head for file-type to tell a zip (or anything else) from text. */
const SAMPLE_BYTES = 4100;

const OPTIONAL = new Set<ImportColumn>(IMPORT_OPTIONAL_COLUMNS);

/** Problems of an import, at most MAX_IMPORT_ERRORS kept (the rest only counted). */
export class ImportProblems {
  readonly list: ImportRowError[] = [];
  private dropped = 0;
  add(error: ImportRowError) {
    if (this.list.length < MAX_IMPORT_ERRORS) this.list.push(error);
    else this.dropped++;
  }
  /** The answer's error list, in row order. */
  report(): ImportRowError[] {
    const sorted = this.list.sort((a, b) => a.row - b.row);
    if (!this.dropped) return sorted;
    return [...sorted, { row: 0, column: '', message: `${this.dropped} more problems are not listed.` }];
  }
  get count() {
    return this.list.length + this.dropped;
  }
}

/** csv-parse, loaded by the first CSV import rather than at start (issue 14). */
const loadCsvParse = lazy('csv-parse', () => import('csv-parse'));

export const tooLargeImport = () => new HttpError(413, IMPORT_MESSAGES.tooLarge);

/**
 * Passes the upload through while it counts bytes (413 past MAX_IMPORT_BYTES), decides its format
 * from the first bytes (never the name) and, for text, checks as it goes that it is UTF-8 without
 * NUL or other control characters: anything else is 415. Memory stays at one sample.
 */
class ImportIntake extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  private decoder: TextDecoder | undefined;
  format: ImportFormat | undefined;

  private checkText(chunk: Buffer, final = false) {
    let text: string;
    try {
      text = this.decoder!.decode(chunk, { stream: !final });
    } catch {
      throw unsupported();
    }
    // Tab, line feed, form feed and carriage return are the only control characters text has.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) throw unsupported();
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const { fileTypeFromBuffer } = await loadFileType();
    const type = await fileTypeFromBuffer(head);
    if (type?.mime === XLSX_TYPE || type?.mime === 'application/zip') this.format = 'xlsx';
    else if (type === undefined) {
      this.format = 'csv';
      this.decoder = new TextDecoder('utf-8', { fatal: true });
      this.checkText(head);
    } else throw unsupported();
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > MAX_IMPORT_BYTES) return done(tooLargeImport());
    try {
      if (this.format === 'csv') this.checkText(chunk);
      if (this.format) return done(null, chunk);
    } catch (err) {
      return done(err as Error);
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SAMPLE_BYTES) return done();
    this.decide().then(() => done(), done);
  }

  override _flush(done: TransformCallback) {
    if (this.headLength === 0) return done(unsupported());
    const finish = this.format ? Promise.resolve() : this.decide();
    finish.then(() => {
      try {
        if (this.format === 'csv') this.checkText(Buffer.alloc(0), true);
        done();
      } catch (err) {
        done(err as Error);
      }
    }, done);
  }
}

/** A file's extension must not claim another format than its content (issue 10). */
function assertNameFits(filename: string | undefined, format: ImportFormat) {
  const match = /\.([^./\\]+)$/.exec(filename ?? '');
  if (!match) return;
  const allowed = format === 'xlsx' ? ['xlsx'] : ['csv', 'txt'];
  if (!allowed.includes(match[1]!.toLowerCase())) throw unsupported();
}

/**
 * Streams the uploaded file to a scratch file and checks its content: a CSV (UTF-8 text) or an
 * XLSX workbook (a zip that declares one, past the zip-bomb checks of uploads). The caller
 * removes the scratch file.
 */
export async function receiveImport(part: MultipartFile, scratch: string): Promise<ImportFormat> {
  const intake = new ImportIntake();
  let out: fs.WriteStream | undefined;
  try {
    out = fs.createWriteStream(scratch, { flags: 'wx', mode: 0o600 });
    await pipeline(part.file, intake, out);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeImport();
    throw err;
  } finally {
    if (out && !out.closed) await new Promise<void>((resolve) => out!.once('close', () => resolve()));
  }
  if (part.file.truncated) throw tooLargeImport();
  const format = intake.format;
  if (!format) throw unsupported();
  assertNameFits(part.filename, format);
  if (format === 'xlsx') await assertSpreadsheet(scratch);
  return format;
}

/** A row as read: its number as a spreadsheet shows it (the header is row 1), and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** The delimiter of a CSV: the header's, comma or semicolon (whichever it has more of outside quotes). */
async function csvDelimiter(file: string): Promise<string> {
  const handle = await fsp.open(file, 'r');
  try {
    const sample = Buffer.alloc(MAX_RECORD_BYTES);
    const { bytesRead } = await handle.read(sample, 0, sample.length, 0);
    const line = sample
      .toString('utf8', 0, bytesRead)
      .split(/\r?\n/, 1)[0]!
      .replace(/"[^"]*"/g, '');
    const count = (c: string) => line.split(c).length - 1;
    return count(';') > count(',') ? ';' : ',';
  } finally {
    await handle.close();
  }
}

/**
 * RFC 4180 records, streamed by csv-parse. A malformed record (an unclosed quote) is reported
 * against its row and skipped, so the rows after it are still read.
 */
async function* csvRows(file: string, problems: ImportRowError[]): AsyncGenerator<SheetRow> {
  const { parse: parseCsv } = await loadCsvParse();
  const parser = fs.createReadStream(file).pipe(
    parseCsv({
      bom: true,
      delimiter: await csvDelimiter(file),
      relax_column_count: true,
      max_record_size: MAX_RECORD_BYTES,
      skip_records_with_error: true,
    }),
  );
  parser.on('skip', (err: Error & { lines?: number }) => {
    problems.push({ row: err.lines ?? 0, column: '', message: `Not readable as CSV: ${err.message}` });
  });
  // Counted here, as csv-parse's `info.records` counts them (every record it hands over, none it
  // skips). Its `info: true` copies its whole state into each record, and V8 moved those copies to
  // the old generation: 12 MB of garbage per pass over 50,000 rows (docs/performance.md, issue 16).
  let records = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    yield { row: ++records, cells: record };
  }
}

/** A cell of a workbook as text. Formulas are text too (`=…`), never evaluated or taken by their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    // A date without a time of day is a calendar date, as the CSV's validTill is.
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.formula === 'string') return `=${v.formula}`;
    if (typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value as string);
}

const MB = 1024 * 1024;

/** What reading a workbook may take (issue 30, F4). Tests lower them (buildApp's `importLimits`). */
export interface XlsxLimits {
  /** Bytes the first sheet may unpack to. */
  sheetBytes: number;
  /** Bytes the shared strings may unpack to: exceljs keeps each of them, at some 4.5 times its size in memory. */
  sharedStringsBytes: number;
  /** Bytes any other part read (the workbook, its relationships, the styles) may unpack to. */
  partBytes: number;
  /** Milliseconds one reading of the workbook may take (the import reads it twice). */
  readMs: number;
}

/**
 * 200,000 rows of seven columns, every text different (e-mails, numbers, holders, links), are a
 * 62 MB sheet and 38 MB of shared strings, read in about 30 seconds on a busy 2-core machine.
 */
export const XLSX_LIMITS: XlsxLimits = {
  sheetBytes: 160 * MB,
  sharedStringsBytes: 64 * MB,
  partBytes: 16 * MB,
  readMs: 120_000,
};

export interface ReadOptions {
  limits: XlsxLimits;
  clock: Clock;
}

/** The part parsers of exceljs's streaming reader (lib/stream/xlsx/workbook-reader.js, 4.4), fed by xlsxRows. */
interface ExcelPartParsers {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(
    part: Readable,
    sheetNo: string,
  ): Generator<{ value: AsyncIterable<{ number: number; values: unknown }> }>;
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

/**
 * The first worksheet's rows (issue 30, F4). exceljs's WorkbookReader unzips by the local headers
 * in file order, not by the central directory the zip-bomb check read, counts nothing it unpacks,
 * and writes a sheet it meets before the shared strings to os.tmpdir(), where it stays when the
 * reading stops early. So its part parsers are fed here: each part found by the directory the
 * check read, unpacked as a stream whose real bytes are counted up to the part's cap, the shared
 * strings before the sheet (nothing goes to disk), and every chunk and row under one deadline.
 */
async function* xlsxRows(file: string, { limits, clock }: ReadOptions): AsyncGenerator<SheetRow> {
  // Loaded with the first workbook rather than at start.
  const { default: ExcelJS } = await import('exceljs');
  const started = clock.now().getTime();
  const inTime = () => {
    if (clock.now().getTime() - started > limits.readMs)
      throw new HttpError(413, IMPORT_MESSAGES.tooSlow(limits.readMs));
  };
  const handle = await fsp.open(file, 'r');
  const streams: Readable[] = [];
  try {
    const { size } = await handle.stat();
    const entries = new Map((await centralDirectory(handle, size)).map((e) => [e.name, e]));
    const part = async (name: string, cap: number, tooLarge: () => HttpError): Promise<Readable | undefined> => {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const start = await entryStart(handle, size, entry);
      let unpacked = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          unpacked += chunk.length;
          try {
            if (unpacked > cap) throw tooLarge();
            inTime();
          } catch (err) {
            return done(err as Error);
          }
          done(null, chunk);
        },
      });
      const packed = entry.compressedSize
        ? handle.createReadStream({ start, end: start + entry.compressedSize - 1, autoClose: false })
        : Readable.from([]);
      const stages = entry.method === 8 ? [packed, zlib.createInflateRaw(), counted] : [packed, counted];
      streams.push(...stages);
      // A failure of any stage destroys the others and reaches the parser through `counted`.
      pipe(stages, () => {});
      return counted;
    };
    const other = (name: string) =>
      part(name, limits.partBytes, () => new HttpError(413, IMPORT_MESSAGES.partTooLarge(name, limits.partBytes)));

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      // Dates are told from numbers by their number format.
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as ExcelPartParsers;
    try {
      const rels = await other('xl/_rels/workbook.xml.rels');
      if (!rels) throw new Error('no workbook relationships');
      await reader._parseRels(rels);
      const book = await other('xl/workbook.xml');
      if (!book) throw new Error('no workbook');
      await reader._parseWorkbook(book);
      // The first sheet the workbook lists, wherever the zip holds it.
      const first = reader.model?.sheets?.[0];
      const target = reader.workbookRels?.find((r) => r.Id === first?.rId)?.Target ?? '';
      const sheetName = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      const strings = await part(
        'xl/sharedStrings.xml',
        limits.sharedStringsBytes,
        () => new HttpError(413, IMPORT_MESSAGES.sharedStringsTooLarge(limits.sharedStringsBytes)),
      );
      // With `cache`, exceljs keeps the strings and yields nothing.
      if (strings) for await (const _ of reader._parseSharedStrings(strings));
      const styles = await other('xl/styles.xml');
      if (styles) await reader._parseStyles(styles);
      const sheet = await part(
        sheetName,
        limits.sheetBytes,
        () => new HttpError(413, IMPORT_MESSAGES.sheetTooLarge(limits.sheetBytes)),
      );
      if (!sheet) throw new Error('no first sheet');
      const [worksheet] = reader._parseWorksheet(sheet, /(\d+)\.xml$/.exec(sheetName)?.[1] ?? '1');
      for await (const row of worksheet!.value) {
        inTime();
        // exceljs numbers cells from 1.
        yield { row: row.number, cells: (row.values as unknown[]).slice(1).map(cellText) };
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // A zip that declares a workbook but is none (a part missing or malformed).
      throw new HttpError(400, IMPORT_MESSAGES.unreadable);
    }
  } finally {
    // However the reading ends (done, refused, or left by the caller), no stream or file stays open.
    for (const stream of streams) stream.destroy();
    await handle.close();
  }
}

/**
 * The rows of an import file: the CSV's records, or the first sheet's rows of a workbook. The
 * certificate import reads them, and so does the CE activities' (issue 33).
 */
export const readSheet = (file: string, format: ImportFormat, errors: ImportRowError[], read: ReadOptions) =>
  format === 'csv' ? csvRows(file, errors) : xlsxRows(file, read);

export interface ParsedRow {
  row: number;
  certificateNo: string;
  /** The certificate the row describes, or undefined when it has errors (listed in `errors`). */
  values?: ImportedCertificate;
}

export interface ImportedCertificate {
  userEmail: string;
  certificateNo: string;
  name: string;
  status: 'Active' | 'Inactive';
  validTill: string;
  /** Issue 31: left out when the cell is empty (today on a new certificate; an existing one keeps its own). */
  awardedOn?: string | undefined;
  /** '' when the file leaves it empty (an existing certificate then keeps its own). */
  holderName: string;
  downloadLink: string;
}

/**
 * Reads the file's rows as certificates: the header row first (mapped onto the columns, 400
 * when a required one is missing), then each row validated by the contract's certificate schema.
 * Problems go into `errors`; rows past MAX_IMPORT_ROWS are 413.
 */
export async function* readCertificates(
  file: string,
  format: ImportFormat,
  errors: ImportRowError[],
  read: ReadOptions,
): AsyncGenerator<ParsedRow> {
  let columns: (ImportColumn | null)[] | undefined;
  let count = 0;
  for await (const { row, cells } of readSheet(file, format, errors, read)) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      const mapping = mapImportHeader(cells);
      if (mapping.missing.length) throw new HttpError(400, IMPORT_MESSAGES.missingColumns(mapping.missing));
      columns = mapping.columns;
      continue;
    }
    if (++count > MAX_IMPORT_ROWS) throw new HttpError(413, IMPORT_MESSAGES.tooManyRows);
    const input: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      const cell = cells[i] ?? '';
      // An empty optional cell is left out (on an existing certificate it keeps what it has).
      if (column && (cell.trim() !== '' || !OPTIONAL.has(column))) input[column] = cell;
    });
    const parsed = importRow.safeParse(input);
    if (!parsed.success) {
      // One problem per cell, the first rule it breaks (the contract's messages name the field).
      const columnsWithProblems = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (columnsWithProblems.has(column)) continue;
        columnsWithProblems.add(column);
        errors.push({ row, column, message: issue.message });
      }
      yield { row, certificateNo: (input.certificateNo ?? '').trim() };
      continue;
    }
    const values = parsed.data;
    yield {
      row,
      certificateNo: values.certificateNo,
      values: { ...values, userEmail: normalizeEmail(values.userEmail) },
    };
  }
  if (!columns)
    throw new HttpError(
      400,
      IMPORT_MESSAGES.missingColumns(['userEmail', 'certificateNo', 'name', 'status', 'validTill']),
    );
}
