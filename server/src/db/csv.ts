import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { liveRows } from '../lib/trash';
import type { Database } from './client';

/**
 * Issue 16: an admin list as a CSV file, streamed from a database cursor with no row cap. The
 * list's own search and order apply, so the file is what the screen shows, every page of it.
 * lib/csv-export.ts sends it.
 */

/** A column of an export: its header, and the SQL that gives its text for a row. */
export interface CsvColumn {
  header: string;
  value: SQL | PgColumn;
}

/** Rows read per cursor fetch: large enough to amortise a round trip, small enough to stay flat in memory. */
const BATCH = 1000;

/**
 * Where a spreadsheet may read a formula: at the start of the cell, or of any part of it after a
 * separator it may split the cell on (`,` `;` a tab, in a paste or a text import) or a line break.
 */
const FORMULA_START = /(?:^|[,;\t\r\n])[=+\-@\t\r]/;

/**
 * OWASP "CSV Injection": a cell that a spreadsheet would read as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) is prefixed with a single quote, so it shows as text.
 * Not only at its start: `Morgan;=2+3` is a formula once split on the `;` (issue 30, F8).
 */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The column as text: timestamps in UTC ISO 8601, dates as YYYY-MM-DD, the rest as PostgreSQL prints it. */
export const asText = (value: SQL | PgColumn) => sql<string>`(${value})::text`;
export const isoTimestamp = (value: SQL | PgColumn) =>
  sql<string>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ExportQuery {
  table: PgTable;
  columns: readonly CsvColumn[];
  where?: SQL | undefined;
  orderBy: (SQL | PgColumn)[];
}

/** The CSV lines of a query: a header, then each row, read `BATCH` at a time. */
export function csvStream(database: Database, { table, columns, where, orderBy }: ExportQuery): Readable {
  const select = database.db
    .select(Object.fromEntries(columns.map((c, i) => [`c${i}`, sql`${c.value}`])))
    .from(table)
    // An export never carries the trash (decision 0017).
    .where(and(where, liveRows(table)))
    .orderBy(...orderBy);
  const query = select.toSQL();
  // RFC 4180 with CRLF; a BOM so spreadsheet programs read the file as UTF-8. One chunk per
  // cursor batch (not per row: a million rows were a million stream writes and their garbage).
  const csv = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });
  async function* chunks() {
    yield `\uFEFF${csv([columns.map((c) => c.header)])}`;
    for await (const rows of database.cursor(query, BATCH))
      yield csv(rows.map((row) => row.map((v) => neutralizeFormula(v === null || v === undefined ? '' : String(v)))));
  }
  // Readable.from waits for the client before it reads the next batch; a client that goes away
  // stops the reading (and closes the cursor), and a failed read fails the download.
  return Readable.from(chunks(), { objectMode: false });
}
