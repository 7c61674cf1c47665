import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';

interface Decodable {
  decoder: { mapFromDriverValue(value: unknown): unknown };
}

/** What a select's field can be: a column, or SQL (with `.mapWith`, or aliased). */
export type Field = Column | SQL | SQL.Aliased;
type Decoded<T> =
  T extends Column<infer C>
    ? C['notNull'] extends true
      ? C['data']
      : C['data'] | null
    : T extends SQL<infer D>
      ? D
      : T extends SQL.Aliased<infer D>
        ? D
        : never;
export type DecodedRow<TFields extends Record<string, Field>> = { [K in keyof TFields]: Decoded<TFields[K]> };

/**
 * The fields of a select, each aliased to its key: so that the select's rows, turned into JSON
 * objects by PostgreSQL (`jsonRows`), carry the same keys as the rows drizzle would map.
 */
export function namedFields(fields: Record<string, Field>): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, sql`${is(field, SQL.Aliased) ? field.sql : field}`.as(key)]),
  );
}

/**
 * The rows of `select` as one JSON array (`[]` for none), in the select's order. PostgreSQL feeds
 * an aggregate its rows in the order a sorted subquery gives them when nothing else happens at
 * the aggregate's level ("supplying the input values from a sorted subquery will usually work…
 * this approach can fail if the outer query level contains additional processing, such as a
 * join": PostgreSQL 15 documentation, §9.21 Aggregate Functions). Here the level holds nothing
 * but the aggregate.
 */
export const jsonRows = (select: SQLWrapper) =>
  sql<unknown[]>`(select coalesce(json_agg(page_row), '[]'::json) from (${select}) page_row)`;

/**
 * Turns the JSON objects of `jsonRows` back into rows with each field's own mapping, as drizzle
 * maps a row: a timestamp becomes a Date through its column, a `.mapWith(Number)` count a number.
 * PostgreSQL writes a timestamptz in JSON as ISO 8601 (`2026-11-26T23:11:15.123+00:00`), which
 * the columns' mappings read as they read the text protocol's form.
 */
export function jsonRowDecoder<TFields extends Record<string, Field>>(
  fields: TFields,
): (row: Record<string, unknown>) => DecodedRow<TFields> {
  const mappers = Object.entries(fields).map(([key, field]) => {
    // The decoders drizzle's own `mapResultRow` takes (an SQL's `decoder` is marked internal).
    const map = is(field, Column) ? field : ((is(field, SQL) ? field : field.sql) as unknown as Decodable).decoder;
    return [key, (value: unknown) => map.mapFromDriverValue(value)] as const;
  });
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [key, map] of mappers) {
      const value = row[key];
      out[key] = value === null || value === undefined ? null : map(value);
    }
    return out as DecodedRow<TFields>;
  };
}
