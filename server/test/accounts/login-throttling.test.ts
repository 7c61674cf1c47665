import { AUTH_MESSAGES, normalizeEmail } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailThrottles } from '../../src/db/schema';
import { throttleKey } from '../../src/domains/auth/throttle';
import {
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  resetTokenFrom,
  type TestApp,
  uniqueEmail,
} from '../harness';

/** Issue 4: login throttling per account and per IP. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (
  app: TestApp,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function failTenTimes(email: string) {
  for (let i = 1; i <= 10; i++) {
    const res = await login(t, email, `Wrong-Password-${i}`);
    expect(res.statusCode, `failure ${i}`).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  }
}

describe('per account', () => {
  it('the 11th consecutive failure is 429 and locks for 15 minutes, even for the right password', async () => {
    const { email } = await createUser(t);
    await failTenTimes(email);
    const eleventh = await login(t, email, 'Wrong-Password-11');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBe(15 * 60);
    const right = await login(t, email, GOOD_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    t.clock.advanceMinutes(14.9);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(429);
    t.clock.advanceMinutes(0.2);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('never locks permanently: each further run of failures locks for 15 minutes again', async () => {
    const { email } = await createUser(t);
    for (let round = 1; round <= 3; round++) {
      await failTenTimes(email);
      const locked = await login(t, email, GOOD_PASSWORD);
      expect(locked.statusCode, `round ${round}`).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      t.clock.advanceMinutes(15.1);
    }
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('forgot-password still works while the account is locked', async () => {
    const { email } = await createUser(t);
    await failTenTimes(email);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(429);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const token = resetTokenFrom((await lastMail(t, email))?.text);
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'Fresh-Start-Password-88' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, email, 'Fresh-Start-Password-88')).statusCode).toBe(200);
  });
});

describe('per address, with or without an account (issue 12)', () => {
  const rowOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(emailThrottles)
        .where(eq(emailThrottles.emailHash, throttleKey(t.app.keys.emailHmac, normalizeEmail(email))))
    )[0];

  it('failures are forgotten a day after the last change', async () => {
    const { email } = await createUser(t);
    for (let i = 1; i <= 9; i++) expect((await login(t, email, `Wrong-Password-${i}`)).statusCode).toBe(401);
    t.clock.advanceMinutes(24 * 60 + 1);
    for (let i = 1; i <= 9; i++) expect((await login(t, email, `Wrong-Again-${i}`)).statusCode).toBe(401);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('rows nobody touched for a day are removed by later failures', async () => {
    const gone = uniqueEmail('gone');
    expect((await login(t, gone, 'Some-Guess-1')).statusCode).toBe(401);
    expect((await rowOf(gone))?.failedLogins).toBe(1);
    t.clock.advanceMinutes(24 * 60 + 1);
    expect((await login(t, uniqueEmail('later'), 'Some-Guess-1')).statusCode).toBe(401);
    expect(await rowOf(gone)).toBeUndefined();
  });
});

describe('per IP', () => {
  it('the 31st attempt within 5 minutes is 429 with Retry-After', async () => {
    const remoteAddress = '127.31.31.31';
    for (let i = 1; i <= 30; i++) {
      expect((await login(t, uniqueEmail('ip'), 'Some-Guess-1', {}, remoteAddress)).statusCode, `attempt ${i}`).toBe(
        401,
      );
    }
    const limited = await login(t, uniqueEmail('ip'), 'Some-Guess-1', {}, remoteAddress);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(limited.json()).toEqual({ message: AUTH_MESSAGES.tooMany });
  });

  it('a forged X-Forwarded-For does not change the key without a trusted proxy', async () => {
    const remoteAddress = '127.32.32.32';
    for (let i = 1; i <= 30; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}` };
      expect((await login(t, uniqueEmail('xff'), 'Some-Guess-1', forged, remoteAddress)).statusCode).toBe(401);
    }
    const limited = await login(
      t,
      uniqueEmail('xff'),
      'Some-Guess-1',
      { 'x-forwarded-for': '198.51.100.7' },
      remoteAddress,
    );
    expect(limited.statusCode).toBe(429);
  });

  it('behind a trusted proxy (TRUST_PROXY), the forwarded client address is the key', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const proxy = '127.33.33.33';
      for (let i = 1; i <= 35; i++) {
        const client = { 'x-forwarded-for': `203.0.113.${i}` };
        expect((await login(proxied, uniqueEmail('proxy'), 'Some-Guess-1', client, proxy)).statusCode).toBe(401);
      }
      const one = { 'x-forwarded-for': '198.51.100.9' };
      for (let i = 1; i <= 30; i++) await login(proxied, uniqueEmail('proxy'), 'Some-Guess-1', one, proxy);
      expect((await login(proxied, uniqueEmail('proxy'), 'Some-Guess-1', one, proxy)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  }, 120_000);

  // Issue 30, F13: a client may send its own X-Forwarded-For, and the proxy appends the address
  // it saw. Trusting every hop made the client's first (leftmost) entry the key: a new one per
  // request escaped the limit. TRUST_PROXY=1 trusts one proxy: the entry it appended is the key.
  it('with TRUST_PROXY=1, a new leftmost X-Forwarded-For hop per request still counts against the client', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const proxy = '127.44.44.44';
      const client = '198.51.100.20';
      const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}, ${client}` });
      for (let i = 1; i <= 30; i++)
        expect((await login(proxied, uniqueEmail('hop'), 'Some-Guess-1', forged(i), proxy)).statusCode).toBe(401);
      expect((await login(proxied, uniqueEmail('hop'), 'Some-Guess-1', forged(31), proxy)).statusCode).toBe(429);
      // Another client behind the same proxy is not held back by it.
      const other = { 'x-forwarded-for': '203.0.113.99, 198.51.100.21' };
      expect((await login(proxied, uniqueEmail('hop'), 'Some-Guess-1', other, proxy)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});
