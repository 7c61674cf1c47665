import { type Column, is, SQL, sql } from 'drizzle-orm';

/** What a select's field can be: a column, or SQL (with `.mapWith`, or aliased). */
export type Field = Column | SQL | SQL.Aliased;

/**
 * The fields of a select, each aliased to its key: so that an outer query (`pageJson` in
 * db/paging.ts) can name them by the keys the rows would carry.
 */
export function namedFields(fields: Record<string, Field>): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, sql`${is(field, SQL.Aliased) ? field.sql : field}`.as(key)]),
  );
}

/** A key written into SQL as part of a literal: only plain names, which need no escaping. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The text of one JSON object with these keys, in this order, as `JSON.stringify` writes it
 * (compact: no space after `:` or `,`), built by PostgreSQL (decision 0050). `json_build_object`
 * would write `"key" : value, ` and `jsonb` reorders keys, so the object is concatenated: each
 * value through `to_json` (a string escaped as RFC 8259 asks, `\n` `\t` `\"` and `\u001f` as
 * `JSON.stringify` writes them; a number or a boolean as its literal), SQL NULL as `null`.
 */
export function jsonObjectText(entries: Record<string, SQL>): SQL<string> {
  const parts = Object.entries(entries).map(([key, value], i) => {
    if (!PLAIN_KEY.test(key)) throw new Error(`A JSON key written into SQL must be a plain name, not ${key}`);
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || coalesce(to_json(${value})::text, 'null')`;
  });
  return sql<string>`(${sql.join([...parts, sql.raw(`'}'`)], sql` || `)})`;
}
