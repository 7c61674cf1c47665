import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dialect = new PgDialect();
const query = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q);

describe('Database.cursor', () => {
  it('reads every row of a query in batches, with parameters, as arrays', async () => {
    const batches: unknown[][][] = [];
    for await (const rows of t.database.cursor(
      query(sql`select n::text, ${'x'}::text from generate_series(1, ${25}::int) n`),
      10,
    ))
      batches.push(rows);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches[0]![0]).toEqual(['1', 'x']);
    expect(batches.at(-1)!.at(-1)).toEqual(['25', 'x']);
  });

  it('lets other queries run between batches, and closes the cursor when the reader stops early', async () => {
    const seen: string[] = [];
    for await (const rows of t.database.cursor(query(sql`select n::text from generate_series(1, 100) n`), 10)) {
      seen.push(String(rows[0]![0]));
      // Another request's query, while the export is between two batches.
      const other = (await t.database.db.execute(sql`select 42 as answer`)) as unknown as {
        rows: { answer: number }[];
      };
      expect(other.rows[0]!.answer).toBe(42);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(['1', '11', '21']);
    const open = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_cursors where is_holdable`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(open.rows[0]!.n).toBe(0);
  });

  it('yields nothing for no rows', async () => {
    const batches: unknown[] = [];
    for await (const rows of t.database.cursor(query(sql`select 1 where false`), 10)) batches.push(rows);
    expect(batches).toEqual([]);
  });
});
