import { type Certificate, TOTAL_COUNT_HEADER } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, jobs, sessions, users } from '../../src/db/schema';
import { SESSION_EXPIRES_IN_HEADER } from '../../src/plugins/auth';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../harness';

/**
 * Decision 0050: the lists read most (a member's own certificates, the job board, the admin
 * registry, each as its screen opens it) read their session in the same statement as their page.
 * Everything the separate session read guaranteed must still hold: revocation on the very next
 * request, on every instance; the idle timeout; 401 and 403 before a validation error; and the
 * same answer, to the byte, as the ordinary path.
 */

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database (issue 14).
  other = await createTestApp({}, { database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const own = (email: string) => `/api/certificates/${encodeURIComponent(email)}`;
const get = (app: TestApp, cookie: string | undefined, url: string) => call(app.app, cookie, { method: 'GET', url });

/** The three lists, as their screens open them, for a member and an admin. */
const plainLists = (member: { email: string; cookie: string }, admin: { cookie: string }) => [
  { url: own(member.email), cookie: member.cookie, explicit: 'sort=validTill&order=asc' },
  { url: '/api/jobs', cookie: member.cookie, explicit: 'sort=createdAt&order=desc' },
  { url: '/api/certificates', cookie: admin.cookie, explicit: 'sort=createdAt&order=desc' },
];

describe('the lists read with their session', () => {
  it('answer what the ordinary path answers, to the byte, with the same total', async () => {
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    const now = Date.now();
    await t.database.db.insert(certificates).values([
      // Every kind of value an answer carries: a year below 100, a revocation, a claim, a link, nulls, quotes.
      {
        userEmail: member.email,
        holderId: member.user.id,
        certificateNo: `Y-${now}-1`,
        name: 'Ancient',
        validTill: new Date('0049-06-01T23:59:59.999Z'),
      },
      {
        userEmail: member.email,
        holderId: member.user.id,
        certificateNo: `Y-${now}-2`,
        name: 'Revoked "quoted" \u00e9',
        validTill: new Date(now + 86_400_000),
        revokedAt: new Date(now - 1000),
        revocationReason: 'Issued in error',
        claimedAt: new Date(now - 5000),
        downloadLink: '/api/files/abc',
      },
      {
        userEmail: member.email,
        holderId: member.user.id,
        certificateNo: `Y-${now}-3`,
        name: 'Current',
        validTill: new Date(now + 2 * 86_400_000),
      },
      // Control characters, a backslash, a line separator and an emoji; a suspension; a time with
      // microseconds (JavaScript keeps the milliseconds, and so must the SQL).
      {
        userEmail: member.email,
        holderId: member.user.id,
        certificateNo: `Y-${now}-4`,
        name: 'Tab\there \u0001\u001f back\\slash \u2028 \u{1F600} </script>',
        holderName: 'Ünïcode\r\n',
        status: 'Inactive',
        validTill: new Date(now + 3 * 86_400_000),
        createdAt: sql`'2026-03-04 05:06:07.123999+00'::timestamptz`,
      },
    ]);
    await t.database.db.insert(jobs).values({
      title: 'Sorter, "night" shift',
      description: 'Line one\nline two',
      location: 'Depot',
      company: 'Öko',
      applyLink: 'https://example.org/apply',
    });
    for (const { url, cookie, explicit } of plainLists(member, admin)) {
      const plain = await get(t, cookie, `${url}?limit=50`);
      const ordinary = await get(t, cookie, `${url}?limit=50&${explicit}`);
      expect(plain.statusCode, `${url}: ${plain.body}`).toBe(200);
      expect(ordinary.statusCode, url).toBe(200);
      expect(plain.body, url).toBe(ordinary.body);
      expect(plain.headers[TOTAL_COUNT_HEADER], url).toBe(ordinary.headers[TOTAL_COUNT_HEADER]);
      expect(plain.json().length, url).toBeGreaterThan(0);
    }
    const mine = (await get(t, member.cookie, own(member.email))).json() as Certificate[];
    expect(mine.map((c) => c.name)).toEqual([
      'Ancient',
      'Revoked "quoted" \u00e9',
      'Current',
      'Tab\there \u0001\u001f back\\slash \u2028 \u{1F600} </script>',
    ]);
    expect(mine.map((c) => c.status)).toEqual(['Expired', 'Revoked', 'Active', 'Inactive']);
    expect(mine[0]!.validTill).toBe('0049-06-01T23:59:59.999Z');
    expect(mine[3]).toMatchObject({ createdAt: '2026-03-04T05:06:07.123Z', holderName: 'Ünïcode\r\n' });
  });

  it('end a logged-out session on the very next request, on this instance and on another', async () => {
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    for (const list of plainLists(member, admin)) {
      expect((await get(other, list.cookie, list.url)).statusCode, list.url).toBe(200);
    }
    for (const cookie of [member.cookie, admin.cookie]) {
      const out = await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
      expect(out.statusCode).toBe(200);
    }
    for (const list of plainLists(member, admin)) {
      expect((await get(t, list.cookie, list.url)).statusCode, list.url).toBe(401);
      expect((await get(other, list.cookie, list.url)).statusCode, list.url).toBe(401);
    }
  });

  it('follow a demotion, an unverified account, a deleted account and a deleted session at once', async () => {
    const admin = await createUser(t, { isAdmin: true });
    expect((await get(other, admin.cookie, '/api/certificates')).statusCode).toBe(200);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    const demoted = await get(other, admin.cookie, '/api/certificates');
    expect(demoted.statusCode, demoted.body).toBe(403);

    const member = await createUser(t);
    expect((await get(other, member.cookie, '/api/jobs')).statusCode).toBe(200);
    await t.database.db.update(users).set({ isVerified: false }).where(eq(users.id, member.user.id));
    expect((await get(other, member.cookie, '/api/jobs')).statusCode).toBe(403);
    expect((await get(other, member.cookie, own(member.email))).statusCode).toBe(403);

    const trashed = await createUser(t);
    expect((await get(other, trashed.cookie, own(trashed.email))).statusCode).toBe(200);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, trashed.user.id));
    expect((await get(other, trashed.cookie, own(trashed.email))).statusCode).toBe(401);

    const ended = await createUser(t);
    expect((await get(other, ended.cookie, '/api/jobs')).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, ended.user.id));
    expect((await get(other, ended.cookie, '/api/jobs')).statusCode).toBe(401);
  });

  it('answer HEAD as GET: 200 with the total for a session, 401 without', async () => {
    const member = await createUser(t);
    const head = (cookie: string | undefined) => call(t.app, cookie, { method: 'HEAD', url: '/api/jobs' });
    const signedIn = await head(member.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers[TOTAL_COUNT_HEADER]).toBe(
      (await get(t, member.cookie, '/api/jobs')).headers[TOTAL_COUNT_HEADER],
    );
    expect((await head(undefined)).statusCode).toBe(401);
    expect((await head('sid=not-a-session')).statusCode).toBe(401);
  });

  it('refuse a session still waiting for its second factor, as every route does', async () => {
    const member = await createUser(t);
    await t.database.db.update(sessions).set({ mfaPending: true }).where(eq(sessions.userId, member.user.id));
    const res = await get(t, member.cookie, '/api/jobs');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ mfaRequired: true });
  });

  it('keep the idle timeout, the time-left header and the once-a-minute touch', async () => {
    const member = await createUser(t);
    const lastSeen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id)))[0]?.lastSeenAt;
    const first = await get(t, member.cookie, '/api/jobs');
    expect(Number(first.headers[SESSION_EXPIRES_IN_HEADER])).toBeGreaterThan(29 * 60);
    const before = await lastSeen();
    t.clock.advanceMinutes(2);
    const touched = await get(t, member.cookie, own(member.email));
    expect(touched.statusCode).toBe(200);
    expect((await lastSeen())!.getTime()).toBeGreaterThan(before!.getTime());
    t.clock.advanceMinutes(31);
    expect((await get(t, member.cookie, own(member.email))).statusCode).toBe(401);
    expect(await lastSeen()).toBeUndefined();
  });

  it('answer 401, then 403, before a validation error, and the validation error as any route does', async () => {
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    const bad = 'limit=abc';
    const forged = 'sid=not-a-session';
    expect((await get(t, undefined, `/api/jobs?${bad}`)).statusCode).toBe(401);
    expect((await get(t, forged, `/api/jobs?${bad}`)).statusCode).toBe(401);
    expect((await get(t, forged, `/api/certificates?${bad}`)).statusCode).toBe(401);
    expect((await get(t, member.cookie, `/api/certificates?${bad}`)).statusCode).toBe(403);
    expect((await get(t, member.cookie, `/api/certificates?q=x&${bad}`)).statusCode).toBe(403);
    // Another member's list: 403 whatever the input.
    expect((await get(t, member.cookie, own(uniqueEmail()))).statusCode).toBe(403);
    const invalid = await get(t, admin.cookie, `/api/certificates?${bad}`);
    const ordinary = await get(t, admin.cookie, `/api/users?${bad}`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual(ordinary.json());
    expect((await get(t, member.cookie, `/api/jobs?${bad}`)).json()).toEqual(ordinary.json());
  });

  it('compute no page for a session the rule refuses, in SQL, under either rule for admins', async () => {
    // Apps of their own, built here: the rule is written into their statements as they are built.
    // Each on a database of its own: on one pool, two apps' statements of one name but another
    // rule would clash (one app a process, in production).
    for (const adminMfa of ['optional', 'required']) {
      const app = await createTestApp({ ADMIN_MFA: adminMfa });
      try {
        const member = await createUser(app);
        const unverified = await createUser(app, { isVerified: false });
        const admin = await createUser(app, { isAdmin: true });
        // The rows the database driver returns (drizzle reads rows as arrays; the page is the last value).
        const client = (app.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
          .$client;
        const original = client.query;
        const pages: unknown[] = [];
        client.query = async function (this: unknown, ...args: unknown[]) {
          const result = (await original.apply(this, args)) as { rows: unknown[][] };
          const text = String((args[0] as { text?: string }).text ?? args[0]);
          if (text.includes('string_agg(')) pages.push(...result.rows.map((row) => row.at(-1)));
          return result;
        };
        try {
          expect((await get(app, member.cookie, '/api/certificates')).statusCode).toBe(403);
          expect((await get(app, unverified.cookie, '/api/jobs')).statusCode).toBe(403);
          expect((await get(app, member.cookie, '/api/jobs')).statusCode).toBe(200);
          // An admin without a second factor reads the registry only where the rule allows it.
          expect((await get(app, admin.cookie, '/api/certificates')).statusCode).toBe(
            adminMfa === 'required' ? 403 : 200,
          );
        } finally {
          client.query = original;
        }
        const adminPage = adminMfa === 'required' ? null : 'page';
        expect(
          pages.map((page) => (page === null ? null : 'page')),
          adminMfa,
        ).toEqual([null, null, 'page', adminPage]);
      } finally {
        await app.close();
      }
    }
  });

  it("derive Expired from the server's clock, not the database's", async () => {
    // The test clock runs ahead of the database's: a certificate valid for ten more minutes by the
    // database's time has expired by the server's, and every list says so.
    t.clock.advanceMinutes(20);
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    const certificateNo = `CLOCK-${Date.now()}`;
    await t.database.db.insert(certificates).values({
      userEmail: member.email,
      holderId: member.user.id,
      certificateNo,
      name: 'Ten more minutes',
      validTill: new Date(Date.now() + 10 * 60_000),
    });
    const mine = (await get(t, member.cookie, own(member.email))).json() as { status: string }[];
    expect(mine.map((c) => c.status)).toEqual(['Expired']);
    const registry = (await get(t, admin.cookie, '/api/certificates?limit=200')).json() as {
      certificateNo: string;
      status: string;
    }[];
    expect(registry.find((c) => c.certificateNo === certificateNo)?.status).toBe('Expired');
  });

  it('fail closed: a route that answers without checking its session answers 500', async () => {
    const member = await createUser(t);
    const checked = t.app.sessions.authenticate;
    // A handler that forgot its session check: the search path skips it.
    t.app.sessions.authenticate = async () => undefined;
    try {
      const res = await get(t, 'sid=not-a-session', '/api/jobs?q=sorter');
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/Sorter/);
    } finally {
      t.app.sessions.authenticate = checked;
    }
    expect((await get(t, member.cookie, '/api/jobs?q=sorter')).statusCode).toBe(200);
  });

  it('fail closed for an answer sent as JSON text too, which skips serialisation (decision 0030)', async () => {
    const checked = t.app.sessions.authenticate;
    // A handler that sends JSON text without its session check (as the lists' pages are sent).
    t.app.sessions.authenticate = async (_req, reply) => {
      await reply.type('application/json; charset=utf-8').send('[{"leaked":true}]');
    };
    try {
      const res = await get(t, 'sid=not-a-session', '/api/jobs?q=sorter');
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/leaked/);
    } finally {
      t.app.sessions.authenticate = checked;
    }
  });
});
