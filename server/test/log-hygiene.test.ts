import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  codeFrom,
  createTestApp,
  createUser,
  holdsNumber,
  lastMail,
  registerCertificate,
  resetTokenFrom,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from './harness';
import { ensureAdmin } from '../src/bootstrap';

/**
 * Issue 14: a realistic run through one app (sign-up, wrong codes, verification, failed logins
 * up to a lockout, a reset, a report with SSN and DOB, a reveal, refusals), then every log line
 * is searched for every secret used. None may appear; every auth event must.
 */
const PASSWORD = 'Quartz-Meadow-Lantern-71';
const NEW_PASSWORD = 'Harbor-Violet-Compass-38';
const WRONG_PASSWORDS = Array.from({ length: 10 }, (_, i) => `Wrong-Guess-Pass-${i}x`);
const SSN = '418-27-9365';
const DOB = '1966-11-23';
const SECRET_FORMS = [
  PASSWORD,
  NEW_PASSWORD,
  ...WRONG_PASSWORDS,
  SSN,
  SSN.replaceAll('-', ''),
  '418 27 9365',
  DOB,
  '11/23/1966',
  '23/11/1966',
  '19661123',
];

let t: TestApp;
const secrets: string[] = [...SECRET_FORMS];
/** Six-digit codes are searched as whole numbers inside strings (a timestamp may hold any digits). */
const codes: string[] = [];
const email = uniqueEmail('hygiene');
const otherEmail = uniqueEmail('other');
const adminEmail = uniqueEmail('bootstrap.admin');
const CLIENT_SEARCH = 'Hygiene Client';
let userId = '';

const post = (cookie: string | undefined, url: string, payload?: object) =>
  call(t.app, cookie, { method: 'POST', url, payload });

