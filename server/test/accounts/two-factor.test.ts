import crypto from 'node:crypto';
import {
  AUTH_MESSAGES,
  MFA_MESSAGES,
  NEW_FACTOR_HOLD_MINUTES,
  RECOVERY_CODE_COUNT,
  STEP_UP_MINUTES,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, sessions, users } from '../../src/db/schema';
import {
  call,
  blockApp,
  createTestApp,
  createUser,
  lastMail,
  resetTokenFrom,
  sessionCookie,
  stepUp,
  type TestApp,
  uniqueEmail,
} from '../harness';
import { fullReport } from '../reports';
import { adminEditPayload, jobPayload } from '../security/world';

/** Issue 19: TOTP enrolment, the second step of a sign-in, recovery codes, the lock, resets, step-up. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TestUser = Awaited<ReturnType<typeof createUser>>;

/** The code an authenticator app shows now, by the app's (test) clock. */
const codeNow = (secret: string, app: TestApp = t) =>
  generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });

const login = (email: string, password: string, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const verify = (cookie: string, payload: Record<string, unknown>, app: TestApp = t) =>
  call(app.app, cookie, { method: 'POST', url: '/api/auth/mfa/verify', payload });

/**
 * Sets up TOTP for the signed-in user, as the web app does: the password confirms it is them
 * (issue 30, F1), then the code. Answers the secret and the recovery codes.
 */
async function enrol(u: TestUser, app: TestApp = t) {
  await stepUp(app, u.cookie, { password: u.password });
  const setup = await call(app.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await call(app.app, u.cookie, {
    method: 'POST',
    url: '/api/auth/mfa/totp/enable',
    payload: { code: await codeNow(secret, app) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  // The next code the tests send belongs to a later time step than the enrolment's.
  app.clock.advanceMinutes(1);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Password given: the cookie of the session that waits for the second factor. */
async function passwordStep(u: TestUser, app: TestApp = t) {
  const res = await login(u.email, u.password, app);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ success: true, message: MFA_MESSAGES.codeNeeded, mfaRequired: true });
  return sessionCookie(res);
}

describe('enrolment', () => {
  it('sets up TOTP with a sealed secret, turns it on with a code, and answers 10 recovery codes stored hashed', async () => {
    const u = await createUser(t, { steppedUp: true });
    const setup = await call(t.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    // Key Uri Format: SHA1, 6 digits and 30 s are what an app assumes when they are left out.
    expect(uri.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
    expect(uri.searchParams.get('digits') ?? '6').toBe('6');
    expect(uri.searchParams.get('period') ?? '30').toBe('30');

    const [pending] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(pending!.totpPendingSecret).toMatch(/^v1\./);
    expect(JSON.stringify(pending)).not.toContain(secret);
    expect(pending!.mfaEnabled).toBe(false);

    const enable = (code: string) =>
      call(t.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/enable', payload: { code } });
    expect((await enable('12345')).statusCode).toBe(400);
    expect((await enable('abcdef')).statusCode).toBe(400);
    const now = await codeNow(secret);
    const wrong = await enable(now === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: MFA_MESSAGES.invalidCode });

    const ok = await enable(await codeNow(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = (ok.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ mfaEnabled: true, totpPendingSecret: null });
    expect(row!.totpSecret).toMatch(/^v1\./);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const dump = JSON.stringify([row, stored]);
    expect(dump).not.toContain(secret);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }

    const status = await call(t.app, u.cookie, { method: 'GET', url: '/api/auth/mfa' });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, required: false });
    const check = await call(t.app, u.cookie, { method: 'GET', url: '/api/auth/check-auth' });
    expect(check.json().user.mfaEnabled).toBe(true);
    // Turned on once; only an admin's reset takes it away.
    expect((await call(t.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' })).statusCode).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_enable'), eq(auditLog.targetId, u.user.id)));
    expect(audited).toHaveLength(1);
  });

  it('refuses to turn on without a set-up, and is for signed-in, verified members only', async () => {
    const u = await createUser(t, { steppedUp: true });
    const res = await call(t.app, u.cookie, {
      method: 'POST',
      url: '/api/auth/mfa/totp/enable',
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MFA_MESSAGES.noSetup });
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/auth/mfa/totp/setup' })).statusCode).toBe(401);
    const unverified = await createUser(t, { isVerified: false });
    const refused = await call(t.app, unverified.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('sign-in with a second factor', () => {
  /** A second instance on the same database. */
  const twin = blockApp({}, () => ({ database: t.database }));

  it('answers { mfaRequired } to the right password; that session can do nothing but give the code', async () => {
    const u = await createUser(t, { isAdmin: true });
    await enrol(u);
    const pending = await passwordStep(u);
    for (const [method, url] of [
      ['GET', '/api/auth/check-auth'],
      ['GET', `/api/certificates/${encodeURIComponent(u.email)}`],
      ['GET', '/api/users'],
      ['GET', '/api/auth/mfa'],
      ['POST', '/api/auth/mfa/totp/setup'],
    ] as const) {
      const res = await call(t.app, pending, { method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.pending, mfaRequired: true });
    }
    // A wrong password still answers as before.
    const wrong = await login(u.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('signs in with a TOTP code: the session is rotated and full; the same code again is refused', async () => {
    const u = await createUser(t, { isAdmin: true });
    const { secret } = await enrol(u);
    const pending = await passwordStep(u);
    const code = await codeNow(secret);
    const res = await verify(pending, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedIn, user: { email: u.email } });
    const full = sessionCookie(res);
    expect(full).not.toBe(pending);
    expect((await call(t.app, pending, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    expect((await call(t.app, full, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);

    // The code is used up within its window: a second sign-in cannot replay it.
    const again = await passwordStep(u);
    const replay = await verify(again, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: MFA_MESSAGES.invalidCode });
  });

  it('refuses another account’s code, an expired one and a malformed one, telling nothing apart', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const { secret } = await enrol(u);
    const { secret: otherSecret } = await enrol(other);
    const pending = await passwordStep(u);

    const foreign = await verify(pending, { code: await codeNow(otherSecret) });
    const stale = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) - 120 });
    const expired = await verify(pending, { code: stale });
    for (const res of [foreign, expired]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.invalidCode });
    }
    expect(foreign.body).toBe(expired.body);
    for (const code of ['12345', '1234567', 'abcdef', '12 34 56', 'zzzz-zzzz-zzzz', '']) {
      const malformed = await verify(pending, { code });
      expect(malformed.statusCode, code).toBe(400);
    }
    expect((await verify(pending, {})).statusCode).toBe(400);
    // A session waiting for its code cannot switch to the password.
    expect((await verify(pending, { password: u.password })).statusCode).toBe(400);
    // Still waiting, and the right code still works.
    const ok = await verify(pending, { code: await codeNow(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('signs in with a recovery code, which is burnt; the answer says how many are left', async () => {
    const u = await createUser(t);
    const { recoveryCodes: codes } = await enrol(u);
    const first = await verify(await passwordStep(u), { code: codes[0]!.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, recoveryCodesLeft: 9 });
    const status = await call(t.app, sessionCookie(first), { method: 'GET', url: '/api/auth/mfa' });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9 });

    const reused = await verify(await passwordStep(u), { code: codes[0]! });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: MFA_MESSAGES.invalidCode });
    // Without dashes it is the same code.
    const second = await verify(await passwordStep(u), { code: codes[1]!.replace(/-/g, '') });
    expect(second.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('locks the second step after five wrong codes for 15 minutes, on every instance', async () => {
    const u = await createUser(t);
    const { secret } = await enrol(u);
    const pending = await passwordStep(u);
    const right = await codeNow(secret);
    const wrongCode = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await verify(pending, { code: wrongCode })).statusCode).toBe(400);
    const locked = await verify(pending, { code: right });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // A second instance on the same database sees the same lock (decision 0011).
    const elsewhere = await passwordStep(u, twin());
    expect((await verify(elsewhere, { code: await codeNow(secret, twin()) }, twin())).statusCode).toBe(429);
    // A new sign-in does not lift it either.
    expect((await verify(await passwordStep(u), { code: right })).statusCode).toBe(429);

    // 15 minutes on (the store keeps the database's time): open again.
    await t.database.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '1 second' where key like ${`%${u.user.id}%`}`,
    );
    const after = await verify(await passwordStep(u), { code: await codeNow(secret) });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('keeps the factor through a password reset', async () => {
    const u = await createUser(t);
    await enrol(u);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const token = resetTokenFrom((await lastMail(t, u.email))?.text)!;
    const NEW = 'Granite-Meadow-Lark-73';
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: NEW },
    });
    expect(reset.statusCode).toBe(200);
    const res = await login(u.email, NEW);
    expect(res.json()).toMatchObject({ mfaRequired: true });
    expect(res.json().user).toBeUndefined();
  });
});

describe('an admin resets another user’s factors', () => {
  it('takes the factors away, ends the sessions, audits it and mails the owner', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const target = await createUser(t, { isAdmin: true });
    await enrol(target);
    await stepUp(t, admin.cookie, { password: admin.password });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(1);
    const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${target.user.id}/mfa` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MFA_MESSAGES.resetDone });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ mfaEnabled: false, totpSecret: null, totpPendingSecret: null });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, target.user.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_reset'), eq(auditLog.targetId, target.user.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, details: { hadFactor: true } });
    expect((await lastMail(t, target.email))?.subject).toBe('Your two-factor sign-in was reset');
    // The password alone signs in again, and the user may enrol anew.
    const again = await login(target.email, target.password);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.loggedIn, user: { mfaEnabled: false } });
  });

  it('is refused for one’s own factors, for members, and for an unknown user, changing nothing', async () => {
    const admin = await createUser(t, { isAdmin: true });
    await enrol(admin);
    const signedIn = await createUser(t, { isAdmin: true, steppedUp: true });
    const self = await call(t.app, signedIn.cookie, { method: 'DELETE', url: `/api/users/${signedIn.user.id}/mfa` });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: MFA_MESSAGES.resetSelf });
    const member = await createUser(t);
    const byMember = await call(t.app, member.cookie, { method: 'DELETE', url: `/api/users/${admin.user.id}/mfa` });
    expect(byMember.statusCode).toBe(403);
    const unknown = await call(t.app, signedIn.cookie, {
      method: 'DELETE',
      url: '/api/users/00000000-0000-4000-8000-000000000000/mfa',
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.mfaEnabled).toBe(true);
  });
});

describe('ADMIN_MFA=required', () => {
  const strictApp = blockApp({ ADMIN_MFA: 'required' });

  it('refuses admin routes to an admin without a factor until they enrol; member routes stay open', async () => {
    const strict = strictApp();
    const admin = await createUser(strict, { isAdmin: true });
    const list = await call(strict.app, admin.cookie, { method: 'GET', url: '/api/users' });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: MFA_MESSAGES.setupRequired });
    expect((await call(strict.app, admin.cookie, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
    const status = await call(strict.app, admin.cookie, { method: 'GET', url: '/api/auth/mfa' });
    expect(status.json()).toEqual({ totp: false, recoveryCodesLeft: 0, required: true });
    const config = await strict.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().adminMfa).toBe('required');

    await enrol(admin, strict);
    expect((await call(strict.app, admin.cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });
});

describe('step-up', () => {
  async function reportId() {
    const member = await createUser(t);
    const filed = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: fullReport() });
    expect(filed.statusCode, filed.body).toBe(201);
    return (filed.json() as { _id: string })._id;
  }
  const reveal = (cookie: string, id: string) =>
    call(t.app, cookie, { method: 'POST', url: `/api/reports/${id}/reveal-ssn`, payload: { reason: 'Case review' } });

  it('asks for a code given for the act, not the sign-in’s; it counts for 5 minutes', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const { secret, recoveryCodes: codes } = await enrol(admin);
    // A factor of some standing: a new one cannot step up (issue 30, F1, tested below).
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES);
    const signedIn = await verify(await passwordStep(admin), { code: await codeNow(secret) });
    const cookie = sessionCookie(signedIn);
    const id = await reportId();
    const first = await reveal(cookie, id);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    // With a factor, the password is not enough; a wrong code changes nothing.
    expect((await verify(cookie, { password: admin.password })).statusCode).toBe(400);
    const wrong = await verify(cookie, { code: '000000' === (await codeNow(secret)) ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await reveal(cookie, id)).statusCode).toBe(401);

    t.clock.advanceMinutes(1);
    const up = await verify(cookie, { code: await codeNow(secret) });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ success: true, message: MFA_MESSAGES.confirmed });
    expect((await reveal(cookie, id)).statusCode).toBe(200);
    t.clock.advanceMinutes(4.8);
    expect((await reveal(cookie, id)).statusCode).toBe(200);
    t.clock.advanceMinutes(0.3);
    const stale = await reveal(cookie, id);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    // A recovery code is a second factor too.
    expect((await verify(cookie, { code: codes[0]! })).json()).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await reveal(cookie, id)).statusCode).toBe(200);
  });

  it('takes the password where no factor is enrolled', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const id = await reportId();
    expect((await reveal(admin.cookie, id)).statusCode).toBe(401);
    expect((await verify(admin.cookie, { code: '123456' })).statusCode).toBe(400);
    expect((await verify(admin.cookie, { password: 'not-the-password' })).statusCode).toBe(400);
    expect((await reveal(admin.cookie, id)).statusCode).toBe(401);
    expect((await verify(admin.cookie, { password: admin.password })).statusCode).toBe(200);
    expect((await reveal(admin.cookie, id)).statusCode).toBe(200);
    t.clock.advanceMinutes(6);
    expect((await reveal(admin.cookie, id)).statusCode).toBe(401);
  });

  it('guards changing a user’s admin flag, but not the rest of an admin’s edit', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const member = await createUser(t);
    const edit = (isAdmin: boolean) => adminEditPayload(member.email, { isAdmin });
    const put = (payload: Record<string, unknown>) =>
      call(t.app, admin.cookie, { method: 'PUT', url: `/api/users/${member.user.id}`, payload });
    expect((await put(edit(false))).statusCode).toBe(200);
    const promote = await put(edit(true));
    expect(promote.statusCode).toBe(401);
    expect(promote.json()).toMatchObject({ stepUp: true });
    const [still] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(still!.isAdmin).toBe(false);
    await verify(admin.cookie, { password: admin.password });
    expect((await put(edit(true))).statusCode).toBe(200);
  });
});

