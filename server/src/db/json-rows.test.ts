import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { jsonObjectText } from './json-rows';

const dialect = new PgDialect();

describe('jsonObjectText', () => {
  it('writes each key into the SQL as a literal, in order, each value as JSON or null', () => {
    const { sql: text, params } = dialect.sqlToQuery(jsonObjectText({ _id: sql`id`, name: sql`${'x'}::text` }));
    expect(text).toBe(
      `('{"_id":' || coalesce(to_json(id)::text, 'null') || ',"name":' || coalesce(to_json($1::text)::text, 'null') || '}')`,
    );
    expect(params).toEqual(['x']);
  });

  it('refuses a key that is not a plain name: it would be written into the SQL', () => {
    for (const key of [`a'b`, 'a"b', 'a b', '1a', '', 'a\\b', "x':' || pg_sleep(1) || '"]) {
      expect(() => jsonObjectText({ [key]: sql`1` }), key).toThrow(/plain name/);
    }
  });
});
