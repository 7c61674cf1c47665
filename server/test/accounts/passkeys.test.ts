import { AUTH_MESSAGES, MFA_MESSAGES, NEW_FACTOR_HOLD_MINUTES, RECOVERY_CODE_COUNT } from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, passkeys, recoveryCodes, sessions, users, webauthnChallenges } from '../../src/db/schema';
import { SoftAuthenticator } from '../authenticator';
import { blockApp, call, createTestApp, createUser, lastMail, sessionCookie, type TestApp } from '../harness';
import { fullReport } from '../reports';

/**
 * Issue 19: passkeys (WebAuthn) as a second factor: enrolment, the second step of a sign-in,
 * step-up, the shared lock, removal and an admin's reset, through HTTP with a software
 * authenticator (test/authenticator.ts) whose bytes the server checks for real.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TestUser = Awaited<ReturnType<typeof createUser>>;
type Options = { challenge: string; rp?: { id: string }; allowCredentials?: { id: string }[] };

const post = (cookie: string | undefined, url: string, payload?: unknown, app: TestApp = t) =>
  call(app.app, cookie, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
const registrationOptions = async (cookie: string, app: TestApp = t) => {
  const res = await post(cookie, '/api/auth/mfa/passkeys/registration-options', undefined, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Options;
};
const authenticationOptions = async (cookie: string, app: TestApp = t) => {
  const res = await post(cookie, '/api/auth/mfa/passkeys/authentication-options', undefined, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Options;
};
const verify = (cookie: string, payload: Record<string, unknown>, app: TestApp = t) =>
  post(cookie, '/api/auth/mfa/verify', payload, app);
const login = (u: TestUser, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });

/** Adds a passkey of a new software authenticator to the signed-in user. */
async function addPasskey(u: TestUser, name = 'Laptop', app: TestApp = t) {
  const authenticator = new SoftAuthenticator();
  const options = await registrationOptions(u.cookie, app);
  const res = await post(u.cookie, '/api/auth/mfa/passkeys', { name, response: authenticator.register(options) }, app);
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, ...(res.json() as { passkey: { _id: string }; recoveryCodes?: string[] }) };
}

/** Password given: the cookie of the session that waits for the second factor. */
async function passwordStep(u: TestUser, app: TestApp = t) {
  const res = await login(u, app);
  expect(res.json()).toMatchObject({ mfaRequired: true });
  return sessionCookie(res);
}

/** The second step with the passkey: options, then the assertion. */
async function passkeyStep(cookie: string, authenticator: SoftAuthenticator, app: TestApp = t) {
  const { challenge } = await authenticationOptions(cookie, app);
  return verify(cookie, { passkey: authenticator.assert(challenge) }, app);
}

const rowsOf = (userId: string) => t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
/** Lifts the lock of the second step (the store keeps the database's time; tests edit the counter). */
const unlock = (userId: string) =>
  t.database.db.execute(sql`delete from rate_limit_hits where key like ${`%${userId}%`}`);