describe('a stolen session cannot step up with a factor it adds (issue 30, F1)', () => {
  const reveal = async (cookie: string) => {
    const member = await createUser(t);
    const filed = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: fullReport() });
    const id = (filed.json() as { _id: string })._id;
    return call(t.app, cookie, {
      method: 'POST',
      url: `/api/reports/${id}/reveal-ssn`,
      payload: { reason: 'Case review' },
    });
  };
  const today = () => t.clock.now().toISOString().slice(0, 10);
  const hmisExport = (cookie: string) =>
    call(t.app, cookie, {
      method: 'POST',
      url: '/api/exports/hmis',
      payload: { from: today(), to: today(), reason: 'Annual report' },
    });
  const promote = async (cookie: string) => {
    const member = await createUser(t);
    return call(t.app, cookie, {
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      payload: adminEditPayload(member.email, { isAdmin: true }),
    });
  };

  it('needs a step-up given with what the account had before adding a factor', async () => {
    const admin = await createUser(t, { isAdmin: true });
    // With the session alone: no TOTP set-up, no passkey options, nothing stored.
    for (const url of ['/api/auth/mfa/totp/setup', '/api/auth/mfa/passkeys/registration-options']) {
      const res = await call(t.app, admin.cookie, { method: 'POST', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    }
    const enable = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/auth/mfa/totp/enable',
      payload: { code: '123456' },
    });
    expect(enable.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row).toMatchObject({ mfaEnabled: false, totpPendingSecret: null });
    // The password, on an account without a factor, is what it had.
    await stepUp(t, admin.cookie, { password: admin.password });
    expect((await call(t.app, admin.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' })).statusCode).toBe(200);
  });

  it('keeps a factor added in the last 15 minutes from stepping up the SSN, the HMIS export and admin rights', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const { secret, recoveryCodes: codes } = await enrol(admin);
    // The password's step-up of the enrolment has lapsed; the new factors are all the session has.
    t.clock.advanceMinutes(STEP_UP_MINUTES);
    expect((await verify(admin.cookie, { code: await codeNow(secret) })).statusCode).toBe(200);
    for (const res of [await reveal(admin.cookie), await hmisExport(admin.cookie), await promote(admin.cookie)]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.newFactor, stepUp: true });
    }
    // A recovery code made with the new factor is as new.
    expect((await verify(admin.cookie, { code: codes[0]! })).statusCode).toBe(200);
    expect((await reveal(admin.cookie)).statusCode).toBe(401);

    // 15 minutes after the factor was added, it steps up like any other.
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES - STEP_UP_MINUTES - 2);
    expect((await verify(admin.cookie, { code: await codeNow(secret) })).statusCode).toBe(200);
    expect((await reveal(admin.cookie)).statusCode).toBe(401);
    t.clock.advanceMinutes(1.5);
    expect((await verify(admin.cookie, { code: await codeNow(secret) })).statusCode).toBe(200);
    expect((await reveal(admin.cookie)).statusCode).toBe(200);
    expect((await hmisExport(admin.cookie)).statusCode).not.toBe(401);
    expect((await promote(admin.cookie)).statusCode).toBe(200);
  });

  it('mails the owner when a factor is added, with the time, the factor and what to do, and audits it', async () => {
    const u = await createUser(t);
    const at = t.clock.now();
    await enrol(u);
    const mail = await lastMail(t, u.email);
    expect(mail?.subject).toBe('A sign-in factor was added to your account');
    expect(mail?.text).toContain('an authenticator app');
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    expect(mail?.text).toMatch(new RegExp(`${day} at \\d\\d:\\d\\d:\\d\\d UTC`));
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).toContain('New recovery codes were made with it');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_enable'), eq(auditLog.targetId, u.user.id)));
    expect(audited).toHaveLength(1);
  });
});

