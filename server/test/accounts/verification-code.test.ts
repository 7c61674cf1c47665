import crypto from 'node:crypto';
import { AUTH_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verificationCodes } from '../../src/db/schema';
import {
  CODE_TRIES_WINDOW_MINUTES,
  MAX_CODE_TRIES_PER_HOUR,
  MAX_CODES_PER_WINDOW,
  RESEND_WINDOW_MINUTES,
} from '../../src/domains/auth/service';
import { hmac } from '../../src/lib/tokens';
import {
  call,
  codeFrom,
  createTestApp,
  GOOD_PASSWORD,
  lastMail,
  registerCertificate,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from '../harness';

/** Issue 1: the e-mail verification code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signUp() {
  const email = uniqueEmail('verify');
  const certificateNo = await registerCertificate(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Vera', email, certificateNo, password: GOOD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, cookie: sessionCookie(res), userId: res.json().user._id as string };
}
const currentCode = async (email: string) => codeFrom((await lastMail(t, email))?.text)!;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const verify = (cookie: string, code: string) =>
  call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
const resend = (cookie: string) => call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' });

describe('verification code', () => {
  it('is six digits, stored only as a keyed hash, and expires after 10 minutes', async () => {
    const { email, cookie, userId } = await signUp();
    const code = await currentCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(code);
    expect(rows[0]!.codeHash).toBe(hmac(t.app.keys.codeHmac, code));
    // Keyed: a plain hash of the code (which a 10^6 table would reverse) is not what is stored.
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * 60_000);

    t.clock.advanceMinutes(9);
    const fresh = await signUp();
    t.clock.advanceMinutes(1.1);
    expect((await verify(cookie, code)).statusCode).toBe(400);
    // The other account's code, 1.1 minutes old, still works.
    expect((await verify(fresh.cookie, await currentCode(fresh.email))).statusCode).toBe(200);
  });

  it('is drawn from crypto.randomInt over the whole range 000000 to 999999', async () => {
    // A spread of a few samples cannot tell Math.random from the CSPRNG: the source is checked.
    // The draw for the code answers a number with leading zeros; every other draw is left alone.
    const randomInt = crypto.randomInt as (...args: unknown[]) => unknown;
    const draws: unknown[][] = [];
    const spy = vi.spyOn(crypto, 'randomInt').mockImplementation(((...args: unknown[]) => {
      const [min, max] = typeof args[1] === 'number' ? args : [0, args[0]];
      if (min !== 0 || max !== 1_000_000) return randomInt(...args);
      draws.push(args);
      return 4_271;
    }) as typeof crypto.randomInt);
    try {
      const { email } = await signUp();
      expect(draws).toHaveLength(1);
      expect(await currentCode(email)).toBe('004271');
    } finally {
      spy.mockRestore();
    }
  });

  it('the 6th wrong try is 429 and voids the code: the right code is refused afterwards', async () => {
    const { email, cookie } = await signUp();
    const code = await currentCode(email);
    for (let i = 1; i <= 5; i++) {
      const res = await verify(cookie, wrongFor(code));
      expect(res.statusCode, `wrong try ${i}`).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCode, triesLeft: 5 - i });
    }
    const sixth = await verify(cookie, wrongFor(code));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const right = await verify(cookie, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().user).toBeUndefined();
  });

  it(`allows at most ${MAX_CODE_TRIES_PER_HOUR} wrong tries per account and hour, across resends`, async () => {
    const { email, cookie } = await signUp();
    let tries = 0;
    // Two codes, five wrong tries each: the per-code limit is not reached on either.
    for (let round = 0; round < 2; round++) {
      if (round > 0) {
        t.clock.advanceMinutes(1);
        expect((await resend(cookie)).statusCode).toBe(200);
      }
      const code = await currentCode(email);
      for (let i = 0; i < 5; i++) {
        expect((await verify(cookie, wrongFor(code))).statusCode, `try ${++tries}`).toBe(400);
      }
    }
    expect(tries).toBe(10);
    t.clock.advanceMinutes(1);
    expect((await resend(cookie)).statusCode).toBe(200);
    const third = await currentCode(email);
    const limited = await verify(cookie, third);
    expect(limited.statusCode, 'the 11th try within the hour, even with the right code').toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_TRIES_WINDOW_MINUTES * 60);

    // An hour later a fresh code works again.
    // (in steps, with a request each, so that the session does not time out meanwhile)
    for (let m = 0; m < CODE_TRIES_WINDOW_MINUTES; m += 20) {
      t.clock.advanceMinutes(20);
      expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(200);
    }
    expect((await resend(cookie)).statusCode).toBe(200);
    expect((await verify(cookie, await currentCode(email))).statusCode).toBe(200);
  });

  it('a resend voids the previous code', async () => {
    const { email, cookie } = await signUp();
    const first = await currentCode(email);
    expect((await resend(cookie)).statusCode).toBe(200);
    const second = await currentCode(email);
    if (first !== second) expect((await verify(cookie, first)).statusCode).toBe(400);
    expect((await verify(cookie, second)).statusCode).toBe(200);
  });

  it(`limits resends: the ${MAX_CODES_PER_WINDOW}th within ${RESEND_WINDOW_MINUTES} minutes is 429 with Retry-After`, async () => {
    const { cookie } = await signUp();
    // The sign-up code counts: three resends are allowed, the fourth is refused.
    for (let i = 1; i <= 3; i++) expect((await resend(cookie)).statusCode, `resend ${i}`).toBe(200);
    const fourth = await resend(cookie);
    expect(fourth.statusCode).toBe(429);
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_WINDOW_MINUTES * 60);
    t.clock.advanceMinutes(RESEND_WINDOW_MINUTES);
    expect((await resend(cookie)).statusCode).toBe(200);
  });

  it('20 concurrent submissions of the right code give exactly one success', async () => {
    const { email, cookie } = await signUp();
    const code = await currentCode(email);
    const results = await Promise.all(Array.from({ length: 20 }, () => verify(cookie, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The losers were refused (the code was used; or the session they came with was rotated).
    for (const s of statuses.filter((x) => x !== 200)) expect([400, 401, 429]).toContain(s);
    expect(results.filter((r) => r.cookies.some((c) => c.name === 'sid' && c.value))).toHaveLength(1);
  });
});
