import { z } from 'zod';
import { certificateBody } from './certificate';

/**
 * Issue 16: importing certificates from a spreadsheet (CSV or XLSX). The columns are the fields
 * of a certificate (the export's first eight), so an exported file imports back unchanged.
 * Issue 31: `awardedOn` is optional; an empty cell is today on a new certificate, and keeps the
 * day an existing one has.
 */
export const IMPORT_REQUIRED_COLUMNS = ['userEmail', 'certificateNo', 'name', 'status', 'validTill'] as const;
export const IMPORT_OPTIONAL_COLUMNS = ['holderName', 'downloadLink', 'awardedOn'] as const;
export const IMPORT_COLUMNS = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A file of at most 50 MB and 200,000 rows (past either: 413). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;

/** A header cell matched case-insensitively, spaces (and a BOM) ignored: "Certificate No" is certificateNo. */
const headerKey = (cell: string) => cell.replace(/[\s\uFEFF]+/g, '').toLowerCase();
const BY_KEY = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((c) => [headerKey(c), c]));

export interface ImportMapping {
  /** The certificate field each column of the file fills, or null for a column that is ignored. */
  columns: (ImportColumn | null)[];
  /** Required columns the header lacks. */
  missing: ImportColumn[];
}

/** How a file's header row maps onto the certificate fields. */
export function mapImportHeader(header: readonly string[]): ImportMapping {
  const seen = new Set<ImportColumn>();
  const columns = header.map((cell) => {
    const column = BY_KEY.get(headerKey(cell));
    // A column named twice is read once, from its first place.
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  return { columns, missing: IMPORT_REQUIRED_COLUMNS.filter((c) => !seen.has(c)) };
}

/**
 * One row of the file as a certificate, checked by the very schema of POST /api/certificates.
 * An empty optional cell is left out (on an existing certificate it keeps what it has).
 */
export const importRow = certificateBody;

export const certificateImportQuery = z.strictObject({
  /** `true`: check the file and answer what an import would do; nothing is stored. */
  dryRun: z.enum(['true', 'false']).default('false'),
});

/** A problem with one row (numbered as a spreadsheet does: the header is row 1). */
export const importRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** The answer of an import or its dry run: counts of rows, and every row that was refused. */
export const certificateImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importRowError),
});
export type CertificateImportResult = z.infer<typeof certificateImportResult>;

export const IMPORT_MESSAGES = {
  missingColumns: (missing: readonly string[]) =>
    `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows.`,
  tooLarge: `A file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  duplicate: (firstRow: number) => `This certificate number is also in row ${firstRow}.`,
  ambiguous: 'Several certificates have this number; change them one by one.',
  notOurFile: 'Not a file uploaded to this portal',
  unreadable: 'The workbook could not be read: save it again as an Excel workbook (.xlsx) or as CSV.',
  // Issue 30, F4: the caps of reading a workbook; each message names its cap.
  sheetTooLarge: (bytes: number) =>
    `The first sheet of a workbook may unpack to at most ${bytes / 1024 / 1024} MB: split the file.`,
  sharedStringsTooLarge: (bytes: number) =>
    `The text of a workbook (its shared strings) may unpack to at most ${bytes / 1024 / 1024} MB: split the file.`,
  partTooLarge: (part: string, bytes: number) =>
    `The part ${part} of a workbook may unpack to at most ${bytes / 1024 / 1024} MB: save the file again as an Excel workbook (.xlsx) or as CSV.`,
  tooSlow: (ms: number) => `A workbook must be read within ${ms / 1000} seconds: split the file, or save it as CSV.`,
  /**
   * Issue 30, F5: a claimed certificate is its holder's, and its e-mail follows their account; a
   * file (an old export) that names another address must not hand it to whoever takes that address.
   */
  heldByAnotherAccount:
    'This certificate is held by another account; its e-mail changes with that account, not by import.',
} as const;