const userRow = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe('enrolment', () => {
  it('adds a passkey checked against the session’s challenge; the first factor turns two-factor on with recovery codes', async () => {
    const u = await createUser(t, { steppedUp: true });
    const options = await registrationOptions(u.cookie);
    // The relying party is APP_URL's host; the user handle is not the e-mail.
    expect(options.rp).toMatchObject({ id: 'localhost' });
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(options);
    const res = await post(u.cookie, '/api/auth/mfa/passkeys', { name: ' Work laptop ', response });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { passkey: Record<string, unknown>; recoveryCodes: string[] };
    expect(body.passkey).toEqual({
      _id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await userRow(u.user.id)).toMatchObject({ mfaEnabled: true, totpSecret: null });
    const [row] = await rowsOf(u.user.id);
    expect(row).toMatchObject({ credentialId: authenticator.credentialId, counter: 0, transports: ['internal'] });
    expect(row!.publicKey.length).toBeGreaterThan(60);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id))).toHaveLength(
      RECOVERY_CODE_COUNT,
    );
    // The challenge was used: the same response again is refused and adds nothing.
    const replay = await post(u.cookie, '/api/auth/mfa/passkeys', { name: 'Again', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: MFA_MESSAGES.passkeyNotAdded });

    // A second passkey: no new recovery codes; the list shows both, never the key.
    const second = await addPasskey(u, 'Phone');
    expect(second.recoveryCodes).toBeUndefined();
    const list = await call(t.app, u.cookie, { method: 'GET', url: '/api/auth/mfa/passkeys' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { name: string }[]).map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(list.body).not.toContain(authenticator.credentialId);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.passkey_add'), eq(auditLog.targetId, u.user.id)));
    expect(audited).toHaveLength(2);
  });

  it('refuses a response for another origin, another challenge, no challenge, or an id already registered', async () => {
    const u = await createUser(t, { steppedUp: true });
    const authenticator = new SoftAuthenticator();
    const add = (response: unknown) => post(u.cookie, '/api/auth/mfa/passkeys', { name: 'Key', response });
    // No options asked for: no challenge.
    expect((await add(authenticator.register({ challenge: 'bm90LWdpdmVu' }))).statusCode).toBe(400);
    const phishing = await add(
      authenticator.register(await registrationOptions(u.cookie), { origin: 'https://evil.example' }),
    );
    expect(phishing.statusCode).toBe(400);
    await registrationOptions(u.cookie);
    expect((await add(authenticator.register({ challenge: 'b3RoZXItY2hhbGxlbmdl' }))).statusCode).toBe(400);
    expect(await rowsOf(u.user.id)).toEqual([]);
    expect((await userRow(u.user.id)).mfaEnabled).toBe(false);

    // The same credential for another account.
    const { authenticator: taken } = await addPasskey(await createUser(t, { steppedUp: true }));
    const stolen = await add(taken.register(await registrationOptions(u.cookie)));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: MFA_MESSAGES.passkeyNotAdded });
    expect(await rowsOf(u.user.id)).toEqual([]);
  });

  it('answers malformed input with 400 and a clear message, changing nothing', async () => {
    const u = await createUser(t, { steppedUp: true });
    const response = new SoftAuthenticator().register(await registrationOptions(u.cookie));
    for (const [payload, message] of [
      [{ response }, undefined],
      [{ name: '   ', response }, MFA_MESSAGES.passkeyName],
      [{ name: 'x'.repeat(61), response }, undefined],
      [{ name: 'Key' }, undefined],
      [{ name: 'Key', response: { ...response, type: 'password' } }, undefined],
      [{ name: 'Key', response: { ...response, id: 'not base64url!' } }, 'Not base64url'],
      [{ name: 'Key', response, extra: 1 }, undefined],
    ] as const) {
      const res = await post(u.cookie, '/api/auth/mfa/passkeys', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
      if (message) expect(res.body).toContain(message);
    }
    expect(await rowsOf(u.user.id)).toEqual([]);
    // The challenge was not spent by bad input: the well-formed response still works.
    const ok = await post(u.cookie, '/api/auth/mfa/passkeys', { name: 'Key', response });
    expect(ok.statusCode, ok.body).toBe(201);
    const malformedId = await call(t.app, u.cookie, { method: 'DELETE', url: '/api/auth/mfa/passkeys/not-a-uuid' });
    expect(malformedId.statusCode).toBe(400);
  });
});