beforeAll(async () => {
  t = await createTestApp();
  const certificateNo = await registerCertificate(t, email);

  // Sign-up, two wrong codes, the right one.
  const signup = await post(undefined, '/api/auth/signup', {
    name: 'Hy Giene',
    email,
    certificateNo,
    password: PASSWORD,
  });
  expect(signup.statusCode, signup.body).toBe(201);
  userId = (signup.json() as { user: { _id: string } }).user._id;
  let cookie = sessionCookie(signup);
  secrets.push(cookie.split('=')[1]!);
  const code = codeFrom((await lastMail(t, email))?.text);
  expect(code).toMatch(/^\d{6}$/);
  const wrong = [1, 2].map((d) => String((Number(code) + d) % 1_000_000).padStart(6, '0'));
  codes.push(code!, ...wrong);
  for (const w of wrong) expect((await post(cookie, '/api/auth/verify-email', { code: w })).statusCode).toBe(400);
  const verified = await post(cookie, '/api/auth/verify-email', { code });
  expect(verified.statusCode, verified.body).toBe(200);
  cookie = sessionCookie(verified);
  secrets.push(cookie.split('=')[1]!);
  expect((await post(cookie, '/api/auth/logout')).statusCode).toBe(200);

  // Failed logins up to the lockout, then the right password while locked; an unknown account.
  for (const wrongPassword of WRONG_PASSWORDS) {
    expect((await post(undefined, '/api/auth/login', { email, password: wrongPassword })).statusCode).toBe(401);
  }
  expect((await post(undefined, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(429);
  expect(
    (await post(undefined, '/api/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD })).statusCode,
  ).toBe(401);

  // A reset by e-mailed link (and a forged link), then a login with the new password.
  expect((await post(undefined, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
  const token = resetTokenFrom((await lastMail(t, email))?.text);
  expect(token).toBeTruthy();
  secrets.push(token!);
  const forged = `${token!.slice(0, -4)}AAAA`;
  secrets.push(forged);
  expect((await post(undefined, `/api/auth/reset-password/${forged}`, { password: NEW_PASSWORD })).statusCode).toBe(
    400,
  );
  const reset = await post(undefined, `/api/auth/reset-password/${token}`, { password: NEW_PASSWORD });
  expect(reset.statusCode, reset.body).toBe(200);
  const login = await post(undefined, '/api/auth/login', { email, password: NEW_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  cookie = sessionCookie(login);
  secrets.push(cookie.split('=')[1]!);

  // A report with SSN and DOB, read and revealed by an admin; refusals for the member and a guest.
  const filed = await post(cookie, '/api/reports', { clientName: 'Hygiene Client', ssn: SSN, dob: DOB });
  expect(filed.statusCode, filed.body).toBe(201);
  const reportId = (filed.json() as { _id: string })._id;
  const admin = await createUser(t, { isAdmin: true, steppedUp: true });
  secrets.push(admin.password, admin.cookie.split('=')[1]!);
  expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${reportId}` })).json()).toMatchObject({
    dob: DOB,
  });
  const revealed = await post(admin.cookie, `/api/reports/${reportId}/reveal-ssn`, { reason: 'Benefits application' });
  expect(revealed.json()).toEqual({ ssn: SSN.replaceAll('-', '') });
  expect((await call(t.app, cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  expect((await call(t.app, undefined, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  expect((await call(t.app, cookie, { method: 'GET', url: `/api/certificates/${otherEmail}` })).statusCode).toBe(403);

  // E-mails in paths and search terms (issue 12, L5): answered, and kept out of the request log.
  for (const url of [`/api/certificates/${email}`, `/api/certificates/${encodeURIComponent(email)}?limit=5`]) {
    expect((await call(t.app, cookie, { method: 'GET', url })).statusCode, url).toBe(200);
  }
  for (const url of [
    `/api/reports?q=${encodeURIComponent(CLIENT_SEARCH)}&limit=5`,
    `/api/reports?limit=5&q=${CLIENT_SEARCH.replace(' ', '+')}`,
    `/api/users?q=${encodeURIComponent(email)}`,
    `/api/certificates?sort=name&q=${email}`,
  ]) {
    expect((await call(t.app, admin.cookie, { method: 'GET', url })).statusCode, url).toBe(200);
  }

  // Issue 30, F11: the renewal reminder's unsubscribe link carries its token in the query; the
  // page the link opens, and its one-click POST, are logged without it.
  const unsubscribe = `/api/reminders/unsubscribe?token=${t.app.reminders.unsubscribeToken(userId)}`;
  secrets.push(t.app.reminders.unsubscribeToken(userId).split('.')[1]!);
  expect((await call(t.app, undefined, { method: 'GET', url: unsubscribe })).statusCode).toBe(200);
  const unsubscribed = await call(t.app, undefined, {
    method: 'POST',
    url: unsubscribe,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);

  // Start-up's ADMIN_EMAIL administrator: created, then found on the next start (issue 30, F11).
  const admins = { email: adminEmail, password: 'Bootstrap-Admin-Pass-93', name: 'Boot Admin' };
  secrets.push(admins.password);
  for (let start = 0; start < 2; start++) await ensureAdmin(t.database.db, { ...t.config, admin: admins }, t.app.log);

  expect((await post(cookie, '/api/auth/logout')).statusCode).toBe(200);
});
afterAll(() => t.close());

type Line = Record<string, unknown>;
const lines = () => t.logs.map((l) => JSON.parse(l) as Line);

/** Every string in a log line, keys included. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  return out;
}

describe('log hygiene (issue 14)', () => {
  it('no log line holds a password, code, token, session, SSN or DOB used', () => {
    expect(t.logs.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const raw of t.logs) {
      for (const secret of secrets) if (raw.includes(secret)) hits.push(`${secret} in ${raw}`);
      const text = stringsOf(JSON.parse(raw)).join('\n');
      for (const code of codes) if (holdsNumber(text, code)) hits.push(`code ${code} in ${raw}`);
    }
    expect(hits).toEqual([]);
  });

  it('no log line holds an e-mail from a path or a search term (issue 12, L5)', () => {
    const privateForms = new Set(
      [email, otherEmail, CLIENT_SEARCH].flatMap((v) => [v, encodeURIComponent(v), v.replace(' ', '+')]),
    );
    const hits = t.logs.flatMap((raw) => [...privateForms].filter((v) => raw.includes(v)).map((v) => `${v} in ${raw}`));
    expect(hits).toEqual([]);
    // The requests themselves are logged, with what was left out marked.
    const urls = lines().map((l) => l.url);
    expect(urls).toContain('/api/certificates/[redacted]');
    expect(urls).toContain('/api/certificates/[redacted]?limit=5');
    expect(urls).toContain('/api/reports?q=[redacted]&limit=5');
    expect(urls).toContain('/api/reports?limit=5&q=[redacted]');
    expect(urls).toContain('/api/certificates?sort=name&q=[redacted]');
  });

  it('no log line holds the unsubscribe token; the requests are logged with it marked (issue 30, F11)', () => {
    const token = t.app.reminders.unsubscribeToken(userId);
    expect(t.logs.filter((raw) => raw.includes(token) || raw.includes(encodeURIComponent(token)))).toEqual([]);
    const unsubscribes = lines().filter((l) => String(l.url).startsWith('/api/reminders/unsubscribe'));
    expect(unsubscribes.map((l) => [l.method, l.url, l.msg])).toEqual(
      expect.arrayContaining([
        ['GET', '/api/reminders/unsubscribe?token=[redacted]', 'request completed'],
        ['POST', '/api/reminders/unsubscribe?token=[redacted]', 'request completed'],
      ]),
    );
  });

  it('says the ADMIN_EMAIL administrator was created, then exists, without the address (issue 30, F11)', () => {
    const local = adminEmail.split('@')[0]!;
    expect(t.logs.filter((raw) => raw.toLowerCase().includes(local))).toEqual([]);
    const said = lines().filter((l) => String(l.msg).includes('ADMIN_EMAIL'));
    expect(said.map((l) => l.msg)).toEqual([
      'administrator created from ADMIN_EMAIL',
      'administrator of ADMIN_EMAIL already exists',
    ]);
    expect(said.every((l) => typeof l.userId === 'string')).toBe(true);
  });

  it('logs every auth event with its name, the actor when known and the request id', () => {
    const events = lines().filter((l) => typeof l.event === 'string');
    const of = (name: string) => events.filter((l) => l.event === name);
    const expected: [event: string, times: number, withActor: boolean][] = [
      ['signup', 1, true],
      ['verify_failed', 2, true],
      ['verify_ok', 1, true],
      ['logout', 2, true],
      ['login_failed', 9 + 1, false], // nine of the account, one of an unknown address
      ['lockout', 1, true],
      ['login_locked', 1, true],
      ['reset_requested', 1, true],
      ['reset_failed', 1, false],
      ['reset_done', 1, true],
      ['login_ok', 2, true], // the member after the reset, and the admin of createUser
    ];
    for (const [event, times, withActor] of expected) {
      const found = of(event);
      expect(found, event).toHaveLength(times);
      for (const line of found) {
        expect(line.reqId, `${event} reqId`).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
        expect(typeof line.time, `${event} time`).toBe('number');
      }
      if (withActor)
        expect(
          found.every((l) => typeof l.userId === 'string'),
          `${event} actor`,
        ).toBe(true);
    }
    expect(of('login_failed').filter((l) => l.userId === userId)).toHaveLength(9);
    expect(of('lockout')[0]!.userId).toBe(userId);

    const denied = of('access_denied');
    expect(denied.map((l) => [l.status, l.route, l.userId === userId])).toEqual([
      [403, 'GET /api/users', true],
      [401, 'GET /api/users', false],
      [403, 'GET /api/certificates/:userEmail', true],
    ]);
    for (const line of denied) expect(line.reqId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });
});
