import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * The rate limits' statements (decision 0011): fixed-window counters in `rate_limit_hits`, with
 * the database's clock, so that instances whose clocks differ still agree on the window.
 * plugins/limits.ts holds the rules.
 */

export interface Hit {
  /** Requests counted in the current window (a hit's own included). */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Deletes up to `batch` counters whose window has ended; how many. */
export async function deleteEndedWindows(db: Tx, batch: number): Promise<number> {
  const res = (await db.execute(sql`
    delete from rate_limit_hits where key in (
      select key from rate_limit_hits where reset_at < now() limit ${batch} for update skip locked
    )`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

/**
 * Adds `hits` to the key's window in one statement (an upsert), or starts a new window of
 * `windowMs` when the row's has ended, and answers the count and the time left.
 */
export async function addHits(db: Tx, key: string, windowMs: number, hits: number): Promise<Hit> {
  const { rows } = (await db.execute(sql`
    insert into rate_limit_hits as r (key, hits, reset_at)
    values (${key}, ${hits}, now() + (${windowMs})::float8 * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then excluded.hits else least(r.hits::bigint + excluded.hits, 2147483647)::int end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.hits as current,
      greatest(0, ceil(extract(epoch from (r.reset_at - now())) * 1000))::int as ttl`)) as unknown as {
    rows: { current: number; ttl: number }[];
  };
  const row = rows[0]!;
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

/** The key's current window, if one is running (counts nothing). */
export async function readWindow(db: Tx, key: string): Promise<Hit | undefined> {
  const { rows } = (await db.execute(sql`
    select hits as current,
      greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
    from rate_limit_hits where key = ${key} and reset_at > now()`)) as unknown as {
    rows: { current: number; ttl: number }[];
  };
  const row = rows[0];
  return row ? { current: Number(row.current), ttl: Number(row.ttl) } : undefined;
}
