import { AUTH_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  codeFrom,
  createTestApp,
  GOOD_PASSWORD,
  holdsNumber,
  lastMail,
  registerCertificate,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { outbox } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });

describe('sign-up and e-mail verification', () => {
  it('signs up a registered holder, mails a code, and verifies with it', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const res = await signup({ name: 'Ada', email: email.toUpperCase(), certificateNo, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email, name: 'Ada', isVerified: false, isAdmin: false });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$argon2/);
    const cookie = sessionCookie(res);

    // An unverified session reaches only check-auth, verify, resend and logout.
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(200);

    const code = codeFrom((await lastMail(t, email))?.text);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.verified,
      user: { isVerified: true },
    });

    // The session was rotated: the old cookie is dead, the new one is verified.
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    const fresh = sessionCookie(verified);
    const check = await call(t.app, fresh, { method: 'GET', url: '/api/auth/check-auth' });
    expect(check.json().user.isVerified).toBe(true);
  });

  it('refuses an e-mail and certificate number not on record under the registry policy', async () => {
    const email = uniqueEmail();
    await registerCertificate(t, email, 'CRA-REAL');
    const res = await signup({ name: 'Eve', email, certificateNo: 'CRA-WRONG', password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.notRegistered);
  });

  it('answers an e-mail already registered as one not on record, whatever its case, and mails its owner', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    expect((await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const again = await signup({ name: 'B', email: email.toUpperCase(), certificateNo, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.notRegistered });
    const notice = await lastMail(t, email);
    expect(notice?.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice?.text).toMatch(/^Hello A,$/m);

    // One notice an hour at most, however often someone tries.
    const noticesTo = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).filter(
        (m) => m.subject === notice?.subject,
      ).length;
    await signup({ name: 'B', email, certificateNo, password: GOOD_PASSWORD });
    expect(await noticesTo()).toBe(1);
    t.clock.advanceMinutes(61);
    await signup({ name: 'B', email, certificateNo, password: GOOD_PASSWORD });
    expect(await noticesTo()).toBe(2);
  });

  it('under SIGNUP_POLICY=open, answers 409 for an e-mail already registered and mails its owner', async () => {
    const open = await createTestApp({ SIGNUP_POLICY: 'open' });
    try {
      const email = uniqueEmail();
      const body = { name: 'A', email, certificateNo: 'ANY-1', password: GOOD_PASSWORD };
      const first = await open.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(first.statusCode).toBe(201);
      const again = await open.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...body, name: 'B' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
      expect((await lastMail(open, email))?.subject).toBe('Someone tried to sign up with your e-mail address');
    } finally {
      await open.close();
    }
  });

  it('refuses short, overlong and common passwords, and unknown fields', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    for (const password of ['Short1!', 'x'.repeat(129), 'password123', 'Password1']) {
      const res = await signup({ name: 'A', email, certificateNo, password });
      expect(res.statusCode, password).toBe(400);
    }
    const extra = await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD, isAdmin: true });
    expect(extra.statusCode).toBe(400);
  });

  it('voids a code after five wrong tries: the sixth try is 429 and the right code is refused after', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const cookie = sessionCookie(await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD }));
    const code = codeFrom((await lastMail(t, email))?.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, cookie, {
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { code: wrong },
      });
      expect(res.statusCode).toBe(400);
      // Issue 35: the screen says how many tries the code has left.
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCode, triesLeft: 4 - i });
    }
    const sixth = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
    expect(sixth.statusCode).toBe(429);
    const after = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
    expect(after.statusCode).toBe(400);

    // A new code works.
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' })).statusCode).toBe(200);
    const fresh = codeFrom((await lastMail(t, email))?.text);
    const ok = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code: fresh } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const cookie = sessionCookie(await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD }));
    const code = codeFrom((await lastMail(t, email))?.text);
    t.clock.advanceMinutes(11);
    const res = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });
});

describe('resending the code', () => {
  it('voids the previous code', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const cookie = sessionCookie(await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD }));
    const first = codeFrom((await lastMail(t, email))?.text)!;
    const resent = await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.codeSent });
    const second = codeFrom((await lastMail(t, email))?.text)!;
    if (first !== second) {
      const old = await call(t.app, cookie, {
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { code: first },
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code: second } });
    expect(ok.statusCode).toBe(200);
    // Verified: a resend sends nothing more.
    const mailsBefore = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    const after = await call(t.app, sessionCookie(ok), { method: 'POST', url: '/api/auth/resend-code' });
    expect(after.statusCode).toBe(200);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(mailsBefore.length);
  });

  it('refuses the 4th resend within 10 minutes with 429 and Retry-After, and allows it later', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const cookie = sessionCookie(await signup({ name: 'A', email, certificateNo, password: GOOD_PASSWORD }));
    for (let i = 0; i < 3; i++) {
      t.clock.advanceMinutes(1);
      const res = await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' });
      expect(res.statusCode, `resend ${i + 1}`).toBe(200);
    }
    const mailsBefore = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    const fourth = await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' });
    expect(fourth.statusCode).toBe(429);
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(7 * 60);
    // Issue 35: the time a new code can be sent, to show it: the moment Retry-After names.
    const { message, retryAt } = fourth.json<{ message: string; retryAt: string }>();
    expect(message).toBe(AUTH_MESSAGES.tooMany);
    const untilRetry = Date.parse(retryAt) - t.clock.now().getTime();
    expect(untilRetry).toBeGreaterThan((retryAfter - 60) * 1000);
    expect(untilRetry).toBeLessThanOrEqual(retryAfter * 1000);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(mailsBefore.length);

    t.clock.advanceMinutes(retryAfter / 60 + 0.1);
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/auth/resend-code' })).statusCode).toBe(200);
  });

  it('keeps codes and passwords out of responses and logs', async () => {
    const email = uniqueEmail();
    const password = 'Signup-Log-Probe-Password-31';
    const certificateNo = await registerCertificate(t, email);
    const res = await signup({ name: 'A', email, certificateNo, password });
    const cookie = sessionCookie(res);
    const code = codeFrom((await lastMail(t, email))?.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const bodies = [res.body];
    bodies.push(
      (await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code: wrong } })).body,
    );
    bodies.push((await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } })).body);
    for (const body of bodies) {
      expect(body).not.toContain(password);
      expect(holdsNumber(body, code)).toBe(false);
      expect(body).not.toMatch(/passwordHash|\$argon2|codeHash/);
    }
    const logs = t.logs.join('\n');
    expect(logs).toContain('email verified');
    expect(logs).not.toContain(password);
    expect(holdsNumber(logs, code)).toBe(false);
    expect(logs).not.toContain('$argon2');
  });
});

describe('sign-up under the open policy', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ SIGNUP_POLICY: 'open' });
  });
  afterAll(() => open.close());

  it('accepts a certificate number that is not on record', async () => {
    const email = uniqueEmail();
    const res = await open.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Olu', email, certificateNo: 'CRA-UNKNOWN', password: GOOD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email, certificateNo: 'CRA-UNKNOWN', isVerified: false });
    expect(codeFrom((await lastMail(open, email))?.text)).toMatch(/^\d{6}$/);
  });
});
