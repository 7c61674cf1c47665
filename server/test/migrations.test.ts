import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { type Database, migrationsFolder, openPglite, openPostgres } from '../src/db/client';
import { revokedBit } from './copies';
import { call, createTestApp, createUser, driver, type TestApp, uniqueEmail } from './harness';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DRIZZLE_KIT = path.resolve(SERVER, '../node_modules/.bin/drizzle-kit');

/**
 * Some migrations are written by hand (trigram indexes, the audit log's permissions, row counts),
 * each with the snapshot drizzle-kit would have written. drizzle-kit, run on a copy of the
 * migrations, must find nothing left to generate: the schema in src/db/schema.ts and the
 * snapshots describe the same database. (It reads no database, so both projects run the same
 * check; the test below holds the snapshot against the database each driver built.)
 */
describe('migrations', () => {
  it('match the schema: drizzle-kit generates nothing new', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    try {
      fs.cpSync(path.join(SERVER, 'drizzle'), copy, { recursive: true });
      const before = fs.readdirSync(copy).sort();
      // drizzle-kit takes `out` relative to the working directory.
      const { stdout } = await promisify(execFile)(
        DRIZZLE_KIT,
        ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--casing', 'snake_case'].concat(
          '--out',
          path.relative(SERVER, copy),
        ),
        { cwd: SERVER },
      );
      expect(stdout).toContain('No schema changes');
      expect(fs.readdirSync(copy).sort()).toEqual(before);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean; default?: unknown }>;
  indexes: Record<string, { name: string; isUnique: boolean; method: string }>;
  foreignKeys: Record<
    string,
    { name: string; tableFrom: string; tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete: string }
  >;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
}

/** The database the newest snapshot describes, as lines that can be compared. */
function described(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(SERVER, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
  const snapshot = JSON.parse(fs.readFileSync(path.join(SERVER, `drizzle/meta/${last}_snapshot.json`), 'utf8')) as {
    tables: Record<string, SnapshotTable>;
    sequences: Record<string, { name: string }>;
  };
  const lines: string[] = [];
  for (const table of Object.values(snapshot.tables)) {
    const columns = Object.values(table.columns);
    for (const c of columns) {
      lines.push(
        `column ${table.name}.${c.name} ${c.type}${c.notNull ? ' not null' : ''}${'default' in c ? ' default' : ''}`,
      );
    }
    const primary = columns.filter((c) => c.primaryKey).map((c) => c.name);
    for (const key of [primary, ...Object.values(table.compositePrimaryKeys).map((k) => k.columns)]) {
      if (key.length) lines.push(`primary key ${table.name}(${key.join(',')})`);
    }
    for (const i of Object.values(table.indexes))
      lines.push(`index ${i.name}${i.isUnique ? ' unique' : ''} ${i.method}`);
    for (const f of Object.values(table.foreignKeys)) {
      lines.push(
        `foreign key ${f.name} ${f.tableFrom}(${f.columnsFrom.join(',')}) -> ${f.tableTo}(${f.columnsTo.join(',')}) on delete ${f.onDelete}`,
      );
    }
    for (const u of Object.values(table.uniqueConstraints)) lines.push(`unique ${u.name}`);
    for (const k of Object.values(table.checkConstraints)) lines.push(`check ${k.name}`);
  }
  for (const s of Object.values(snapshot.sequences)) lines.push(`sequence ${s.name}`);
  return lines.sort();
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** What the database holds, as the same lines. */
async function built(database: Database): Promise<string[]> {
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const lines: string[] = [];
  for (const c of await rows<{ t: string; c: string; type: string; not_null: boolean; has_default: boolean }>(sql`
    select cl.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null, a.atthasdef as has_default
    from pg_attribute a join pg_class cl on cl.oid = a.attrelid
    where cl.relnamespace = 'public'::regnamespace and cl.relkind = 'r' and a.attnum > 0 and not a.attisdropped`)) {
    lines.push(`column ${c.t}.${c.c} ${c.type}${c.not_null ? ' not null' : ''}${c.has_default ? ' default' : ''}`);
  }
  const columnsOf = (keys: SQL, table: SQL) => sql`(
    select string_agg(a.attname, ',' order by k.i) from unnest(${keys}) with ordinality k(n, i)
    join pg_attribute a on a.attrelid = ${table} and a.attnum = k.n)`;
  for (const k of await rows<{
    name: string;
    type: string;
    t: string;
    cols: string;
    ft: string;
    fcols: string;
    del: string;
  }>(sql`
    select con.conname as name, con.contype as type, cl.relname as t, ${columnsOf(sql`con.conkey`, sql`con.conrelid`)} as cols,
           ft.relname as ft, ${columnsOf(sql`con.confkey`, sql`con.confrelid`)} as fcols, con.confdeltype as del
    from pg_constraint con join pg_class cl on cl.oid = con.conrelid left join pg_class ft on ft.oid = con.confrelid
    where cl.relnamespace = 'public'::regnamespace and con.contype in ('p', 'f', 'u', 'c')`)) {
    if (k.type === 'p') lines.push(`primary key ${k.t}(${k.cols})`);
    else if (k.type === 'f') {
      lines.push(`foreign key ${k.name} ${k.t}(${k.cols}) -> ${k.ft}(${k.fcols}) on delete ${ON_DELETE[k.del]}`);
    } else lines.push(`${k.type === 'u' ? 'unique' : 'check'} ${k.name}`);
  }
  // Indexes of their own; those behind a primary key or unique constraint are listed above.
  for (const i of await rows<{ name: string; is_unique: boolean; method: string }>(sql`
    select i.relname as name, x.indisunique as is_unique, am.amname as method
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class cl on cl.oid = x.indrelid
    join pg_am am on am.oid = i.relam
    where cl.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint con where con.conindid = x.indexrelid)`)) {
    lines.push(`index ${i.name}${i.is_unique ? ' unique' : ''} ${i.method}`);
  }
  for (const s of await rows<{ name: string }>(sql`
    select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`)) {
    lines.push(`sequence ${s.name}`);
  }
  return lines.sort();
}

describe(`the database the migrations build (${driver})`, () => {
  it('is the one the newest snapshot describes: tables, columns, keys, indexes and sequences', async () => {
    const t = await createTestApp();
    try {
      expect(await built(t.database)).toEqual(described().sort());
    } finally {
      await t.close();
    }
  });
});

/** A database of its own with no migration applied (PostgreSQL: dropped on close). */
async function openEmptyDatabase(): Promise<Database> {
  if (driver === 'pglite') return openPglite(undefined, { migrate: false });
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_m_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** Applies the migrations of `folder` that the database has not run yet, as start-up does. */
async function migrateWith(database: Database, folder: string) {
  if (database.driver === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}

/** A copy of the migrations folder whose journal ends before migration `tag`. */
function migrationsBefore(tag: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  fs.cpSync(path.join(SERVER, 'drizzle'), copy, { recursive: true });
  const file = path.join(copy, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  fs.writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return copy;
}

describe(`migration 0014 on a registry that holds duplicate certificate numbers (${driver})`, () => {
  it(
    'keeps one certificate per number, moves the others to the trash, audited, and start-up revokes their credentials',
    {
      timeout: 120_000,
    },
    async () => {
      const database = await openEmptyDatabase();
      const before = migrationsBefore('0014_trash');
      let t: TestApp | undefined;
      try {
        await migrateWith(database, before);
        const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
        const [holder] = await rows<{ id: string }>(sql`
        insert into users (email, password_hash, name, is_verified) values ('holder@example.org', 'x', 'Holder', true)
        returning id`);
        // Before 0014 nothing kept a number unique. A (the claimed one) must stay although B was
        // changed later; of C1..C3 (none claimed) the one changed last stays; D is alone.
        const insert = async (no: string, updatedDaysAgo: number, claimed = false) => {
          const [row] = await rows<{ id: string }>(sql`
          insert into certificates (user_email, certificate_no, name, valid_till, created_at, updated_at, holder_id,
                                    claimed_at, credential)
          values ('holder@example.org', ${no}, 'Certified Recycling Advocate', now() + interval '300 days',
                  now() - interval '400 days', now() - make_interval(days => ${updatedDaysAgo}),
                  ${claimed ? holder!.id : null}, ${claimed ? sql`now()` : null},
                  jsonb_build_object('id', 'https://portal.example/verify/' || ${no}))
          returning id`);
          return row!.id;
        };
        const a = await insert('CRA-DUP-A', 30, true);
        const b = await insert('CRA-DUP-A', 1);
        const c1 = await insert('CRA-DUP-C', 20);
        const c2 = await insert('CRA-DUP-C', 2);
        const c3 = await insert('CRA-DUP-C', 10);
        const d = await insert('CRA-SOLO', 5);

        await migrateWith(database, migrationsFolder());

        const state = await rows<{ id: string; trashed: boolean; deleted_by: string | null }>(sql`
        select id, deleted_at is not null as trashed, deleted_by from certificates`);
        const trashed = state.filter((r) => r.trashed).map((r) => r.id);
        expect(trashed.sort()).toEqual([b, c1, c3].sort());
        expect(
          state
            .filter((r) => !r.trashed)
            .map((r) => r.id)
            .sort(),
        ).toEqual([a, c2, d].sort());
        expect(state.every((r) => r.deleted_by === null)).toBe(true);
        // The row count (the admin list's total) counts live rows only.
        const [count] = await rows<{ n: string }>(sql`select n from row_counts where table_name = 'certificates'`);
        expect(Number(count!.n)).toBe(3);
        const audited = await rows<{ target_id: string; details: { trash: boolean; kept: string } }>(sql`
        select target_id, details from audit_log where action = 'certificate.delete'`);
        expect(Object.fromEntries(audited.map((r) => [r.target_id, r.details.kept]))).toEqual({
          [b]: a,
          [c1]: c2,
          [c3]: c2,
        });
        expect(audited.every((r) => r.details.trash)).toBe(true);

        // Migration 0021 made each signed credential its certificate's copy 1 (decision 0037), and
        // marked the trashed ones' for revocation; the server's start (its job queue running) sets
        // their bits, once.
        t = await createTestApp({}, { database, workers: true });
        const revocationBit = (id: string, number = 1) => revokedBit(database.db, id, number);
        await vi.waitFor(async () => expect(await revocationBit(c3)).toBe(true), { timeout: 60_000, interval: 250 });
        for (const id of [b, c1, c3]) expect(await revocationBit(id)).toBe(true);
        for (const id of [a, c2, d]) expect(await revocationBit(id)).toBe(false);
        expect(await t.app.credentials.revokeDue()).toBe(0);
        const [legacy] = await rows<{ credential_id: string; suspension_entry: boolean }>(
          sql`select credential_id, suspension_entry from credential_copies where certificate_id = ${a}`,
        );
        expect(legacy).toEqual({ credential_id: 'https://portal.example/verify/CRA-DUP-A', suspension_entry: true });

        // The admin sees them in the trash; one comes back once its number is free.
        const admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin') });
        const trash = await call(t.app, admin.cookie, { method: 'GET', url: '/api/trash?type=certificate' });
        expect(
          trash
            .json<{ _id: string }[]>()
            .map((i) => i._id)
            .sort(),
        ).toEqual([b, c1, c3].sort());
        const refused = await call(t.app, admin.cookie, { method: 'POST', url: `/api/trash/certificate/${b}/restore` });
        expect(refused.statusCode).toBe(409);
        await rows(sql`update certificates set certificate_no = 'CRA-DUP-A-OLD' where id = ${a}`);
        const restored = await call(t.app, admin.cookie, {
          method: 'POST',
          url: `/api/trash/certificate/${b}/restore`,
        });
        expect(restored.statusCode, restored.body).toBe(200);
        // Back from the trash with a new copy; its first stays revoked (a revocation is final).
        expect(await revocationBit(b, 2)).toBe(false);
        expect(await revocationBit(b, 1)).toBe(true);
      } finally {
        await t?.close();
        await database.close();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
  );
});

describe(`migration 0017 on credentials signed with an inverted validity window (${driver})`, () => {
  it(
    'drops only those credentials, and the background signer signs them again, valid',
    { timeout: 120_000 },
    async () => {
      const database = await openEmptyDatabase();
      const before = migrationsBefore('0017_unsigned_certificates');
      let t: TestApp | undefined;
      try {
        await migrateWith(database, before);
        const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
        const insert = async (no: string, validFrom: string) => {
          const credential = JSON.stringify({ validFrom, validUntil: '2026-01-31T00:00:00Z' });
          const [row] = await rows<{ id: string }>(sql`
          insert into certificates (user_email, certificate_no, name, valid_till, credential)
          values ('holder@example.org', ${no}, 'Certified Recycling Advocate', '2026-01-31T00:00:00Z', ${credential}::jsonb)
          returning id`);
          return row!.id;
        };
        // Recorded after it lapsed: signed from the day it was recorded, after its end.
        const inverted = await insert('CRA-INVERTED', '2026-03-01T00:00:00Z');
        const sound = await insert('CRA-SOUND', '2025-01-31T00:00:00Z');

        await migrateWith(database, migrationsFolder());
        const credentialOf = async (id: string) =>
          (
            await rows<{ credential: { validFrom: string; validUntil: string } | null }>(
              sql`select credential from certificates where id = ${id}`,
            )
          )[0]!.credential;
        expect(await credentialOf(inverted)).toBeNull();
        expect(await credentialOf(sound)).toEqual({
          validFrom: '2025-01-31T00:00:00Z',
          validUntil: '2026-01-31T00:00:00Z',
        });

        // The server's start (its job queue running) signs it again.
        t = await createTestApp({}, { database, workers: true });
        await vi.waitFor(async () => expect(await credentialOf(inverted)).not.toBeNull(), {
          timeout: 60_000,
          interval: 250,
        });
        const resigned = await credentialOf(inverted);
        expect(resigned!.validFrom <= resigned!.validUntil).toBe(true);
        const [row] = await rows<{ verification_id: string }>(
          sql`select verification_id from certificates where id = ${inverted}`,
        );
        const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${row!.verification_id}` })).json();
        expect(json).toMatchObject({ status: 'Expired', signature: { valid: true } });
      } finally {
        await t?.close();
        await database.close();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
  );
});

describe(`migration 0023 on certificates recorded before their award date existed (${driver})`, () => {
  it(
    'awards each on the day it was recorded, keeps a signed copy as it is, and signs an unsigned one by its number',
    { timeout: 120_000 },
    async () => {
      const database = await openEmptyDatabase();
      const before = migrationsBefore('0023_award_date_and_holder_identifier');
      let t: TestApp | undefined;
      try {
        await migrateWith(database, before);
        const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
        // A copy signed before decision 0063 names its holder by the e-mail's hash.
        const signed = JSON.stringify({
          credentialSubject: { identifier: [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: true }] },
        });
        const insert = async (no: string, credential: string | null) =>
          (
            await rows<{ id: string; verification_id: string }>(sql`
          insert into certificates (user_email, certificate_no, name, valid_till, created_at, credential)
          values ('holder@example.org', ${no}, 'Certified Recycling Advocate', '2030-01-31T23:59:59.999Z',
                  '2024-03-01T10:20:30.456Z', ${credential}::jsonb)
          returning id, verification_id`)
          )[0]!;
        const old = await insert('CRA-OLD', signed);
        const unsigned = await insert('CRA-UNSIGNED', null);

        await migrateWith(database, migrationsFolder());
        const state = async (id: string) =>
          (
            await rows<{ awarded: string; by_email: boolean; credential: Record<string, unknown> | null }>(sql`
          select to_char(awarded_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as awarded,
            identify_by_email as by_email, credential from certificates where id = ${id}`)
          )[0]!;
        // The signed copy is kept (a copy never changes, decision 0037), and its certificate says
        // what it names the holder by.
        expect(await state(old.id)).toEqual({
          awarded: '2024-03-01T10:20:30.456',
          by_email: true,
          credential: JSON.parse(signed),
        });
        expect(await state(unsigned.id)).toMatchObject({ awarded: '2024-03-01T10:20:30.456', by_email: false });

        // The server's start (its job queue running) signs the unsigned one, with its award date
        // and named by its number (finding F15).
        t = await createTestApp({}, { database, workers: true });
        await vi.waitFor(async () => expect((await state(unsigned.id)).credential).not.toBeNull(), {
          timeout: 60_000,
          interval: 250,
        });
        expect((await state(unsigned.id)).credential).toMatchObject({
          awardedDate: '2024-03-01T10:20:30Z',
          validFrom: '2024-03-01T10:20:30Z',
          credentialSubject: {
            identifier: [{ identityType: 'identifier', hashed: false, identityHash: 'CRA-UNSIGNED' }],
          },
        });
        expect(JSON.stringify((await state(unsigned.id)).credential)).not.toContain('sha256$');
        const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${unsigned.verification_id}` })).json();
        expect(json).toMatchObject({ issuedOn: '2024-03-01T10:20:30.456Z', signature: { valid: true } });
      } finally {
        await t?.close();
        await database.close();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
  );
});
