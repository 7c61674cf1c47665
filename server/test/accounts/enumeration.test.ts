import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { emailThrottles, outbox, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import {
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  registerCertificate,
  type TestApp,
  uniqueEmail,
} from '../harness';

/**
 * Issues 3 and 12 (M5): no account enumeration. Login, sign-up and forgot-password answer an
 * existing and an unknown e-mail with the same statuses and byte-identical bodies, through the
 * lockout and the sign-up refusal, and with no measurable time difference: the median over 200
 * interleaved requests differs by less than 5 ms. A measurement on a shared machine can be
 * disturbed by other work, so a failing measurement is repeated a bounded number of times
 * before the test fails.
 */

const SAMPLES = 200;
const MAX_MEDIAN_DIFFERENCE_MS = 5;
const MEASUREMENTS = 3;

let t: TestApp;
beforeAll(async () => {
  // The production cost: a cheap hash would hide a missing dummy check under the 5 ms.
  t = await createTestApp({ PASSWORD_HASH_COST: 'owasp' });
});
afterAll(() => t.close());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

type Send = (email: string, i: number) => Promise<LightMyRequestResponse>;

/** Interleaves known and unknown requests (alternating which goes first) and compares medians. */
async function measure(known: () => string, send: Send) {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < SAMPLES / 2; i++) {
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      const email = which === 'known' ? known() : uniqueEmail('nobody');
      const start = process.hrtime.bigint();
      await send(email, i);
      times[which].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

async function medianDifference(label: string, known: () => string, send: Send) {
  let last = { known: 0, unknown: 0 };
  for (let attempt = 1; attempt <= MEASUREMENTS; attempt++) {
    last = await measure(known, send);
    const difference = Math.abs(last.known - last.unknown);
    console.info(
      `${label}: median known ${last.known.toFixed(2)} ms, unknown ${last.unknown.toFixed(2)} ms, ` +
        `difference ${difference.toFixed(2)} ms (measurement ${attempt})`,
    );
    if (difference < MAX_MEDIAN_DIFFERENCE_MS) return difference;
  }
  return Math.abs(last.known - last.unknown);
}

/** Everything of an answer a client can see, but its date and request id. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  contentType: res.headers['content-type'],
  retryAfter: res.headers['retry-after'],
  setCookie: res.headers['set-cookie'],
});

/** Many accounts sharing one password hash: known e-mails that are cheap to make. */
async function manyAccounts(n: number) {
  const passwordHash = await hashPassword(GOOD_PASSWORD);
  // The measurements mean something only at the production cost (see beforeAll).
  expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, () => ({ email: uniqueEmail('known'), name: 'K', passwordHash })))
    .returning({ email: users.email });
  let next = 0;
  return () => rows[next++ % rows.length]!.email;
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const signup = (email: string, certificateNo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Eve Prober', email, certificateNo, password: GOOD_PASSWORD },
  });
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

  it('login: the same time for an existing and an unknown e-mail', async () => {
    // Enough accounts that none of them reaches the lockout during the measurements.
    const known = await manyAccounts(120);
    const send: Send = (email, i) => login(email, `Wrong-Guess-${i}-x`);
    expect(await medianDifference('login', known, send)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  }, 300_000);

  it('sign-up: the same time for an existing and an unknown e-mail', async () => {
    const known = await manyAccounts(120);
    const send: Send = (email, i) => signup(email, `CRA-WRONG-${i}`);
    expect(await medianDifference('sign-up', known, send)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  }, 300_000);

  it('forgot-password: same status, same bytes and the same time for an existing and an unknown e-mail', async () => {
    // Each account gets at most 3 links an hour; enough accounts that every known request mails.
    const known = await manyAccounts(120);
    const send: Send = (email) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const a = await send(known(), 0);
    const b = await send(uniqueEmail('nobody'), 0);
    expect(a.statusCode).toBe(200);
    expect(seen(b)).toEqual(seen(a));

    const before = (await t.database.db.select({ n: count() }).from(outbox))[0]!.n;
    expect(await medianDifference('forgot-password', known, send)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
    // The known accounts were really mailed (the measurement compared real work).
    const after = (await t.database.db.select({ n: count() }).from(outbox))[0]!.n;
    expect(after - before).toBeGreaterThanOrEqual(SAMPLES / 2);
  }, 300_000);
});
