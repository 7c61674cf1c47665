import { TOTAL_COUNT_HEADER } from '@portal/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, certificates, jobs, notifications, reports, rowCounts, users } from './schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../test/harness';
import { firstPageSelect } from './paging';

/**
 * Every paged list answers its rows and X-Total-Count in one statement (lib/paging.ts): a list
 * request is the session lookup plus that statement (or, for the lists read with their session,
 * that one statement: decision 0050), and only a page past the end adds a count.
 */

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Records the text of every statement sent to the database driver (the PGlite instance or the
 * `pg` pool behind Drizzle, both reached through `db.$client.query`).
 */
function recordStatements(t: TestApp) {
  const client = (t.database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [q] = args;
    seen.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
    return original.apply(this, args);
  } as Query;
  return {
    /** The statements `run` sent, one string each. */
    async during(run: () => Promise<unknown>) {
      seen.length = 0;
      await run();
      return [...seen];
    },
    restore: () => {
      client.query = original;
    },
  };
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let recorder: ReturnType<typeof recordStatements>;
const tag = `pg${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin') });
  member = await createUser(t, { name: `Member ${tag}` });
  const db = t.database.db;
  const at = (i: number) => new Date(Date.now() - i * 60_000);
  await db.insert(certificates).values(
    Array.from({ length: 5 }, (_, i) => ({
      userEmail: member.email,
      holderId: member.user.id,
      certificateNo: `N-${tag}-${i}`,
      name: `Cert ${tag} ${i}`,
      validTill: new Date(Date.now() + (i + 1) * 86_400_000),
      createdAt: at(i),
    })),
  );
  await db.insert(jobs).values(
    Array.from({ length: 5 }, (_, i) => ({
      title: `Job ${tag} ${i}`,
      description: 'd',
      location: 'l',
      company: 'c',
      applyLink: 'https://example.org',
      createdAt: at(i),
    })),
  );
  await db
    .insert(notifications)
    .values(
      Array.from({ length: 5 }, (_, i) => ({ title: `Note ${tag} ${i}`, message: 'm', link: '', createdAt: at(i) })),
    );
  await db
    .insert(reports)
    .values(Array.from({ length: 5 }, (_, i) => ({ clientName: `Client ${tag} ${i}`, data: {}, createdAt: at(i) })));
  await db
    .insert(auditLog)
    .values(Array.from({ length: 5 }, (_, i) => ({ action: `test.${tag}`, targetType: 'test', createdAt: at(i) })));
  recorder = recordStatements(t);
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

/**
 * `withSession`: the list as its screen opens it is read in the same statement as the session
 * (decision 0050), so its request is one statement, not two.
 */
const lists = () => [
  {
    url: `/api/certificates/${encodeURIComponent(member.email)}`,
    cookie: member.cookie,
    table: 'certificates',
    withSession: true,
  },
  { url: '/api/certificates', cookie: admin.cookie, table: 'certificates', withSession: true },
  { url: '/api/users', cookie: admin.cookie, table: 'users' },
  { url: '/api/jobs', cookie: member.cookie, table: 'jobs', withSession: true },
  { url: '/api/notifications', cookie: member.cookie, table: 'notifications' },
  { url: '/api/reports', cookie: admin.cookie, table: 'reports' },
  { url: '/api/audit-log', cookie: admin.cookie, table: 'audit_log' },
];

const tables = { certificates, users, jobs, notifications, reports, audit_log: auditLog } as const;
const rowsIn = async (table: keyof typeof tables) =>
  (await t.database.db.select({ n: count() }).from(tables[table]))[0]!.n;

/** Tables whose counts the triggers of migration 0004 keep. */
const COUNTED = new Set(['users', 'certificates']);

const sep = (url: string) => (url.includes('?') ? '&' : '?');

describe('statements per list request', () => {
  it('is the session and one page that carries the total: one statement for the lists read with their session, two for the others', async () => {
    for (const { url, cookie, table, withSession } of lists()) {
      let res: Awaited<ReturnType<typeof call>> | undefined;
      const statements = await recorder.during(async () => {
        res = await call(t.app, cookie, { method: 'GET', url: `${url}${sep(url)}limit=2` });
      });
      expect(res!.statusCode, `${url}: ${res!.body}`).toBe(200);
      expect(statements, url).toHaveLength(withSession ? 1 : 2);
      expect(statements[0], url).toMatch(/from "sessions"/);
      if (withSession) expect(statements[0], url).toMatch(/string_agg\(.* from "sessions" inner join "users"/);
      // The page's own select: alone, or inside the session's statement.
      const last = statements.at(-1)!;
      const page = withSession ? last.slice(last.indexOf('string_agg('), last.indexOf(' "page_row") end')) : last;
      // One holder's certificates: a window count; users and certificates: the count the
      // triggers keep; every other list: a count subquery, which leaves the page's
      // index-ordered LIMIT alone (lib/paging.ts has the measurements).
      // A certificate list reads the columns of its answers only: not the 2 KB credential, nor
      // the bookkeeping columns (decision 0050).
      if (table === 'certificates') expect(page, url).not.toMatch(/"(credential|updated_at|deleted_by)"/);
      // The job board as it opens reads the columns of its cards only.
      if (table === 'jobs' && withSession) expect(page, url).not.toMatch(/"(created_at|updated_at|deleted_by)" as/);
      // A first page has its limit written in and no offset, so PostgreSQL keeps its plan (firstPageSelect).
      if (withSession) expect(page, url).toMatch(/\) limit 2\)$/);
      if (url.startsWith('/api/certificates/'))
        expect(page, url).toMatch(/, count\(\*\) over \(\)( as "__total")? from /);
      else if (COUNTED.has(table)) expect(page, url).toMatch(/, \(select "n" from "row_counts" where /);
      else expect(page, url).toMatch(/, \(select count\(\*\) from "[a-z_]+"[^)]*\)( as "__total")? from "[a-z_]+"/);
      expect(res!.json(), url).toHaveLength(2);
      expect(res!.headers[TOTAL_COUNT_HEADER], url).toBe(String(await rowsIn(table as keyof typeof tables)));
      for (const row of res!.json() as Record<string, unknown>[])
        expect(Object.keys(row), url).not.toContain('__total');
    }
  });

  it('is two for a search, and for an empty first page (whose total is 0)', async () => {
    for (const { url, cookie } of lists()) {
      const query = url === '/api/audit-log' ? 'action=' : 'q=';
      for (const [term, expected] of [
        [tag, '5'],
        ['no-such-text-anywhere', '0'],
      ] as const) {
        if (url.startsWith('/api/users') && term === tag) continue; // one user has the tag, below
        const full = `${url}${sep(url)}${query}${url === '/api/audit-log' && term === tag ? `test.${tag}` : term}`;
        let res: Awaited<ReturnType<typeof call>> | undefined;
        const statements = await recorder.during(async () => {
          res = await call(t.app, cookie, { method: 'GET', url: full });
        });
        expect(res!.statusCode, `${full}: ${res!.body}`).toBe(200);
        expect(res!.headers[TOTAL_COUNT_HEADER], full).toBe(expected);
        expect(res!.json(), full).toHaveLength(Number(expected));
        expect(statements, full).toHaveLength(2);
        // The matches are gathered once, for the page and its count.
        if (!url.startsWith('/api/certificates/')) expect(statements[1], full).toMatch(/^with "[a-z_]+" as \(select /);
      }
    }
    const users = await call(t.app, admin.cookie, { method: 'GET', url: `/api/users?q=${tag}` });
    expect(users.headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('adds one plain count for a page past the end, and reports the right total', async () => {
    for (const { url, cookie, table, withSession } of lists()) {
      const total = await rowsIn(table as keyof typeof tables);
      let res: Awaited<ReturnType<typeof call>> | undefined;
      const statements = await recorder.during(async () => {
        res = await call(t.app, cookie, { method: 'GET', url: `${url}${sep(url)}limit=2&offset=1000` });
      });
      expect(res!.statusCode, url).toBe(200);
      expect(res!.json(), url).toEqual([]);
      const own = url.startsWith('/api/certificates/') ? 5 : total;
      expect(res!.headers[TOTAL_COUNT_HEADER], url).toBe(String(own));
      expect(statements, url).toHaveLength(withSession ? 2 : 3);
      // Any other page: the one statement with its limit and offset as values.
      if (withSession) expect(statements[0], url).toMatch(/ limit \$\d+ offset \$\d+\)\) "page_row"\) end/);
      expect(statements.at(-1), url).toMatch(
        COUNTED.has(table) && !url.startsWith('/api/certificates/')
          ? /^select "n" from "row_counts"/
          : /^select count\(\*\)/,
      );
    }
  });
});

describe('the lists opened most', () => {
  it('build no SQL on a second read: the statement is prepared once, and pages still move', async () => {
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      for (const { url, cookie } of lists().filter((l) =>
        /^\/api\/(jobs|certificates|users|notifications)/.test(l.url),
      )) {
        const read = (query: string) => call(t.app, cookie, { method: 'GET', url: `${url}?${query}` });
        await read('limit=1');
        built.mockClear();
        const [first, second] = [await read('limit=1'), await read('limit=1&offset=1')];
        expect(built, url).not.toHaveBeenCalled();
        // Only a page past the end counts apart, as above.
        const past = await read('offset=999');
        expect([first.json().length, second.json().length], url).toEqual([1, 1]);
        const ids = [...first.json(), ...second.json()].map((r: { _id: string }) => r._id);
        expect(new Set(ids).size, `${url}: pages overlap`).toBe(ids.length);
        expect(past.json(), url).toEqual([]);
        expect(past.headers[TOTAL_COUNT_HEADER], url).toBe(first.headers[TOTAL_COUNT_HEADER]);
        // A search is built each time (its term is part of the statement).
        built.mockClear();
        await read('q=zzz');
        expect(built, url).toHaveBeenCalled();
      }
    } finally {
      built.mockRestore();
    }
  });
});

describe('the counts kept by triggers (migration 0004)', () => {
  it('stay exact through multi-row inserts, deletes and rolled-back transactions', async () => {
    const db = t.database.db;
    const kept = async (table: 'users' | 'certificates') =>
      Number((await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, table)))[0]!.n);
    const email = uniqueEmail('counted');
    await db
      .insert(certificates)
      .values(
        [1, 2, 3].map((i) => ({ userEmail: email, certificateNo: `K-${tag}-${i}`, name: 'n', validTill: new Date() })),
      );
    await db.delete(certificates).where(inArray(certificates.certificateNo, [`K-${tag}-1`, `K-${tag}-2`]));
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ email, name: 'Rolled back', passwordHash: 'x', certificateNo: 'K' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await kept('certificates')).toBe(await rowsIn('certificates'));
    expect(await kept('users')).toBe(await rowsIn('users'));

    const res = await call(t.app, admin.cookie, { method: 'GET', url: '/api/certificates?limit=1' });
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(await rowsIn('certificates')));
  });
});

describe('firstPageSelect', () => {
  it('writes a whole-number limit into the statement, and refuses anything else', () => {
    const dialect = new PgDialect();
    const page = firstPageSelect(sql`select 1`, 20);
    expect(dialect.sqlToQuery(page)).toEqual({ sql: 'select 1 limit 20', params: [] });
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1; drop table users' as unknown as number])
      expect(() => firstPageSelect(sql`select 1`, bad), String(bad)).toThrow(/whole number/);
  });
});