describe('every path to a delete needs a step-up (issue 30, F10)', () => {
  const job = async (admin: TestUser) => {
    const res = await call(t.app, admin.cookie, { method: 'POST', url: '/api/jobs', payload: jobPayload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  };

  it('a single delete, a delete for good and a bulk status change', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const id = await job(admin);
    const single = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/jobs/${id}` });
    expect(single.statusCode).toBe(401);
    expect(single.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    await stepUp(t, admin.cookie, { password: admin.password });
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/jobs/${id}` })).statusCode).toBe(200);
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const purge = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/job/${id}` });
    expect(purge.statusCode).toBe(401);
    const status = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates/bulk-status',
      payload: { ids: [crypto.randomUUID()], status: 'Inactive' },
    });
    expect(status.statusCode).toBe(401);
    expect(status.json()).toMatchObject({ stepUp: true });
    await stepUp(t, admin.cookie, { password: admin.password });
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/job/${id}` })).statusCode).toBe(204);
  });

  it('restoring an administrator from the trash, and resetting another user’s factors', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const other = await createUser(t, { isAdmin: true });
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${other.user.id}` })).statusCode).toBe(
      204,
    );
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const restore = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/trash/user/${other.user.id}/restore`,
    });
    expect(restore.statusCode).toBe(401);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(still!.deletedAt).not.toBeNull();
    const reset = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${other.user.id}/mfa` });
    expect(reset.statusCode).toBe(401);
    await stepUp(t, admin.cookie, { password: admin.password });
    expect(
      (await call(t.app, admin.cookie, { method: 'POST', url: `/api/trash/user/${other.user.id}/restore` })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${other.user.id}/mfa` })).statusCode,
    ).toBe(200);
  });
});

