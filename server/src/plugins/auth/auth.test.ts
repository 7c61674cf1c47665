import { AUTH_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, GOOD_PASSWORD, sessionCookie, type TestApp } from '../../../test/harness';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import {
  SESSION_ABSOLUTE_MINUTES,
  SESSION_EXPIRES_IN_HEADER,
  SESSION_EXPIRY_COOKIE,
  SESSION_IDLE_MINUTES,
  sessionCookieNames,
  signedIn,
} from '.';

/**
 * The auth plugin on its own terms (ARCHITECTURE §5, issues 6 and 14): where a session token is
 * read from, the access rule in front of every route, idle and absolute timeouts to the
 * millisecond, what each answer says about the time left, and what each refusal logs. The clock
 * is frozen where an instant matters.
 */

let t: TestApp;
/** What registering an /api route that the contract does not list threw. */
let unlisted: unknown;
function addUnlistedRoute(app: FastifyInstance) {
  try {
    app.route({ method: ['GET', 'POST'], url: '/api/not-listed', handler: async () => ({}) });
  } catch (err) {
    unlisted = err;
  }
}

let member: Awaited<ReturnType<typeof createUser>>;
let unverified: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let tick: () => Date;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '1' }, { beforeReady: addUnlistedRoute });
  tick = t.clock.now;
  [member, unverified, admin] = [
    await createUser(t),
    await createUser(t, { isVerified: false }),
    await createUser(t, { isAdmin: true }),
  ];
});
afterEach(() => {
  t.clock.now = tick;
});
afterAll(() => t.close());

/** Every reading of the clock is `ms` until the test ends. */
const freezeAt = (ms: number) => {
  t.clock.now = () => new Date(ms);
};

const tokenOf = (cookie: string) => cookie.split('=')[1]!;
const sessionOf = async (cookie: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(tokenOf(cookie))))
  )[0];
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  call(t.app, cookie, { method: 'GET', url, headers });
const checkAuth = (cookie?: string, headers?: Record<string, string>) => get('/api/auth/check-auth', cookie, headers);
const login = (email: string, cookie?: string) =>
  call(t.app, cookie, { method: 'POST', url: '/api/auth/login', payload: { email, password: GOOD_PASSWORD } });
const cookieNamed = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const MINUTE = 60_000;

/** The access_denied lines that `send` logged. */
async function deniedBy(send: () => Promise<LightMyRequestResponse>) {
  const from = t.logs.length;
  const res = await send();
  const lines = t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === 'access_denied');
  return { res, lines };
}

describe('the route table', () => {
  it('stops an /api route that the contract does not list, naming its method and path', () => {
    expect(unlisted).toBeInstanceOf(Error);
    expect((unlisted as Error).message).toBe("Route GET /api/not-listed is not in the contract's route table");
  });

  it('applies each route its rule: public, session, member, admin', async () => {
    const cases: [string, (string | undefined)[], number[]][] = [
      ['/api/config', [undefined, unverified.cookie, member.cookie, admin.cookie], [200, 200, 200, 200]],
      ['/api/auth/check-auth', [undefined, unverified.cookie, member.cookie, admin.cookie], [401, 200, 200, 200]],
      ['/api/jobs', [undefined, unverified.cookie, member.cookie, admin.cookie], [401, 403, 200, 200]],
      ['/api/users', [undefined, unverified.cookie, member.cookie, admin.cookie], [401, 403, 403, 200]],
    ];
    for (const [url, cookies, statuses] of cases) {
      const answers = await Promise.all(cookies.map((cookie) => get(url, cookie)));
      expect(
        answers.map((res) => res.statusCode),
        url,
      ).toEqual(statuses);
    }
    // HEAD is answered by the rule of GET.
    expect((await call(t.app, undefined, { method: 'HEAD', url: '/api/jobs' })).statusCode).toBe(401);
    expect((await call(t.app, member.cookie, { method: 'HEAD', url: '/api/jobs' })).statusCode).toBe(200);
  });

  it('says why, and an unverified admin is refused admin routes until verified', async () => {
    expect((await checkAuth()).json()).toMatchObject({ message: AUTH_MESSAGES.notAuthenticated });
    expect((await get('/api/jobs', unverified.cookie)).json()).toMatchObject({ message: AUTH_MESSAGES.notVerified });
    expect((await get('/api/users', member.cookie)).json()).toMatchObject({ message: AUTH_MESSAGES.notAdmin });
    const unverifiedAdmin = await createUser(t, { isAdmin: true, isVerified: false });
    const res = await get('/api/users', unverifiedAdmin.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.notVerified });
  });

  it("runs a route's own hooks after the access check: a guest never reaches the upload limit", async () => {
    const upload = (cookie?: string) => call(t.app, cookie, { method: 'POST', url: '/api/upload-file', payload: {} });
    expect((await upload()).statusCode).toBe(401);
    expect((await upload()).statusCode).toBe(401);
    const first = await upload(member.cookie);
    expect(first.statusCode).not.toBe(429);
    expect((await upload(member.cookie)).statusCode).toBe(429);
  });

  it('gives a handler the session, and refuses with 401 a request that has none', () => {
    const auth = { sessionId: 's', user: member.user, mfaPending: false, steppedUpAt: null, stepUpFactorAddedAt: null };
    expect(signedIn({ auth } as unknown as FastifyRequest)).toBe(auth);
    expect(() => signedIn({ auth: null } as unknown as FastifyRequest)).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });
});

