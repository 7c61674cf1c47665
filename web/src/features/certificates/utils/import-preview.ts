import { type ImportMapping, mapImportHeader } from '@portal/contract';

/** Rows the preview shows. */
export const PREVIEW_ROWS = 5;
/** Of a CSV, only the head is read for the preview (the server reads the whole file). */
const CSV_HEAD_BYTES = 64 * 1024;
/** A workbook must be read whole to be previewed: larger ones are checked by the server only. */
export const MAX_PREVIEW_WORKBOOK_BYTES = 10 * 1024 * 1024;

export interface ImportPreview {
  header: string[];
  mapping: ImportMapping;
  rows: string[][];
}

const isWorkbook = (file: File) => /\.xlsx$/i.test(file.name);

/** The delimiter the server takes: the header's, comma or semicolon, whichever it has more of. */
function delimiterOf(text: string) {
  const line = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  return line.split(';').length > line.split(',').length ? ';' : ',';
}

async function csvPreview(file: File): Promise<string[][]> {
  let text = await file.slice(0, CSV_HEAD_BYTES).text();
  // A head cut mid-row loses that row.
  if (file.size > CSV_HEAD_BYTES) text = text.slice(0, text.lastIndexOf('\n') + 1);
  // The parser is loaded with the first preview, not with the page (the page's chunk stays small).
  const { parse } = await import('csv-parse/browser/esm/sync');
  const records: string[][] = parse(text, {
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    to: PREVIEW_ROWS + 1,
  });
  return records;
}

async function workbookPreview(file: File): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    if (rows.length > PREVIEW_ROWS) return;
    rows.push((row.values as unknown[]).slice(1).map((v) => cellText(v)));
  });
  return rows;
}

/** A workbook cell as the server reads it: formulas as their text, dates as dates. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.formula === 'string') return `=${v.formula}`;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  return String(value as string);
}

/**
 * The first rows of the chosen file and how its header maps onto the certificate fields, read in
 * the browser; undefined for a workbook too large to read whole here.
 */
export async function previewImport(file: File): Promise<ImportPreview | undefined> {
  if (isWorkbook(file) && file.size > MAX_PREVIEW_WORKBOOK_BYTES) return undefined;
  const records = isWorkbook(file) ? await workbookPreview(file) : await csvPreview(file);
  const [header = [], ...rows] = records;
  return { header, mapping: mapImportHeader(header), rows: rows.slice(0, PREVIEW_ROWS) };
}