describe('bulk delete', () => {
  it('needs a step-up like the other sensitive acts', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const job = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/jobs',
      payload: jobPayload,
    });
    expect(job.statusCode, job.body).toBe(201);
    const remove = () =>
      call(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/bulk-delete',
        payload: { type: 'job', ids: [(job.json() as { _id: string })._id] },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    await verify(admin.cookie, { password: admin.password });
    expect((await remove()).statusCode).toBe(200);
  });
});

describe('log hygiene', () => {
  it('never writes a code, a secret or a recovery code to the log', async () => {
    const u = await createUser(t, { email: uniqueEmail('hygiene') });
    const { secret, recoveryCodes: codes } = await enrol(u);
    const code = await codeNow(secret);
    await verify(await passwordStep(u), { code });
    await verify(await passwordStep(u), { code: codes[2]! });
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(codes[2]!);
    expect(logs).not.toMatch(new RegExp(`"code":"${code}"`));
  });
});

describe('what the portal keeps of each step (issue 30: the audit trail and the security log)', () => {
  /** The log lines of the app written for one user since `from` (an index into t.logs), as objects. */
  const eventsOf = (userId: string, from: number) =>
    t.logs
      .slice(from)
      .map((line) => JSON.parse(line) as { userId?: string; event?: string; factor?: string; msg?: string })
      .filter((line) => line.userId === userId)
      .map(({ event, factor, msg }) => ({ event, msg, ...(factor ? { factor } : {}) }));
  const auditOf = (userId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, userId)));

  it('logs turning the factor on, each sign-in by its factor, each step-up and each refused one', async () => {
    const u = await createUser(t);
    const from = t.logs.length;
    const { secret, recoveryCodes: codes } = await enrol(u);
    await verify(await passwordStep(u), { code: await codeNow(secret) });
    t.clock.advanceMinutes(1);
    await verify(await passwordStep(u), { code: codes[0]! });
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES);
    await verify(u.cookie, { code: await codeNow(secret) });

    const member = await createUser(t);
    const since = t.logs.length;
    expect((await verify(member.cookie, { password: 'not-the-password' })).statusCode).toBe(400);
    expect((await verify(member.cookie, { password: member.password })).statusCode).toBe(200);

    expect(eventsOf(u.user.id, from).filter((e) => e.event !== 'login_mfa_pending')).toEqual(
      expect.arrayContaining([
        { event: 'mfa_enabled', msg: 'two-factor sign-in turned on' },
        { event: 'login_ok', msg: 'signed in', factor: 'code' },
        { event: 'step_up', msg: 'stepped up' },
      ]),
    );
    // A TOTP code and a recovery code are both a code.
    expect(eventsOf(u.user.id, from).filter((e) => e.event === 'login_ok')).toEqual([
      { event: 'login_ok', msg: 'signed in', factor: 'code' },
      { event: 'login_ok', msg: 'signed in', factor: 'code' },
    ]);
    expect(eventsOf(member.user.id, since)).toEqual([
      { event: 'step_up_failed', msg: 'step-up refused' },
      { event: 'step_up', msg: 'stepped up' },
    ]);
  });

  it('audits turning the factor on and an admin’s reset against the user, and tells each apart', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const u = await createUser(t);
    await enrol(u);
    expect(await auditOf(u.user.id, 'user.mfa_enable')).toEqual([
      expect.objectContaining({ actorId: u.user.id, targetType: 'user', targetId: u.user.id }),
    ]);
    const reset = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${u.user.id}/mfa` });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await auditOf(u.user.id, 'user.mfa_reset')).toEqual([
      expect.objectContaining({ actorId: admin.user.id, targetType: 'user', details: { hadFactor: true } }),
    ]);
  });

  it('says a second factor is required only of admins, and only under ADMIN_MFA=required', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const member = await createUser(t);
    for (const who of [admin, member]) {
      const status = await call(t.app, who.cookie, { method: 'GET', url: '/api/auth/mfa' });
      expect(status.json()).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });
    }
  });

  it('refuses to turn on an authenticator app that is on already, keeping its secret and codes', async () => {
    const u = await createUser(t);
    const { secret, recoveryCodes: codes } = await enrol(u);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    // Still within the step-up that the enrolment began with.
    const again = await call(t.app, u.cookie, {
      method: 'POST',
      url: '/api/auth/mfa/totp/enable',
      payload: { code: await codeNow(secret) },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: MFA_MESSAGES.alreadyOn });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(after!.totpSecret).toBe(before!.totpSecret);
    // The codes first given still work.
    const signIn = await verify(await passwordStep(u), { code: codes[3]! });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('turns an authenticator app on once when two requests race with the same code', async () => {
    const u = await createUser(t, { steppedUp: true });
    const setup = await call(t.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    const { secret } = setup.json() as { secret: string };
    const code = await codeNow(secret);
    const enable = () => call(t.app, u.cookie, { method: 'POST', url: '/api/auth/mfa/totp/enable', payload: { code } });
    const answers = await Promise.all([enable(), enable()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json() as { recoveryCodes: string[] };
    // The codes stored are the ones answered, and the change was audited once.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await auditOf(u.user.id, 'user.mfa_enable')).toHaveLength(1);
    t.clock.advanceMinutes(1);
    expect((await verify(await passwordStep(u), { code: won.recoveryCodes[0]! })).statusCode).toBe(200);
  });
});
