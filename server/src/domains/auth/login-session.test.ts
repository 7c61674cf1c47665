import { AUTH_MESSAGES, ROUTES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  registerCertificate,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { SESSION_ABSOLUTE_MINUTES, SESSION_IDLE_MINUTES } from '../../plugins/auth';
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from './routes';

/**
 * A member route to probe the access rules with. Other domains may not be registered yet, so
 * when none is, a stand-in answers on the first member GET route of the contract; the access
 * check in front of it is the real one.
 */
let probePath = '';
function addProbe(app: FastifyInstance) {
  const memberGets = ROUTES.filter((r) => r.access === 'member' && r.method === 'GET' && !r.path.includes(':'));
  const registered = memberGets.find((r) => app.hasRoute({ method: 'GET', url: r.path }));
  if (registered) {
    probePath = registered.path;
    return;
  }
  probePath = memberGets[0]!.path;
  app.get(probePath, async () => ({ probe: true }));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: addProbe });
});
afterAll(() => t.close());

const login = (email: string, password: string, opts: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
const checkAuth = (cookie: string | undefined) => call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' });

/** Signs up through the API (registry policy), so the account is unverified and has a session. */
async function signUp(email = uniqueEmail()) {
  const certificateNo = await registerCertificate(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Lee', email, certificateNo, password: GOOD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, cookie: sessionCookie(res) };
}

describe('login', () => {
  it('signs in with the right password, records lastLogin and answers the user without secrets', async () => {
    const { email } = await signUp();
    const first = await login(email, GOOD_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedIn, user: { email } });
    const firstLogin = first.json().user.lastLogin as string;
    expect(firstLogin).toBeTruthy();
    for (const secret of [GOOD_PASSWORD, 'passwordHash', '$argon2', 'failedLogins', 'lockedUntil']) {
      expect(first.body).not.toContain(secret);
    }
    const cookie = first.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    t.clock.advanceMinutes(5);
    const second = await login(email, GOOD_PASSWORD);
    const secondLogin = second.json().user.lastLogin as string;
    expect(Date.parse(secondLogin) - Date.parse(firstLogin)).toBeGreaterThanOrEqual(5 * 60_000);
    expect((await checkAuth(sessionCookie(second))).json().user.lastLogin).toBe(secondLogin);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
    const { email } = await signUp();
    const wrong = await login(email, 'Not-The-Password-1');
    const unknown = await login(uniqueEmail('nobody'), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses malformed bodies with 400', async () => {
    for (const payload of [{}, { email: 'not-an-email', password: 'x' }, { email: uniqueEmail(), password: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it(`locks the account for ${LOCK_MINUTES} minutes after ${LOCK_AFTER_FAILURES} failures, then unlocks`, async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      expect((await login(email, `Wrong-Password-${i}`)).statusCode).toBe(401);
    }
    const locked = await login(email, GOOD_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: AUTH_MESSAGES.tooMany });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan((LOCK_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_MINUTES * 60);

    t.clock.advanceMinutes(LOCK_MINUTES - 1);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(429);
    t.clock.advanceMinutes(1);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures that arrive at the same time, so parallel guessing still locks', async () => {
    const { email } = await createUser(t);
    const attempts = Array.from({ length: LOCK_AFTER_FAILURES }, (_, i) => login(email, `Parallel-Guess-${i}`));
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(401);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(429);
  });

  it('a success clears the failure count', async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) await login(email, `Wrong-Password-${i}`);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) await login(email, `Wrong-Password-${i}`);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('is rate limited per address with Retry-After', async () => {
    const remoteAddress = '127.9.9.1';
    let last;
    for (let i = 0; i < 31; i++) last = await login(uniqueEmail('guess'), 'Some-Guess-123', { remoteAddress });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ message: AUTH_MESSAGES.tooMany });
  });
});

describe('sessions', () => {
  it('rotates the session at login: the cookie held before is dead', async () => {
    const { email, cookie: before } = await signUp();
    expect((await checkAuth(before)).statusCode).toBe(200);
    const res = await login(email, GOOD_PASSWORD, { cookie: before });
    const after = sessionCookie(res);
    expect(after).not.toBe(before);
    expect((await checkAuth(before)).statusCode).toBe(401);
    expect((await checkAuth(after)).statusCode).toBe(200);
  });

  it('accepts the session token as a Bearer token as well as the cookie', async () => {
    const { cookie } = await createUser(t);
    const token = cookie.split('=')[1]!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: AUTH_MESSAGES.notAuthenticated });
  });

  it('logout ends the session on the server: the replayed cookie or token is refused', async () => {
    const { cookie } = await createUser(t);
    const out = await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    const token = cookie.split('=')[1]!;
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);

    // A Bearer client logs out the same way.
    const other = await createUser(t);
    const otherToken = other.cookie.split('=')[1]!;
    const headers = { authorization: `Bearer ${otherToken}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await checkAuth(other.cookie)).statusCode).toBe(401);

    // Logging out without a session is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('a guest gets 401 on session and member routes; public config stays open', async () => {
    expect((await checkAuth(undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: probePath })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-code' })).statusCode).toBe(401);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
  });

  it('an unverified session reaches check-auth, resend and logout, and gets 403 on member routes', async () => {
    const { cookie } = await signUp();
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    const member = await call(t.app, cookie, { method: 'GET', url: probePath });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: AUTH_MESSAGES.notVerified });
    // Every member or admin route registered so far refuses the unverified session (the second
    // step of a sign-in, 'mfa', is any session's: test/accounts/two-factor.test.ts).
    for (const route of ROUTES.filter((r) => r.access === 'member' || r.access === 'admin')) {
      if (!t.app.hasRoute({ method: route.method, url: route.path })) continue;
      const url = route.path.replace(/:[a-zA-Z]+/g, 'x');
      const res = await call(t.app, cookie, { method: route.method, url });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' })).statusCode).toBe(200);
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('a verified member reaches member routes', async () => {
    const { cookie } = await createUser(t);
    expect((await call(t.app, cookie, { method: 'GET', url: probePath })).statusCode).toBe(200);
  });

  it(`ends a member session after ${SESSION_IDLE_MINUTES.member} idle minutes`, async () => {
    const { cookie } = await createUser(t);
    t.clock.advanceMinutes(SESSION_IDLE_MINUTES.member - 1);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(SESSION_IDLE_MINUTES.member - 1);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(SESSION_IDLE_MINUTES.member + 1);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    // Gone for good, not only for this request.
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it(`ends an admin session after ${SESSION_IDLE_MINUTES.admin} idle minutes`, async () => {
    const { cookie } = await createUser(t, { isAdmin: true });
    t.clock.advanceMinutes(SESSION_IDLE_MINUTES.admin - 1);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.advanceMinutes(SESSION_IDLE_MINUTES.admin + 1);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('ends any session after 12 hours, however active', async () => {
    const { cookie } = await createUser(t);
    const step = SESSION_IDLE_MINUTES.member - 1;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MINUTES) {
      t.clock.advanceMinutes(step);
      elapsed += step;
      expect((await checkAuth(cookie)).statusCode, `after ${elapsed} minutes`).toBe(200);
    }
    t.clock.advanceMinutes(SESSION_ABSOLUTE_MINUTES - elapsed + 1);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('writes no password, session token or hash to the log', async () => {
    const password = 'Unique-Log-Probe-Password-77';
    const { cookie } = await createUser(t, { password });
    await login(uniqueEmail('x'), password);
    const token = cookie.split('=')[1]!;
    await t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { authorization: `Bearer ${token}` } });
    const logs = t.logs.join('\n');
    expect(logs).toContain('signed in');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('$argon2');
  });
});
