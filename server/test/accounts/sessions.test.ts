import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../src/db/schema';
import { SESSION_EXPIRES_IN_HEADER, SESSION_EXPIRY_COOKIE } from '../../src/plugins/auth';
import { sha256 } from '../../src/lib/tokens';
import { call, createTestApp, createUser, GOOD_PASSWORD, sessionCookie, type TestApp } from '../harness';

/** Issue 6: sessions. */

let t: TestApp;
/** What each request knew of its signed-in user (decision 0027). */
const seen: { url: string; fields: string[] }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('onResponse', async (req) => {
          if (req.auth) seen.push({ url: req.url, fields: Object.keys(req.auth.user).sort() });
        });
      },
    },
  );
});
afterAll(() => t.close());

const checkAuth = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' });
const login = (email: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: GOOD_PASSWORD },
    headers: cookie ? { cookie } : {},
  });
const secondsLeft = (res: { headers: Record<string, unknown> }) => Number(res.headers[SESSION_EXPIRES_IN_HEADER]);

describe('session token and cookie', () => {
  it('is 256 bits from the CSPRNG, stored only as its SHA-256', async () => {
    const { user, email } = await createUser(t);
    // The source is checked, not the look of one token: the token is 32 bytes crypto.randomBytes gave.
    const spy = vi.spyOn(crypto, 'randomBytes');
    let token: string;
    try {
      token = sessionCookie(await login(email)).split('=')[1]!;
      const drawn = spy.mock.results.flatMap((r, i) =>
        r.type === 'return' && Buffer.isBuffer(r.value) && r.value.toString('base64url') === token
          ? [spy.mock.calls[i]]
          : [],
      );
      expect(drawn).toEqual([[32]]);
    } finally {
      spy.mockRestore();
    }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBe(256);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.filter((r) => r.tokenHash === sha256(token))).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is HttpOnly, SameSite=Lax, Path=/ (and not Secure outside production)', async () => {
    const { email } = await createUser(t);
    const res = await login(email);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
  });

  it('in production is __Host- prefixed and Secure', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://portal.example.org',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PII_KEY: crypto.randomBytes(32).toString('base64'),
      ISSUER_KEY: crypto.randomBytes(32).toString('base64'),
      // Production accepts no other cost (the harness's default is the cheap one).
      PASSWORD_HASH_COST: 'owasp',
    });
    try {
      const { email } = await createUser(prod);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const sid = res.cookies.find((c) => c.name === '__Host-sid');
      expect(sid).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
      expect(sid!.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      // HSTS is sent in production (issue 11).
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await prod.close();
    }
  });

  it('a login issues a new token and the old one is dead', async () => {
    const { email, cookie } = await createUser(t);
    const again = await login(email, cookie);
    expect(sessionCookie(again)).not.toBe(cookie);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    expect((await checkAuth(sessionCookie(again))).statusCode).toBe(200);
  });
});

