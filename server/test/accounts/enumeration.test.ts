import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { outbox, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { createTestApp, createUser, GOOD_PASSWORD, type TestApp, uniqueEmail } from '../harness';

/**
 * Issue 3: no account enumeration. Same status and byte-identical bodies for an existing and an
 * unknown e-mail, and no measurable time difference: the median over 200 interleaved requests
 * differs by less than 5 ms. A measurement on a shared machine can be disturbed by other work,
 * so a failing measurement is repeated a bounded number of times before the test fails.
 */

const SAMPLES = 200;
const MAX_MEDIAN_DIFFERENCE_MS = 5;
const MEASUREMENTS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

describe('no account enumeration', () => {
  it('login: same status, same bytes and the same time for an existing and an unknown e-mail', async () => {
    // Several accounts, so that none of them reaches the lockout during the measurement.
    const accounts = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    let next = 0;
    const known = () => accounts[next++ % accounts.length]!.email;
    const send: Send = (email, i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `Wrong-Guess-${i}-x` } });

    const a = await send(known(), 0);
    const b = await send(uniqueEmail('nobody'), 0);
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.headers['set-cookie']).toEqual(a.headers['set-cookie']);

    // A success clears the failure count between rounds; here every account sees few failures.
    expect(await medianDifference('login', known, send)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  }, 300_000);

  it('forgot-password: same status, same bytes and the same time for an existing and an unknown e-mail', async () => {
    // Each account gets at most 3 links an hour; enough accounts that every known request mails.
    const passwordHash = await hashPassword(GOOD_PASSWORD);
    const accounts = await t.database.db
      .insert(users)
      .values(Array.from({ length: 120 }, () => ({ email: uniqueEmail('known'), name: 'K', passwordHash })))
      .returning({ email: users.email });
    let next = 0;
    const known = () => accounts[next++ % accounts.length]!.email;
    const send: Send = (email) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const a = await send(known(), 0);
    const b = await send(uniqueEmail('nobody'), 0);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.headers['set-cookie']).toEqual(a.headers['set-cookie']);

    expect(await medianDifference('forgot-password', known, send)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
    // The known accounts were really mailed (the measurement compared real work).
    const [mailed] = await t.database.db.select({ n: count() }).from(outbox);
    expect(mailed!.n).toBeGreaterThanOrEqual(SAMPLES / 2);
  }, 300_000);
});