describe('sign-in with a passkey', () => {
  it('says a passkey is there; the assertion ends the pending session and starts a full one', async () => {
    const u = await createUser(t, { isAdmin: true, steppedUp: true });
    const { authenticator } = await addPasskey(u);
    const res = await login(u);
    expect(res.json()).toEqual({
      success: true,
      message: MFA_MESSAGES.codeNeeded,
      mfaRequired: true,
      passkey: true,
    });
    const pending = sessionCookie(res);
    const options = await authenticationOptions(pending);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const ok = await verify(pending, { passkey: authenticator.assert(options.challenge) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedIn, user: { email: u.email } });
    const full = sessionCookie(ok);
    expect(full).not.toBe(pending);
    expect((await call(t.app, pending, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    expect((await call(t.app, full, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const [row] = await rowsOf(u.user.id);
    expect(row).toMatchObject({ counter: 1 });
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, another challenge, an old counter, an expired challenge and a foreign origin alike', async () => {
    const u = await createUser(t, { steppedUp: true });
    const { authenticator } = await addPasskey(u);
    const first = await passwordStep(u);
    const { challenge } = await authenticationOptions(first);
    const assertion = authenticator.assert(challenge);
    expect((await verify(first, { passkey: assertion })).statusCode).toBe(200);

    const pending = await passwordStep(u);
    const refusals = [];
    // The same assertion again (its challenge was used), on a new pending session.
    await authenticationOptions(pending);
    refusals.push(await verify(pending, { passkey: assertion }));
    // Signed over a challenge the server never gave.
    await authenticationOptions(pending);
    refusals.push(await verify(pending, { passkey: authenticator.assert('bm90LWdpdmVuLWJ5LXNlcnZlcg') }));
    await unlock(u.user.id);
    // The right challenge, used a second time.
    const used = (await authenticationOptions(pending)).challenge;
    const once = authenticator.assert(used, { origin: 'https://evil.example' });
    refusals.push(await verify(pending, { passkey: once }));
    refusals.push(await verify(pending, { passkey: authenticator.assert(used) }));
    await unlock(u.user.id);
    // A counter that did not move on (a cloned authenticator).
    // The server holds 1, from the sign-in; this one says 1 again.
    const stale = (await authenticationOptions(pending)).challenge;
    authenticator.counter = 0;
    refusals.push(await verify(pending, { passkey: authenticator.assert(stale) }));
    // A challenge older than five minutes.
    authenticator.counter = 10;
    const old = (await authenticationOptions(pending)).challenge;
    t.clock.advanceMinutes(6);
    refusals.push(await verify(pending, { passkey: authenticator.assert(old) }));
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.passkeyFailed });
    }
    // Still waiting for the second factor.
    expect((await call(t.app, pending, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    expect((await rowsOf(u.user.id))[0]).toMatchObject({ counter: 1 });
  });

  it('refuses another account’s passkey the same way as a wrong challenge', async () => {
    const u = await createUser(t, { steppedUp: true });
    const other = await createUser(t, { steppedUp: true });
    const { authenticator: mine } = await addPasskey(u);
    const { authenticator: theirs } = await addPasskey(other);
    const pending = await passwordStep(u);
    const { challenge } = await authenticationOptions(pending);
    const foreign = await verify(pending, { passkey: theirs.assert(challenge) });
    await authenticationOptions(pending);
    const wrongChallenge = await verify(pending, { passkey: mine.assert('d3JvbmctY2hhbGxlbmdl') });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toBe(wrongChallenge.body);
    expect((await passkeyStep(pending, mine)).statusCode).toBe(200);
  });

  it('counts failed assertions towards the same lock as wrong codes', async () => {
    const u = await createUser(t, { steppedUp: true });
    const { authenticator } = await addPasskey(u);
    const pending = await passwordStep(u);
    for (let i = 0; i < 3; i++) {
      await authenticationOptions(pending);
      const res = await verify(pending, { passkey: authenticator.assert(`d3JvbmctJHtpfQ${i}`) });
      expect(res.statusCode).toBe(400);
    }
    // Two wrong recovery codes make five.
    for (const code of ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh']) {
      expect((await verify(pending, { code })).statusCode).toBe(400);
    }
    const locked = await passkeyStep(pending, authenticator);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 400 to options for an account without a passkey, and to a passkey where no factor is set', async () => {
    const u = await createUser(t, { steppedUp: true });
    const res = await post(u.cookie, '/api/auth/mfa/passkeys/authentication-options');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MFA_MESSAGES.noPasskey });
    const assertion = new SoftAuthenticator().assert('c29tZS1jaGFsbGVuZ2U');
    const noFactor = await verify(u.cookie, { passkey: assertion });
    expect(noFactor.statusCode).toBe(400);
    expect(noFactor.json()).toEqual({ message: MFA_MESSAGES.needPassword });
    const both = await verify(u.cookie, { passkey: assertion, password: u.password });
    expect(both.statusCode).toBe(400);
    const bad = await verify(u.cookie, { passkey: { ...assertion, response: { signature: 'x' } } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('step-up with a passkey', () => {
  it('satisfies the step-up; the sign-in’s assertion does not', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const { authenticator } = await addPasskey(admin);
    const member = await createUser(t, { steppedUp: true });
    const filed = await call(t.app, member.cookie, { method: 'POST', url: '/api/reports', payload: fullReport() });
    const id = (filed.json() as { _id: string })._id;
    const revealAs = (session: string) =>
      call(t.app, session, {
        method: 'POST',
        url: `/api/reports/${id}/reveal-ssn`,
        payload: { reason: 'Case review' },
      });

    // Issue 30 (F1): a passkey just added (a stolen session's own authenticator, say) signs in,
    // but cannot step up the reveal until it has been on the account for 15 minutes.
    const early = sessionCookie(await passkeyStep(await passwordStep(admin), authenticator));
    expect((await passkeyStep(early, authenticator)).statusCode).toBe(200);
    const refused = await revealAs(early);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MFA_MESSAGES.newFactor, stepUp: true });
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES);

    const signedIn = await passkeyStep(await passwordStep(admin), authenticator);
    const cookie = sessionCookie(signedIn);
    const reveal = () => revealAs(cookie);
    expect((await reveal()).statusCode).toBe(401);
    // With a factor, the password does not do.
    expect((await verify(cookie, { password: admin.password })).statusCode).toBe(400);
    const up = await passkeyStep(cookie, authenticator);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ message: MFA_MESSAGES.confirmed });
    expect((await reveal()).statusCode).toBe(200);
    // The session was not rotated by a step-up.
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(200);
  });
});

describe('removal and reset', () => {
  const strictApp = blockApp({ ADMIN_MFA: 'required' });

  it('removes one passkey; the last one turns two-factor off with its recovery codes', async () => {
    const u = await createUser(t, { steppedUp: true });
    const first = await addPasskey(u, 'One');
    // Issue 30 (F1): the owner is told of each change to the factors.
    const added = await lastMail(t, u.email);
    expect(added?.subject).toBe('A sign-in factor was added to your account');
    expect(added?.text).toContain('the passkey “One”');
    const second = await addPasskey(u, 'Two');
    const remove = (id: string, cookie = u.cookie) =>
      call(t.app, cookie, { method: 'DELETE', url: `/api/auth/mfa/passkeys/${id}` });
    // Another user cannot remove it, and is told nothing about it.
    const stranger = await createUser(t, { steppedUp: true });
    const foreign = await remove(first.passkey._id, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MFA_MESSAGES.passkeyNotFound });
    expect(await rowsOf(u.user.id)).toHaveLength(2);

    expect((await remove(first.passkey._id)).json()).toEqual({ message: MFA_MESSAGES.passkeyRemoved });
    expect((await userRow(u.user.id)).mfaEnabled).toBe(true);
    // Read by subject: the mail of the adding may share the frozen clock's instant.
    const [removed] = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.to, u.email.toLowerCase()), eq(outbox.subject, 'A sign-in factor was removed from your account')),
      );
    expect(removed?.text).toContain('the passkey “One”');
    expect((await remove(first.passkey._id)).statusCode).toBe(404);
    // Removing a factor is proved with what the account has, as adding one is (issue 30, F1).
    t.clock.advanceMinutes(6);
    const unconfirmed = await remove(second.passkey._id);
    expect(unconfirmed.statusCode).toBe(401);
    expect(unconfirmed.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    expect(await rowsOf(u.user.id)).toHaveLength(1);
    const { challenge } = await authenticationOptions(u.cookie);
    expect((await verify(u.cookie, { passkey: second.authenticator.assert(challenge) })).statusCode).toBe(200);
    // A passkey added minutes ago confirms nothing yet: not even the removal of another.
    expect((await remove(second.passkey._id)).statusCode).toBe(401);
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES);
    const again = await authenticationOptions(u.cookie);
    expect((await verify(u.cookie, { passkey: second.authenticator.assert(again.challenge) })).statusCode).toBe(200);
    expect((await remove(second.passkey._id)).statusCode).toBe(200);
    expect((await userRow(u.user.id)).mfaEnabled).toBe(false);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id))).toEqual([]);
    expect((await login(u)).json()).toMatchObject({ message: AUTH_MESSAGES.loggedIn });
  });

  it('keeps the last factor of an admin under ADMIN_MFA=required (409); with TOTP beside it, the passkey may go', async () => {
    const strict = strictApp();
    const admin = await createUser(strict, { isAdmin: true, steppedUp: true });
    const { passkey } = await addPasskey(admin, 'Only', strict);
    const remove = () =>
      call(strict.app, admin.cookie, { method: 'DELETE', url: `/api/auth/mfa/passkeys/${passkey._id}` });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MFA_MESSAGES.lastFactor });
    expect(await strict.database.db.select().from(passkeys).where(eq(passkeys.userId, admin.user.id))).toHaveLength(1);
    // A passkey alone is a factor: the admin screens are open.
    expect((await call(strict.app, admin.cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);

    // With an authenticator app too, the passkey may go, and the recovery codes stay.
    const setup = await post(admin.cookie, '/api/auth/mfa/totp/setup', undefined, strict);
    const { secret } = setup.json() as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(strict.clock.now().getTime() / 1000) });
    const enable = await post(admin.cookie, '/api/auth/mfa/totp/enable', { code }, strict);
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json()).toEqual({ recoveryCodes: [] });
    // An authenticator app added beside a passkey brings no new recovery codes, and its mail says none.
    const mail = await strict.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, admin.email.toLowerCase()))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail[0]?.text).toContain('an authenticator app');
    expect(mail[0]?.text).not.toContain('recovery codes were made');
    expect((await remove()).statusCode).toBe(200);
    const [row] = await strict.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.mfaEnabled).toBe(true);
    expect(
      await strict.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.user.id)),
    ).toHaveLength(RECOVERY_CODE_COUNT);
    // A member's last factor may go under ADMIN_MFA=required: the rule is the admins'.
    const member = await createUser(strict, { steppedUp: true });
    const only = await addPasskey(member, 'Solo', strict);
    const gone = await call(strict.app, member.cookie, {
      method: 'DELETE',
      url: `/api/auth/mfa/passkeys/${only.passkey._id}`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('lets an admin remove the last passkey where ADMIN_MFA is not required, and says two-factor is off', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const { passkey } = await addPasskey(admin, 'Only');
    const gone = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/auth/mfa/passkeys/${passkey._id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await userRow(admin.user.id)).mfaEnabled).toBe(false);
  });

  it('an admin’s reset removes the passkeys too', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const target = await createUser(t, { steppedUp: true });
    const { authenticator } = await addPasskey(target);
    await addPasskey(target, 'Spare');
    const pending = await passwordStep(target);
    await authenticationOptions(pending);
    const [{ id: pendingId }] = (await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, target.user.id), eq(sessions.mfaPending, true)))) as [{ id: string }];
    expect(
      await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.sessionId, pendingId)),
    ).toHaveLength(1);
    const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${target.user.id}/mfa` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(target.user.id)).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    // The pending session went, and the challenge it was given with it.
    expect((await post(pending, '/api/auth/mfa/passkeys/authentication-options')).statusCode).toBe(401);
    expect((await verify(pending, { passkey: authenticator.assert('c3RhbGU') })).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.sessionId, pendingId)),
    ).toEqual([]);
    const again = await login(target);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.loggedIn, user: { mfaEnabled: false } });
  });
});

describe('who may call the passkey routes', () => {
  it('lets a pending session ask for assertion options and give the assertion, and nothing else', async () => {
    const u = await createUser(t, { isAdmin: true, steppedUp: true });
    const { authenticator, passkey } = await addPasskey(u);
    const pending = await passwordStep(u);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/mfa/passkeys', undefined],
      ['POST', '/api/auth/mfa/passkeys/registration-options', undefined],
      ['POST', '/api/auth/mfa/passkeys', { name: 'Mine now', response: authenticator.register({ challenge: 'eA' }) }],
      ['DELETE', `/api/auth/mfa/passkeys/${passkey._id}`, undefined],
    ] as const) {
      const res = await call(t.app, pending, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.pending, mfaRequired: true });
    }
    expect(await rowsOf(u.user.id)).toHaveLength(1);
    expect((await passkeyStep(pending, authenticator)).statusCode).toBe(200);
    for (const url of [
      '/api/auth/mfa/passkeys/authentication-options',
      '/api/auth/mfa/passkeys/registration-options',
    ]) {
      expect((await post(undefined, url)).statusCode, url).toBe(401);
    }
    const unverified = await createUser(t, { isVerified: false });
    expect((await post(unverified.cookie, '/api/auth/mfa/passkeys/registration-options')).statusCode).toBe(403);
  });
});

describe('what the portal keeps of each passkey change', () => {
  const auditOf = (userId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, userId)));
  const eventsOf = (userId: string, from: number) =>
    t.logs
      .slice(from)
      .map((line) => JSON.parse(line) as { userId?: string; event?: string; factor?: string; msg?: string })
      .filter((line) => line.userId === userId && line.event !== 'login_mfa_pending')
      .map(({ event, factor, msg }) => ({ event, msg, ...(factor ? { factor } : {}) }));

  it('lists, audits, logs and mails adding and removing passkeys; a second passkey keeps the recovery codes', async () => {
    const u = await createUser(t, { steppedUp: true });
    const from = t.logs.length;
    const first = await addPasskey(u, 'Phone');
    expect((await lastMail(t, u.email))?.text).toContain('New recovery codes were made with it.');
    const codes = first.recoveryCodes!;
    const second = await addPasskey(u, 'Key fob');
    expect(second.recoveryCodes).toBeUndefined();
    expect((await lastMail(t, u.email))?.text).not.toContain('recovery codes');

    const listed = await call(t.app, u.cookie, { method: 'GET', url: '/api/auth/mfa/passkeys' });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { name: string }[]).map((p) => p.name).sort()).toEqual(['Key fob', 'Phone']);

    expect(await auditOf(u.user.id, 'user.mfa_enable')).toEqual([
      expect.objectContaining({ actorId: u.user.id, targetType: 'user', targetId: u.user.id }),
    ]);
    expect(await auditOf(u.user.id, 'user.passkey_add')).toEqual([
      expect.objectContaining({ targetType: 'user', details: { passkeyId: first.passkey._id } }),
      expect.objectContaining({ targetType: 'user', details: { passkeyId: second.passkey._id } }),
    ]);

    const remove = (id: string) => call(t.app, u.cookie, { method: 'DELETE', url: `/api/auth/mfa/passkeys/${id}` });
    expect((await remove(first.passkey._id)).statusCode).toBe(200);
    expect((await lastMail(t, u.email))?.text).not.toContain('Two-factor sign-in is now off.');
    // The codes given with the first passkey still open the account.
    t.clock.advanceMinutes(NEW_FACTOR_HOLD_MINUTES);
    const pending = await passwordStep(u);
    const byCode = await verify(pending, { code: codes[0]! });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const full = sessionCookie(byCode);
    const { challenge } = await authenticationOptions(full);
    expect((await verify(full, { passkey: second.authenticator.assert(challenge) })).statusCode).toBe(200);
    expect(
      (await call(t.app, full, { method: 'DELETE', url: `/api/auth/mfa/passkeys/${second.passkey._id}` })).statusCode,
    ).toBe(200);
    expect((await lastMail(t, u.email))?.text).toContain('Two-factor sign-in is now off.');
    expect(await auditOf(u.user.id, 'user.passkey_remove')).toEqual([
      expect.objectContaining({ targetType: 'user', details: { passkeyId: first.passkey._id, lastFactor: false } }),
      expect.objectContaining({ targetType: 'user', details: { passkeyId: second.passkey._id, lastFactor: true } }),
    ]);

    expect(eventsOf(u.user.id, from)).toEqual(
      expect.arrayContaining([
        { event: 'passkey_added', msg: 'passkey added' },
        { event: 'passkey_removed', msg: 'passkey removed' },
      ]),
    );
  });

  it('logs a sign-in by passkey as such', async () => {
    const u = await createUser(t, { steppedUp: true });
    const { authenticator } = await addPasskey(u);
    const from = t.logs.length;
    expect((await passkeyStep(await passwordStep(u), authenticator)).statusCode).toBe(200);
    expect(eventsOf(u.user.id, from)).toEqual([{ event: 'login_ok', msg: 'signed in', factor: 'passkey' }]);
  });
});