describe('timeouts', () => {
  it('a member is signed out after 30 idle minutes, not before', async () => {
    const { cookie } = await createUser(t);
    t.clock.advanceMinutes(29.9);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(30.1);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('an admin is signed out after 15 idle minutes, not before', async () => {
    const { cookie } = await createUser(t, { isAdmin: true });
    t.clock.advanceMinutes(14.9);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(15.1);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('every session ends 12 hours after sign-in, however active', async () => {
    const { cookie } = await createUser(t);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      t.clock.advanceMinutes(20);
      expect((await checkAuth(cookie)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(21);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('tells the client how long is left, so the web app can warn two minutes before', async () => {
    const member = await createUser(t);
    const first = await checkAuth(member.cookie);
    expect(secondsLeft(first)).toBeGreaterThan(29 * 60);
    expect(secondsLeft(first)).toBeLessThanOrEqual(30 * 60);
    const readable = first.cookies.find((c) => c.name === SESSION_EXPIRY_COOKIE)!;
    expect(readable.httpOnly).toBeFalsy();
    expect(readable.value).toMatch(/^\d+-\d+$/);
    expect(readable.value).not.toContain(member.cookie.split('=')[1]!);

    // 28 minutes idle: two minutes left; 'Stay signed in' (a check-auth) restores the full time.
    t.clock.advanceMinutes(28);
    const warned = await checkAuth(member.cookie);
    expect(warned.statusCode).toBe(200);
    expect(secondsLeft(warned)).toBeGreaterThan(29 * 60);
    t.clock.advanceMinutes(29);
    expect((await checkAuth(member.cookie)).statusCode).toBe(200);

    const admin = await createUser(t, { isAdmin: true });
    expect(secondsLeft(await checkAuth(admin.cookie))).toBeLessThanOrEqual(15 * 60);

    // Near the absolute limit the time left is what remains of the 12 hours.
    for (let elapsed = 57; elapsed < 12 * 60 - 25; elapsed += 25) {
      t.clock.advanceMinutes(25);
      await checkAuth(member.cookie);
    }
    const late = await checkAuth(member.cookie);
    expect(secondsLeft(late)).toBeLessThan(25 * 60);
  });
});

describe('ending sessions at once', () => {
  it('logout kills the session', async () => {
    const { cookie } = await createUser(t);
    const out = await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_EXPIRY_COOKIE)?.value).toBe('');
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('deleting the account kills its sessions', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const member = await createUser(t);
    expect((await checkAuth(member.cookie)).statusCode).toBe(200);
    const del = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${member.user.id}` });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await checkAuth(member.cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);
  });

  it('demoting an admin takes effect on their very next request', async () => {
    const boss = await createUser(t, { isAdmin: true, steppedUp: true });
    const other = await createUser(t, { isAdmin: true });
    expect((await call(t.app, other.cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const demote = await call(t.app, boss.cookie, {
      method: 'PUT',
      url: `/api/users/${other.user.id}`,
      payload: {
        email: other.email,
        name: 'Test User',
        job: 'Advocate',
        age: 40,
        gender: 'Human',
        certificateNo: 'CRA-T',
        isAdmin: false,
      },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const next = await call(t.app, other.cookie, { method: 'GET', url: '/api/users' });
    expect([401, 403]).toContain(next.statusCode);
  });
});

describe('what a request knows of its user', () => {
  it('is the columns the rules read, never the password hash or a second-factor secret (decision 0027)', async () => {
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    seen.length = 0;
    const reads = [
      [member.cookie, '/api/auth/check-auth'],
      [member.cookie, `/api/certificates/${encodeURIComponent(member.email)}`],
      [member.cookie, `/api/certificates/${encodeURIComponent(member.email)}?sort=name`],
      [member.cookie, '/api/jobs'],
      [member.cookie, '/api/auth/mfa'],
      [admin.cookie, '/api/certificates'],
      [admin.cookie, '/api/users'],
    ] as const;
    for (const [cookie, url] of reads) {
      expect((await call(t.app, cookie, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(seen.map((s) => s.url)).toEqual(reads.map(([, url]) => url));
    const secrets = ['passwordHash', 'totpSecret', 'totpPendingSecret', 'totpLastStep', 'deviceKeySecret'];
    for (const { url, fields } of seen) {
      expect(fields, url).not.toEqual(expect.arrayContaining([expect.toBeOneOf(secrets)]));
      // check-auth's statement brings the profile it answers with; the others, only what the rules
      // read, and the language the answer's messages are in (issue 34).
      if (url !== '/api/auth/check-auth')
        expect(fields, url).toEqual(['email', 'id', 'isAdmin', 'isVerified', 'language', 'mfaEnabled', 'name']);
    }
    // The answers that show the user still show all of it.
    const body = (await checkAuth(member.cookie)).json();
    expect(body.user).toMatchObject({
      _id: member.user.id,
      email: member.email,
      job: expect.any(String),
      address: expect.any(Object),
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });
});
