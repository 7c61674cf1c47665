import { and, count, getTableColumns, getTableName, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { liveRows } from '../lib/trash';
import type { Tx } from './client';
import { type Field, namedFields } from './json-rows';
import { rowCounts } from './schema';

/**
 * How the total of a page is found, in the same statement as its rows (one round trip instead
 * of the former page + separate `count(*)`):
 * - `subquery` (the default): `(select count(*) from t where …)` as an extra column. PostgreSQL
 *   runs it once (an InitPlan) and the page keeps its own plan, so an index-ordered `LIMIT 20`
 *   stays a 20-row index scan and the count costs what the separate `count(*)` cost.
 * - `window`: `count(*) over ()`. Only for a filter that bounds the rows to a handful (one
 *   member's certificates): the window makes PostgreSQL read and buffer every matching row
 *   before the first one comes out, so it turns an index-ordered `LIMIT` into a full scan.
 *
 * Measured (EXPLAIN ANALYZE, PostgreSQL 15, bench seed: 100,000 users, 1,000,000 certificates):
 *   admin certificates, newest first: page 0.07 ms + count 143 ms before; window 1377 ms
 *     (Index Scan Backward reading all 1,000,020 rows under a WindowAgg); subquery 137 ms.
 *   admin users by name, offset 20: page 0.3 ms + count 24 ms before; window 477 ms (all
 *     100,002 rows); subquery 23 ms.
 *   users q=hopper (11,116 matches): page 29 ms + count 46 ms before; window 891 ms (the
 *     name index walked to the end through the filter); subquery 73 ms.
 *   certificates q=advocate (every row matches): page 0.1 ms + count 1444 ms before; window
 *     5286 ms; subquery 1515 ms.
 *   certificates q=cra-4242 (110 matches, sorted anyway): 55 + 44 ms before; window 39 ms.
 *   one member's certificates: 0.06 + 0.08 ms before; window 0.13 ms.
 * So the window is only cheaper where the rows are few and sorted anyway, and much slower
 * wherever the planner walks an ordered index: that is why it is opt-in.
 */
export type TotalStrategy = 'window' | 'subquery';

/** A search's `ILIKE` pattern: `q` anywhere, its `%`, `_` and `\` matched literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * Two refinements of `subquery`, measured on the same seed:
 * - Unfiltered lists of the tables whose counts triggers keep (`row_counts`, migration 0004)
 *   read that one row instead of counting: the newest-first certificate list went from 137 ms
 *   (a parallel count over 1,000,000 rows) to an index scan of 20 rows.
 * - A filtered list first gathers its matches once, in a CTE named like the table (the name
 *   hides the table in the outer query, so the order expressions still apply), and both the page
 *   and the count read that. Otherwise the planner may walk the order's index and filter it,
 *   which is slow when the matches sit together late in that order: users `q=grace t` (1.1 % of
 *   rows, all among the G names) took 807 ms through users_name_lower_idx, 25 ms from the CTE
 *   (trigram bitmap scan, top-N sort). A CTE referenced twice is computed once.
 */
const COUNTED_TABLES = new Set(['users', 'certificates']);

export interface PageQuery {
  where?: SQL | undefined;
  /** The full order, ending with a unique key so that pages never overlap or skip a row. */
  orderBy: (PgColumn | SQL | SQL.Aliased)[];
  offset: number;
  limit: number;
  /** `subquery` unless the filter bounds the rows to a few (see TotalStrategy). */
  total?: TotalStrategy;
  /**
   * Prepare the statement under this name, once per database handle, with the offset and limit
   * as its only parameters: for the lists read most (a screen's first view, no search), so that a
   * read builds no SQL. The caller promises that `where` and `orderBy` are the same on every call
   * with this name (no search term, no clock in them).
   */
  prepareAs?: string;
}

interface PreparedPage {
  execute(values: { offset: number; limit: number }): Promise<unknown>;
}
/** Prepared pages, per database handle and name (see PageQuery.prepareAs). */
const preparedPages = new WeakMap<Tx, Map<string, PreparedPage>>();

/** The extra column that carries the total; stripped from every row before it is returned. */
const TOTAL = '__total';

/**
 * One page of `table` (all its columns, or `columns`) and the number of rows matching `where`,
 * in one database round trip. Only a page past the end (no rows at an offset above 0) carries no
 * total, and then a plain `count(*)` is run to report it; an empty first page means 0.
 */
export async function listPage<TTable extends PgTable>(
  db: Tx,
  table: TTable,
  query: PageQuery,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }>;
export async function listPage<TFields extends SelectedFields>(
  db: Tx,
  table: PgTable,
  query: PageQuery,
  columns: TFields,
): Promise<{ rows: SelectResultFields<TFields>[]; total: number }>;
export async function listPage(
  db: Tx,
  table: PgTable,
  { where, orderBy, offset, limit, total: strategy = 'subquery', prepareAs }: PageQuery,
  columns?: SelectedFields,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const countPastEnd = async () => Number((await countRows(db, table, where))[0]?.n ?? 0);
  if (!prepareAs) {
    const page = await pageStatement(db, table, { where, orderBy, strategy, columns }).offset(offset).limit(limit);
    return pageWithTotal(page as Record<string, unknown>[], TOTAL, offset, countPastEnd);
  }
  let byName = preparedPages.get(db);
  if (!byName) preparedPages.set(db, (byName = new Map()));
  let statement = byName.get(prepareAs);
  if (!statement) {
    statement = pageStatement(db, table, { where, orderBy, strategy, columns })
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare(prepareAs);
    byName.set(prepareAs, statement);
  }
  const page = await statement.execute({ offset, limit });
  return pageWithTotal(page as Record<string, unknown>[], TOTAL, offset, countPastEnd);
}

/**
 * How many live rows match `where`: for a whole table whose count triggers keep (row_counts,
 * migration 0004), that one row instead of a count.
 */
function countRows(db: Tx, table: PgTable, where: SQL | undefined) {
  const name = getTableName(table);
  return where === undefined && COUNTED_TABLES.has(name)
    ? db
        .select({ n: rowCounts.n })
        .from(rowCounts)
        .where(sql`${rowCounts.tableName} = ${name}`)
    : db
        .select({ n: count() })
        .from(table)
        .where(and(where, liveRows(table)));
}

/**
 * The statement `listPage` prepares under `prepareAs`, for a statement that embeds it (a read that
 * also looks up its session, plugins/auth.ts; decision 0050): offset and limit are its
 * placeholders, and its fields are named by their keys (lib/json-rows.ts), for `pageJson`.
 */
export interface PageSelect<TRow> {
  select: SQLWrapper;
  /**
   * The first page of `limit` rows, with the limit written into the statement and no offset (see
   * `firstPageSelect`).
   */
  firstPage(limit: number): SQLWrapper;
  /** How many rows the page is taken from: for a page past the end, which carries no total. */
  count(): Promise<number>;
  /** Marks the rows' type, for the fields `pageField` names; never set. */
  readonly row?: TRow;
}

/** The name a page's row goes by in `pageJson`, and `pageField` reads its fields from. */
const PAGE_ROW = 'page_row';

/** A field of the page's row (a key of `pageSelect`'s columns), for the row's JSON in `pageJson`. */
export const pageField = <TRow>(key: keyof TRow & string) => sql`${sql.identifier(PAGE_ROW)}.${sql.identifier(key)}`;

/**
 * A page as text, built by PostgreSQL (decision 0050): its total, a space, then the JSON array of
 * its rows, each written by `row` (over `pageField`s), in the select's order; `''` when the page has
 * no row. PostgreSQL feeds an aggregate its rows in the order a sorted subquery gives them when
 * nothing else happens at the aggregate's level ("supplying the input values from a sorted
 * subquery will usually work… this approach can fail if the outer query level contains
 * additional processing, such as a join": PostgreSQL 15 documentation, §9.21 Aggregate
 * Functions). Here the level holds nothing but the aggregates.
 */
export const pageJson = (select: SQLWrapper, row: SQL<string>) =>
  sql<string>`(select coalesce(max(${pageField(TOTAL)})::text || ' [' || string_agg(${row}, ',') || ']', '') from (${select}) ${sql.identifier(PAGE_ROW)})`;

/** The answer and the total of `pageJson`'s text (see listPage for a page past the end). */
export async function readPageJson(
  text: string,
  offset: number,
  countPastEnd: () => Promise<number>,
): Promise<{ body: string; total: number }> {
  if (text === '') return { body: '[]', total: offset === 0 ? 0 : await countPastEnd() };
  const space = text.indexOf(' ');
  return { total: Number(text.slice(0, space)), body: text.slice(space + 1) };
}

/**
 * `select` limited to its first `limit` rows, the limit a literal. With `limit $n offset $m`, a
 * prepared statement's generic plan is costed as if it read 10 % of the table (PostgreSQL's
 * estimate for a LIMIT or OFFSET that is not a constant, `preprocess_limit` in planner.c), so over
 * a large table the plan cache judges it worse than a custom plan and plans the statement again on
 * every execution ("Planning Time" 0.13 ms of the admin registry's 0.24 ms, a million
 * certificates). With a constant limit and no offset the generic plan is costed as what it is, and
 * kept. The limit is checked to be a whole number, as it is written into the SQL.
 */
export function firstPageSelect(select: SQLWrapper, limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`A page's limit must be a whole number, not ${limit}`);
  return sql`${select} limit ${sql.raw(String(limit))}`;
}
type PageShape = Pick<PageQuery, 'where' | 'orderBy' | 'total'>;
export function pageSelect<TTable extends PgTable>(
  db: Tx,
  table: TTable,
  query: PageShape,
): PageSelect<TTable['$inferSelect']>;
export function pageSelect<TFields extends SelectedFields>(
  db: Tx,
  table: PgTable,
  query: PageShape,
  columns: TFields,
): PageSelect<SelectResultFields<TFields>>;
export function pageSelect(
  db: Tx,
  table: PgTable,
  { where, orderBy, total: strategy = 'subquery' }: PageShape,
  columns?: SelectedFields,
): PageSelect<Record<string, unknown>> {
  const selection = () => pageStatement(db, table, { where, orderBy, strategy, columns, named: true });
  return {
    select: selection().offset(sql.placeholder('offset')).limit(sql.placeholder('limit')),
    firstPage: (limit) => firstPageSelect(selection(), limit),
    count: async () => Number((await countRows(db, table, where))[0]?.n ?? 0),
  };
}

