import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { emailThrottles, outbox } from '../../src/db/schema';
import {
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  loginRequest,
  signupRequest,
  lastMail,
  registerCertificate,
  type TestApp,
  uniqueEmail,
} from '../harness';

/**
 * Issues 3 and 12 (M5): no account enumeration. Login, sign-up and forgot-password answer an
 * existing and an unknown e-mail with the same statuses and byte-identical bodies, through the
 * lockout and the sign-up refusal. That they take the same time is measured by `npm run bench`
 * (test/timing/enumeration.timing.ts): a time is no test's to assert on a shared machine (issue 36).
 */

/** Everything of an answer a client can see, but its date and request id. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  contentType: res.headers['content-type'],
  retryAfter: res.headers['retry-after'],
  setCookie: res.headers['set-cookie'],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => loginRequest(t, email, password);
const signup = (email: string, certificateNo: string) => signupRequest(t, email, certificateNo);
const mailsTo = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.to, email)))[0]!.n;

describe('no account enumeration', () => {
  it('eleven wrong passwords: the same statuses, bytes and Retry-After for an account and an unknown e-mail', async () => {
    const { email: known } = await createUser(t);
    const unknown = uniqueEmail('nobody');
    const run = async (email: string) => {
      const answers = [];
      for (let i = 1; i <= 11; i++) answers.push(seen(await login(email, `Wrong-Guess-${i}-x`)));
      return answers;
    };
    const forKnown = await run(known);
    const forUnknown = await run(unknown);
    expect(forKnown.map((a) => a.status)).toEqual([...Array<number>(10).fill(401), 429]);
    expect(forKnown[10]!.retryAfter).toBe(String(15 * 60));
    expect(forUnknown).toEqual(forKnown);

    // Locked, the right password changes nothing for the account either.
    expect(seen(await login(known, GOOD_PASSWORD))).toEqual(seen(await login(unknown, GOOD_PASSWORD)));
  });

  it('sign-up with a wrong certificate number: the same answer for a registered e-mail and an unknown one', async () => {
    const { email: member } = await createUser(t);
    // A holder who signed up with the right number (which the prober may also know).
    const holder = uniqueEmail('holder');
    const holderNo = await registerCertificate(t, holder);
    expect((await signup(holder, holderNo)).statusCode).toBe(201);
    const unknown = uniqueEmail('nobody');

    const reference = seen(await signup(unknown, 'CRA-WRONG-1'));
    expect(reference.status).toBe(400);
    expect(seen(await signup(member, 'CRA-WRONG-1'))).toEqual(reference);
    expect(seen(await signup(member.toUpperCase(), 'CRA-T'))).toEqual(reference);
    expect(seen(await signup(holder, 'CRA-WRONG-1'))).toEqual(reference);
    expect(seen(await signup(holder, holderNo))).toEqual(reference);

    // The owner hears of it; nothing is written for an address without an account.
    const notice = await lastMail(t, member);
    expect(notice?.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice?.text).toContain(`${t.config.appUrl}/forgot-password`);
    expect(notice?.text).not.toContain('Eve Prober');
    expect(await mailsTo(unknown)).toBe(0);
  });

  it('an unknown e-mail is locked like an account, and its address is not stored in clear', async () => {
    const unknown = uniqueEmail('Nobody');
    for (let i = 1; i <= 10; i++) expect((await login(unknown, `Wrong-Guess-${i}-x`)).statusCode).toBe(401);
    // Keyed by the normalised address: another spelling of it is locked too.
    const locked = await login(`  ${unknown.toUpperCase()} `, 'Wrong-Guess-11-x');
    expect(locked.statusCode).toBe(429);
    t.clock.advanceMinutes(15.1);
    expect((await login(unknown, 'Wrong-Guess-12-x')).statusCode).toBe(401);

    const rows = await t.database.db.select().from(emailThrottles);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(unknown.toLowerCase());
  });

  it('forgot-password: the same status and bytes for an existing and an unknown e-mail', async () => {
    const { email: known } = await createUser(t);
    const send = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const a = await send(known);
    const b = await send(uniqueEmail('nobody'));
    expect(a.statusCode).toBe(200);
    expect(seen(b)).toEqual(seen(a));
    expect(await mailsTo(known)).toBe(1);
  });
});
