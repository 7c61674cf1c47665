import { AUTH_MESSAGES, RESET_TOKEN_TTL_MINUTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  resetTokenFrom,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { outbox } from '../../db/schema';
import { LOCK_AFTER_FAILURES } from './routes';
import { MAX_RESETS_PER_HOUR } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Harbor-Willow-Quartz-58';

const forgot = (email: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const reset = (token: string, password = NEW_PASSWORD, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/reset-password/${token}`,
    payload: { password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const checkAuth = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' });
const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));

async function requestLink(email: string) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const mail = await lastMail(t, email);
  expect(mail?.subject).toBe('Reset your password');
  const token = resetTokenFrom(mail?.text);
  expect(token).toBeTruthy();
  return token!;
}

describe('forgot password', () => {
  it('answers byte for byte the same for an existing and an unknown e-mail', async () => {
    const { email } = await createUser(t);
    const known = await forgot(email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotSent });
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(known.cookies).toEqual(unknown.cookies);
  });

  it('mails one link APP_URL/reset-password/{token}; nothing goes to an unknown address', async () => {
    const { email } = await createUser(t);
    const token = await requestLink(email);
    const mail = await lastMail(t, email);
    expect(mail!.text).toContain(`${t.config.appUrl}/reset-password/${token}`);
    expect(mail!.text!.match(/reset-password\//g)).toHaveLength(1);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const nobody = uniqueEmail('nobody');
    await forgot(nobody);
    expect(await mailsTo(nobody)).toHaveLength(0);
  });

  it(`sends at most ${MAX_RESETS_PER_HOUR} links per account and hour, answering the same`, async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < MAX_RESETS_PER_HOUR; i++) await forgot(email);
    const extra = await forgot(email);
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotSent });
    expect(await mailsTo(email)).toHaveLength(MAX_RESETS_PER_HOUR);
  });

  it('is rate limited per address: 429 with Retry-After', async () => {
    const remoteAddress = '127.9.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await forgot(uniqueEmail('probe'), remoteAddress)).statusCode).toBe(200);
    }
    const limited = await forgot(uniqueEmail('probe'), remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: AUTH_MESSAGES.tooMany });
    // Another address is not affected.
    expect((await forgot(uniqueEmail('probe'), '127.9.9.10')).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, mails a notice and refuses the old password', async () => {
    const first = await createUser(t);
    const second = await login(first.email, first.password);
    const secondCookie = second.cookies.find((c) => c.name === 'sid')!;
    const token = await requestLink(first.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetDone });

    expect((await checkAuth(first.cookie)).statusCode).toBe(401);
    expect((await checkAuth(`sid=${secondCookie.value}`)).statusCode).toBe(401);
    expect((await login(first.email, first.password)).statusCode).toBe(401);
    expect((await login(first.email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await lastMail(t, first.email);
    expect(notice?.subject).toBe('Your password was changed');
    expect(notice?.text).not.toContain(NEW_PASSWORD);
  });

  it('a link works once', async () => {
    const { email } = await createUser(t);
    const token = await requestLink(email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Fresh-Password-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('two concurrent uses of one link: exactly one wins', async () => {
    const { email } = await createUser(t);
    const token = await requestLink(email);
    const results = await Promise.all([
      reset(token, 'Concurrent-Choice-One-1'),
      reset(token, 'Concurrent-Choice-Two-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it(`a link expires after ${RESET_TOKEN_TTL_MINUTES} minutes`, async () => {
    const { email } = await createUser(t);
    const stillValid = await requestLink(email);
    t.clock.advanceMinutes(RESET_TOKEN_TTL_MINUTES - 1);
    expect((await reset(stillValid)).statusCode).toBe(200);

    const other = await createUser(t);
    const token = await requestLink(other.email);
    t.clock.advanceMinutes(RESET_TOKEN_TTL_MINUTES + 1);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('a newer link voids the older one', async () => {
    const { email } = await createUser(t);
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(newer).not.toBe(older);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token, and a weak password without spending the link', async () => {
    expect((await reset('x'.repeat(43))).statusCode).toBe(400);
    expect((await reset('short')).statusCode).toBe(400);
    const { email } = await createUser(t);
    const token = await requestLink(email);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lifts a lockout and verifies the address (the link proves it)', async () => {
    const { email } = await createUser(t, { isVerified: false });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await login(email, `Wrong-Password-${i}`);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(429);
    const token = await requestLink(email);
    expect((await reset(token)).statusCode).toBe(200);
    const res = await login(email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isVerified).toBe(true);
  });

  it('is rate limited per address: 429 with Retry-After', async () => {
    const remoteAddress = '127.9.9.11';
    for (let i = 0; i < 10; i++)
      expect((await reset('y'.repeat(43), NEW_PASSWORD, remoteAddress)).statusCode).toBe(400);
    const limited = await reset('y'.repeat(43), NEW_PASSWORD, remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps tokens and passwords out of responses and logs', async () => {
    const { email } = await createUser(t);
    const token = await requestLink(email);
    const password = 'Reset-Log-Probe-Password-64';
    const bodies = [(await reset(token, password)).body, (await reset(token, password)).body];
    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(password);
    }
    const logs = t.logs.join('\n');
    expect(logs).toContain('reset-password/[redacted]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(password);
    expect(logs).not.toContain('$argon2');
  });
});
