import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema';
import { call, createTestApp, createUser, driver, type TestApp } from '../../test/harness';
import { TEST_REDIS_URL as REDIS_URL } from '../../test/redis';
import { multipart, png } from '../../test/uploads';
import { connectRedis, pgHitCounter } from './limits';

/**
 * Issue 14: two instances behind one address enforce the same limits as one. Every throttle is
 * counted in the database (or Redis), so requests split between two apps on one database count
 * together.
 */
const LOGINS_PER_IP = 30;

/** A client address of this test run alone (the Redis variant shares Redis with other runs). */
const someAddress = () => `203.0.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
const badLogin = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    // A different unknown address each time: the per-account lock never comes into it.
    payload: { email: `nobody.${crypto.randomUUID()}@example.org`, password: 'Wrong-Password-1' },
  });

/** Sends LOGINS_PER_IP failed logins from one address, alternating between the apps. */
async function useUpLogins(apps: TestApp[], address: string) {
  for (let i = 0; i < LOGINS_PER_IP; i++) {
    const res = await badLogin(apps[i % apps.length]!, address);
    expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
  }
}

describe(`two instances on one database (${driver})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Instances on one database share PII_KEY (docs/operations.md), and with it the keyed hashes of addresses.
    const env = { UPLOAD_RATE_LIMIT: '3', VERIFY_RATE_LIMIT: '4', PII_KEY: crypto.randomBytes(32).toString('base64') };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('count one address’s logins together: the one past the limit is refused on both', async () => {
    const address = someAddress();
    await useUpLogins([a, b], address);
    for (const t of [a, b]) {
      const refused = await badLogin(t, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await badLogin(b, someAddress())).statusCode).toBe(401);
    // The counter is a row in the database, under the route and the address.
    const [row] = await a.database.db
      .select()
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} = ${`POST /api/auth/login|${address}`}`);
    expect(row?.hits).toBeGreaterThan(LOGINS_PER_IP);
  });

  it('count a large limit in leased blocks, and never allow more than the limit across both', async () => {
    const [one, two] = [pgHitCounter(a.database.db), pgHitCounter(b.database.db)];
    const max = 200; // blocks of 10
    const key = `lease|${crypto.randomUUID()}`;
    const hitsInRow = async () =>
      (
        await a.database.db
          .select()
          .from(rateLimitHits)
          .where(sql`${rateLimitHits.key} = ${key}`)
      )[0]?.hits;
    // One write counts ten places; the next nine are handed out without one.
    expect((await one.hit(key, 60_000, max, true)).current).toBe(1);
    expect(await hitsInRow()).toBe(10);
    for (let i = 2; i <= 10; i++) expect((await one.hit(key, 60_000, max, true)).current).toBe(i);
    expect(await hitsInRow()).toBe(10);
    // Both instances together, interleaved: every allowed place is handed out once.
    const allowed = new Set<number>([...Array(10).keys()].map((i) => i + 1));
    for (let i = 0; i < 300; i++) {
      const hit = await (i % 3 ? one : two).hit(key, 60_000, max, true);
      if (hit.current > max) continue;
      expect(allowed.has(hit.current), `place ${hit.current} handed out twice`).toBe(false);
      allowed.add(hit.current);
    }
    expect(allowed.size).toBeLessThanOrEqual(max);
    // At most a block per instance is lost to leases the other could not use.
    expect(allowed.size).toBeGreaterThanOrEqual(max - 2 * 9);
    // Fifty requests at once on a fresh window wait for one block, rather than each counting one.
    const burst = `lease|${crypto.randomUUID()}`;
    const places = await Promise.all(Array.from({ length: 50 }, () => one.hit(burst, 60_000, 1000, true)));
    expect(new Set(places.map((p) => p.current)).size).toBe(50);
    expect(Math.max(...places.map((p) => p.current))).toBe(50);
    // A bare count (the per-account lock) is never leased: each hit is written.
    const counted = `count|${crypto.randomUUID()}`;
    await one.hit(counted, 60_000, Number.MAX_SAFE_INTEGER);
    expect((await two.hit(counted, 60_000, Number.MAX_SAFE_INTEGER)).current).toBe(2);
  });

  it('count the limits of the other auth routes together too', async () => {
    const address = someAddress();
    const forgot = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: address,
        payload: { email: `nobody.${crypto.randomUUID()}@example.org` },
      });
    for (let i = 0; i < 10; i++) expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await forgot(a)).statusCode).toBe(429);
    expect((await forgot(b)).statusCode).toBe(429);
  });

  it('count the public verification page per address across both', async () => {
    const address = someAddress();
    const view = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: `/api/verify/${crypto.randomUUID()}`, remoteAddress: address });
    for (let i = 0; i < 4; i++) expect((await view(i % 2 ? a : b)).statusCode).toBe(404);
    expect((await view(a)).statusCode).toBe(429);
    expect((await view(b)).statusCode).toBe(429);
  });

  it('count a member’s uploads per hour across both', async () => {
    const member = await createUser(a);
    const upload = (t: TestApp) =>
      png().then((data) =>
        call(t.app, member.cookie, {
          method: 'POST',
          url: '/api/upload',
          ...multipart({ field: 'image', filename: 'p.png', contentType: 'image/png', data }),
        }),
      );
    expect((await upload(a)).statusCode).toBe(201);
    expect((await upload(b)).statusCode).toBe(201);
    expect((await upload(a)).statusCode).toBe(201);
    expect((await upload(b)).statusCode).toBe(429);
    expect((await upload(a)).statusCode).toBe(429);
  });

  it('start a new window once the old one has ended', async () => {
    const address = someAddress();
    await useUpLogins([a, b], address);
    expect((await badLogin(a, address)).statusCode).toBe(429);
    // The window ends (as it would after 5 minutes); the next attempt counts as the first.
    await a.database.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimitHits.key} = ${`POST /api/auth/login|${address}`}`);
    // The app that refused last remembers the refusal only until the window it was told of ends.
    expect((await badLogin(b, address)).statusCode).toBe(401);
    const [row] = await a.database.db
      .select()
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} = ${`POST /api/auth/login|${address}`}`);
    expect(row?.hits).toBe(1);
  });

  it('purge counters whose window has ended, and keep the others', async () => {
    const db = a.database.db;
    await db.insert(rateLimitHits).values([
      { key: 'test|ended', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'test|live', hits: 3, resetAt: sql`now() + interval '1 minute'` },
    ]);
    expect(await a.app.limits.purge()).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    expect(keys).toContain('test|live');
    expect(keys).not.toContain('test|ended');
  });
});

describe('two instances sharing Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL }, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.disconnect();
  });

  it('count one address’s logins together in Redis, not in the database', async () => {
    expect(a.app.limits.driver).toBe('redis');
    const address = someAddress();
    await useUpLogins([a, b], address);
    expect((await badLogin(a, address)).statusCode).toBe(429);
    expect((await badLogin(b, address)).statusCode).toBe(429);
    const keys = await redis.keys(`portal-rl:*${address}`);
    expect(keys).toEqual([`portal-rl:POST/api/auth/login-${address}`]);
    expect(Number(await redis.get(keys[0]!))).toBeGreaterThan(LOGINS_PER_IP);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
    expect(await a.database.db.select().from(rateLimitHits)).toEqual([]);
  });

  it('refuses to start, in one line, when Redis does not answer', async () => {
    await expect(connectRedis('redis://127.0.0.1:1')).rejects.toThrow(
      /^Redis at 127\.0\.0\.1:1 \(REDIS_URL\) is not reachable: .*ECONNREFUSED/,
    );
  });
});