describe('where the token comes from', () => {
  it('reads the cookie, or a Bearer token, which wins over the cookie', async () => {
    const token = tokenOf(member.cookie);
    expect((await checkAuth(member.cookie)).statusCode).toBe(200);
    expect((await checkAuth(undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await checkAuth(undefined, { authorization: `Bearer   ${token}  ` })).statusCode).toBe(200);
    // Another scheme is not ours: the cookie counts.
    expect((await checkAuth(member.cookie, { authorization: `Basic ${token}` })).statusCode).toBe(200);
    expect((await checkAuth(undefined, { authorization: `Basic ${token}` })).statusCode).toBe(401);
    expect((await checkAuth(undefined, { authorization: token })).statusCode).toBe(401);
    // A Bearer header, even a blank or wrong one, is the only credential looked at.
    expect((await checkAuth(member.cookie, { authorization: 'Bearer ' })).statusCode).toBe(401);
    expect((await checkAuth(member.cookie, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await checkAuth(undefined, { cookie: 'sid=' })).statusCode).toBe(401);
    expect((await checkAuth(undefined, { cookie: 'sid=unknown-token' })).statusCode).toBe(401);
    // The session cookie under another name is not read.
    expect((await checkAuth(undefined, { cookie: `session=${token}` })).statusCode).toBe(401);
  });

  it('looks up sessions for /api requests only', async () => {
    const api = await get('/api/config', member.cookie);
    expect(api.headers[SESSION_EXPIRES_IN_HEADER]).toBeDefined();
    const other = await get('/healthz', member.cookie);
    expect(other.statusCode).toBe(200);
    expect(other.headers[SESSION_EXPIRES_IN_HEADER]).toBeUndefined();
    expect(cookieNamed(other, SESSION_EXPIRY_COOKIE)).toBeUndefined();
  });
});

describe('signing in and out', () => {
  it('names the cookies, __Host- prefixed in production', () => {
    expect(sessionCookieNames(false)).toEqual({ session: 'sid', expiry: 'session_expiry' });
    expect(sessionCookieNames(true)).toEqual({ session: '__Host-sid', expiry: '__Host-session_expiry' });
  });

  it('starts a 12-hour session stored as the hash of an HttpOnly cookie, and says how long is left', async () => {
    const now = Date.now() + 1000 * MINUTE;
    freezeAt(now);
    const res = await login(member.email);
    expect(res.statusCode).toBe(200);
    const cookie = cookieNamed(res, 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 12 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    const row = (await sessionOf(`sid=${cookie.value}`))!;
    expect(row.userId).toBe(member.user.id);
    expect([row.createdAt.getTime(), row.lastSeenAt.getTime()]).toEqual([now, now]);
    expect(row.expiresAt.getTime()).toBe(now + 12 * 60 * MINUTE);
    expect(SESSION_ABSOLUTE_MINUTES).toBe(12 * 60);
    expect(res.headers[SESSION_EXPIRES_IN_HEADER]).toBe('1800');
    const expiry = cookieNamed(res, SESSION_EXPIRY_COOKIE)!;
    expect(expiry.value).toBe(`1800-${now}`);
    expect(expiry).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 12 * 60 * 60 });
    expect(expiry.httpOnly).toBeFalsy();

    const adminLogin = await login(admin.email);
    expect(adminLogin.headers[SESSION_EXPIRES_IN_HEADER]).toBe('900');
    expect(cookieNamed(adminLogin, SESSION_EXPIRY_COOKIE)!.value).toBe(`900-${now}`);
  });

  it('ends the session a sign-in came with (rotation), and only that one', async () => {
    const other = await login(member.email);
    const before = sessionCookie(await login(member.email));
    const after = sessionCookie(await login(member.email, before));
    expect(after).not.toBe(before);
    expect(await sessionOf(before)).toBeUndefined();
    expect((await checkAuth(before)).statusCode).toBe(401);
    expect((await checkAuth(after)).statusCode).toBe(200);
    expect((await checkAuth(sessionCookie(other))).statusCode).toBe(200);
  });

  it('logs out: the session is deleted and both cookies are cleared, for the whole site', async () => {
    const cookie = sessionCookie(await login(member.email));
    const res = await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(await sessionOf(cookie)).toBeUndefined();
    for (const name of ['sid', SESSION_EXPIRY_COOKIE]) {
      const cleared = cookieNamed(res, name)!;
      expect(cleared, name).toMatchObject({ value: '', path: '/' });
      expect(cleared.expires!.getTime(), name).toBeLessThanOrEqual(Date.now());
    }
    // A Bearer token logs out the same way; a guest's logout is harmless.
    const bearer = tokenOf(sessionCookie(await login(member.email)));
    await call(t.app, undefined, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect((await checkAuth(undefined, { authorization: `Bearer ${bearer}` })).statusCode).toBe(401);
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it("ends every session of one user, and nobody else's", async () => {
    const someone = await createUser(t);
    const second = sessionCookie(await login(someone.email));
    await t.app.sessions.endAllFor(t.database.db, someone.user.id);
    expect((await checkAuth(someone.cookie)).statusCode).toBe(401);
    expect((await checkAuth(second)).statusCode).toBe(401);
    expect((await checkAuth(member.cookie)).statusCode).toBe(200);
  });
});

describe('timeouts, to the millisecond', () => {
  /** A fresh session whose last activity and absolute end are what the test says. */
  async function sessionAt(
    who: 'member' | 'admin',
    { lastSeenAt, expiresAt }: { lastSeenAt: number; expiresAt: number },
  ) {
    const cookie = sessionCookie(await login(who === 'admin' ? admin.email : member.email));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(lastSeenAt), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.tokenHash, sha256(tokenOf(cookie))));
    return cookie;
  }
  const now = Date.now() + 2000 * MINUTE;
  const far = now + 600 * MINUTE;

  for (const who of ['member', 'admin'] as const) {
    const idle = SESSION_IDLE_MINUTES[who];
    // Titles name no value of the module under test: Stryker finds tests by their titles.
    it(`ends a ${who}'s session at exactly its idle timeout, and deletes it`, async () => {
      expect(idle).toBe(who === 'admin' ? 15 : 30);
      const alive = await sessionAt(who, { lastSeenAt: now - idle * MINUTE + 1, expiresAt: far });
      const dead = await sessionAt(who, { lastSeenAt: now - idle * MINUTE, expiresAt: far });
      freezeAt(now);
      expect((await checkAuth(alive)).statusCode).toBe(200);
      expect((await checkAuth(dead)).statusCode).toBe(401);
      expect(await sessionOf(dead)).toBeUndefined();
      expect(await sessionOf(alive)).toBeDefined();
    });
  }

  it('ends any session at exactly its absolute end, however active', async () => {
    const alive = await sessionAt('member', { lastSeenAt: now - MINUTE, expiresAt: now + 1 });
    const dead = await sessionAt('member', { lastSeenAt: now - MINUTE, expiresAt: now });
    freezeAt(now);
    const res = await checkAuth(alive);
    expect(res.statusCode).toBe(200);
    // Less than a second is left: the client is told 0.
    expect(res.headers[SESSION_EXPIRES_IN_HEADER]).toBe('0');
    expect((await checkAuth(dead)).statusCode).toBe(401);
    expect(await sessionOf(dead)).toBeUndefined();
  });

  it('records activity at most once a minute, and counts the time left from it', async () => {
    const lastSeenAt = now - MINUTE;
    const quiet = await sessionAt('member', { lastSeenAt, expiresAt: far });
    freezeAt(now);
    const res = await checkAuth(quiet);
    expect((await sessionOf(quiet))!.lastSeenAt.getTime()).toBe(lastSeenAt);
    expect(res.headers[SESSION_EXPIRES_IN_HEADER]).toBe(String(29 * 60));
    expect(cookieNamed(res, SESSION_EXPIRY_COOKIE)!.value).toBe(`${29 * 60}-${now}`);

    const active = await sessionAt('member', { lastSeenAt: lastSeenAt - 1, expiresAt: far });
    freezeAt(now);
    const touched = await checkAuth(active);
    expect((await sessionOf(active))!.lastSeenAt.getTime()).toBe(now);
    expect(touched.headers[SESSION_EXPIRES_IN_HEADER]).toBe(String(30 * 60));
  });

  it('tells the time left until the absolute end when that comes first', async () => {
    const cookie = await sessionAt('member', { lastSeenAt: now - 5 * MINUTE, expiresAt: now + 10 * MINUTE + 999 });
    freezeAt(now);
    expect((await checkAuth(cookie)).headers[SESSION_EXPIRES_IN_HEADER]).toBe(String(10 * 60));
  });
});

describe('logging refusals (issue 14)', () => {
  it('logs each refusal of the access check once, with status, reason, route and actor', async () => {
    const cases = [
      { cookie: undefined, url: '/api/jobs', status: 401, reason: 'no session', userId: undefined },
      { cookie: unverified.cookie, url: '/api/jobs', status: 403, reason: 'not verified', userId: unverified.user.id },
      { cookie: member.cookie, url: '/api/users', status: 403, reason: 'not admin', userId: member.user.id },
    ];
    for (const { cookie, url, status, reason, userId } of cases) {
      const { res, lines } = await deniedBy(() => get(url, cookie));
      expect(res.statusCode).toBe(status);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ status, reason, route: `GET ${url}`, msg: 'access denied' });
      expect(lines[0]!.userId).toBe(userId);
      expect(lines[0]!.reqId).toEqual(expect.any(String));
    }
  });

  it("logs the handlers' owner refusals of signed-in routes, but not public ones nor other errors", async () => {
    const notYours = await deniedBy(() => get(`/api/certificates/${encodeURIComponent(admin.email)}`, member.cookie));
    expect(notYours.res.statusCode).toBe(403);
    expect(notYours.lines).toHaveLength(1);
    expect(notYours.lines[0]).toMatchObject({
      status: 403,
      reason: 'not allowed by the route',
      route: 'GET /api/certificates/:userEmail',
      userId: member.user.id,
    });

    // A wrong password is 401 on a public route: the login logs its own event.
    const wrong = await deniedBy(() =>
      call(t.app, undefined, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'Wrong-Password-1' },
      }),
    );
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.lines).toEqual([]);

    const missing = await deniedBy(() => get('/api/files/6f1c2a52-9a0e-4a59-9d1e-1f2a3b4c5d6e', member.cookie));
    expect(missing.res.statusCode).toBe(404);
    expect(missing.lines).toEqual([]);
    const unknownRoute = await deniedBy(() => get('/api/nothing-here', member.cookie));
    expect(unknownRoute.res.statusCode).toBe(404);
    expect(unknownRoute.lines).toEqual([]);
  });
});
