import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { makeOwnerOnly } from '../lib/data-dir';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Raw SQL for the job queue (pg-boss's `db` adapter, plugins/queue.ts): with values, one
   * statement; without, a script of several (PGlite runs those through `exec`).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The rows of one query, `batch` at a time, read from a server-side cursor (issue 16: exports
   * with no row cap in bounded memory). Each row is an array of the selected values, in order.
   * Stopping early (a `break`, a client gone) closes the cursor.
   */
  cursor(query: { sql: string; params: unknown[] }, batch: number): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

let cursors = 0;

/** The folder with the generated SQL migrations, wherever this module was bundled to. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Migrations folder not found');
    dir = parent;
  }
}

const options = { schema, casing: 'snake_case' } as const;

export async function openPostgres(url: string, { migrate = true } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, options) as unknown as Db;
  if (migrate) await migratePg(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: (text, values) => pool.query(text, values),
    // pg-cursor: a portal read `batch` rows at a time on a connection of its own.
    async *cursor({ sql: text, params }, batch) {
      const client = await pool.connect();
      const cursor = client.query(new Cursor(text, params, { rowMode: 'array' }));
      try {
        for (;;) {
          const rows = (await cursor.read(batch)) as unknown[][];
          if (rows.length > 0) yield rows;
          if (rows.length < batch) return;
        }
      } finally {
        await cursor.close().catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Server settings for the embedded database, passed on the command line (the data directory's
 * postgresql.conf is left alone). PGlite touches the whole shared memory segment when it starts,
 * inside its WASM heap, so initdb's `shared_buffers = 128MB` alone was ~140 MB of resident memory
 * from the first second. The data files are read through the OS page cache, so a small buffer pool
 * costs a system call per miss, not a disk read; single-user mode has one backend, so the
 * per-connection shared structures (lock table, PGPROC) are sized for a handful. Measured
 * 2026-11-26 (smaps): about 29 MB of the WASM memory is resident at idle with 16 MB of buffers;
 * `process.memoryUsage()` reports its whole 128 MB initial size (plus the bundled files) as
 * `external`, ~140 MB. 8 MB of buffers took the bench's idle RSS from 274 to 243 MB with the same
 * read throughput (decision 0029). The rest is Node, the V8 heap and the compiled WASM (decision 0026).
 */
const PGLITE_SETTINGS = ['shared_buffers=8MB', 'max_connections=10'];

/** PGlite keeps its files in `dir`; without one (tests) it lives in memory, optionally from a dump. */
export async function openPglite(
  dir?: string,
  { loadDataDir, migrate = true }: { loadDataDir?: Blob; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  if (dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // pg_trgm backs the search indexes (migration 0001); PGlite loads extensions on every open.
  const client = await PGlite.create(dir, {
    loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  // PGlite unpacks a new database's files 0666 with chmod, which no umask narrows: they are made
  // the owner's alone as soon as they exist (issue 30, F7).
  if (dir) makeOwnerOnly(dir);
  const db = drizzlePglite(client, options) as unknown as Db;
  if (migrate) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    client,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (err) {
        // A failed script must not leave its BEGIN open on the one connection everything shares.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    // One session serves every request, so a transaction must not stay open while a client
    // downloads: a cursor WITH HOLD lives past its implicit transaction, and other queries run
    // between its FETCHes.
    async *cursor({ sql: text, params }, batch) {
      const name = `export_cursor_${++cursors}`;
      await client.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${text}`, params);
      try {
        for (;;) {
          const { rows } = await client.query<unknown[]>(`FETCH ${batch} FROM ${name}`, [], { rowMode: 'array' });
          if (rows.length > 0) yield rows;
          if (rows.length < batch) return;
        }
      } finally {
        await client.query(`CLOSE ${name}`).catch(() => undefined);
      }
    },
    close: () => client.close(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