/**
 * The page's select, with its total as an extra column, in its order (see listPage); `named`
 * aliases each field to its key (for `pageJson`).
 */
function pageStatement(
  db: Tx,
  table: PgTable,
  {
    where: filter,
    orderBy,
    strategy,
    columns,
    named = false,
  }: {
    where: SQL | undefined;
    orderBy: PageQuery['orderBy'];
    strategy: TotalStrategy;
    columns?: SelectedFields | undefined;
    named?: boolean;
  },
) {
  // A list never shows the trash (decision 0017); row_counts counts live rows only.
  const live = liveRows(table);
  const where = filter && live ? and(filter, live) : (filter ?? live);
  // A search reads its matches once, from a CTE named like the table (see above). The CTE holds
  // only the page's columns: a signed credential (~1.5 kB a certificate) in every match made a
  // search of 10,000 matches spill ~15 MB to temporary files, on every page.
  const matches =
    strategy === 'subquery' && filter !== undefined
      ? db.$with(getTableName(table)).as(
          db
            .select(columns ?? getTableColumns(table))
            .from(table)
            .where(where),
        )
      : undefined;
  const total = matches
    ? sql`(select count(*) from ${matches})`
    : strategy === 'window'
      ? sql`count(*) over ()`
      : sql`${countRows(db, table, filter)}`;
  const fields = { ...(columns ?? getTableColumns(table)), [TOTAL]: total.mapWith(Number) } as SelectedFields;
  const selection = named ? (namedFields(fields as Record<string, Field>) as SelectedFields) : fields;
  const source = matches
    ? db.with(matches).select(selection).from(matches)
    : db.select(selection).from(table).where(where);
  return source.orderBy(...orderBy);
}

/**
 * Rows that carry their total in column `totalKey`, without it, and the total: 0 for an empty
 * first page, and `countPastEnd()` for an empty page past the end (the only page with no row
 * to carry it).
 */
export async function pageWithTotal<TRow extends Record<string, unknown>, K extends keyof TRow & string>(
  page: TRow[],
  totalKey: K,
  offset: number,
  countPastEnd: () => Promise<number>,
): Promise<{ rows: Omit<TRow, K>[]; total: number }> {
  const first = page[0];
  if (!first) return { rows: [], total: offset === 0 ? 0 : await countPastEnd() };
  const rows = page.map(({ [totalKey]: _total, ...row }) => row as Omit<TRow, K>);
  return { rows, total: Number(first[totalKey]) };
}
