import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Tx } from '../db/client';
import { addHits, deleteEndedWindows, type Hit, readWindow } from '../db/rate-limits';

/** How often (at most) a process removes counters whose window has ended. */
const PURGE_EVERY_MS = 60_000;
/** Rows removed by one purge; the next one takes the rest. */
const PURGE_BATCH = 1000;
/** Keys this process remembers as over their limit (refused without asking the database). */
const MAX_REMEMBERED = 10_000;
/**
 * A process reserves at most this share of a window's allowance at a time (decision 0011,
 * amendment of 2026-11-26): a limit of 60 still costs a write per hit, one of 6,000 a write per
 * 300 hits.
 */
const LEASE_SHARE = 20;

export type { Hit };

/**
 * Fixed-window counters in the `rate_limit_hits` table (decision 0011), shared by every server
 * process on the database. One statement counts hits: an upsert that adds them, or starts a new
 * window when the row's has ended, and answers the count and the time left. Times are the
 * database's, so instances whose clocks differ still agree on the window.
 *
 * Where a limit is large, a process counts a block of hits at once (a lease: 1/LEASE_SHARE of the
 * limit) and hands out the block's places one per request, without a write. Every place is taken
 * from the shared count before it is used, so the instances together never allow more than the
 * limit; places a process leased but did not use are lost with the window (stricter, never
 * looser).
 */
export function pgHitCounter(db: Tx, log?: FastifyBaseLogger) {
  let lastPurge = 0;
  /** Keys over their limit, until their window ends: a flood of refused requests costs no write. */
  const over = new Map<string, number>();
  /** Places of a window this process has counted and not yet handed out, per key. */
  const leases = new Map<string, { next: number; last: number; resetAt: number }>();
  /** Blocks being counted now, per key. */
  const claims = new Map<string, Promise<void>>();

  const purge = () => deleteEndedWindows(db, PURGE_BATCH);

  function maybePurge() {
    const now = Date.now();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    purge().catch((err: unknown) => log?.warn({ err }, 'could not purge ended rate-limit windows'));
    for (const [key, until] of over) if (until <= now) over.delete(key);
    for (const [key, lease] of leases) if (lease.resetAt <= now) leases.delete(key);
  }

  /** `lease`: places may be counted in blocks (a limit counted by @fastify/rate-limit, not a bare count). */
  async function hit(key: string, windowMs: number, max: number, lease = false): Promise<Hit> {
    const until = over.get(key);
    if (until !== undefined) {
      const left = until - Date.now();
      if (left > 0) return { current: max + 1, ttl: left };
      over.delete(key);
    }
    if (lease) {
      // Requests that arrive while this process counts a block wait for it, rather than each
      // counting a block of its own.
      for (let fromLease = fromLeaseOf(key); ; fromLease = fromLeaseOf(key)) {
        if (fromLease) return fromLease;
        const counting = claims.get(key);
        if (!counting) break;
        await counting;
      }
      const claim = count(key, windowMs, max, Math.max(1, Math.floor(max / LEASE_SHARE)));
      const done = claim.then(
        () => undefined,
        () => undefined,
      );
      claims.set(key, done);
      void done.then(() => claims.get(key) === done && claims.delete(key));
      return claim;
    }
    return count(key, windowMs, max, 1);
  }

  /** The next place of this process's lease on the key's window, if it holds one. */
  function fromLeaseOf(key: string): Hit | undefined {
    const held = leases.get(key);
    if (!held) return undefined;
    const left = held.resetAt - Date.now();
    if (left <= 0 || held.next > held.last) {
      leases.delete(key);
      return undefined;
    }
    const current = held.next++;
    return { current, ttl: left };
  }

  /** Counts `block` places in the shared row; the request takes the first. */
  async function count(key: string, windowMs: number, max: number, block: number): Promise<Hit> {
    const { current: counted, ttl } = await addHits(db, key, windowMs, block);
    // This request takes the block's first place; the others are this process's to hand out.
    const result = { current: counted - block + 1, ttl };
    const last = Math.min(counted, max);
    if (result.current < last && leases.size < MAX_REMEMBERED) {
      leases.set(key, { next: result.current + 1, last, resetAt: Date.now() + result.ttl });
    }
    if (result.current > max && over.size < MAX_REMEMBERED) over.set(key, Date.now() + result.ttl);
    maybePurge();
    return result;
  }

  /** The current window of a key, if one is running (counts nothing). */
  const peek = (key: string) => readWindow(db, key);

  return { hit, peek, purge };
}

/**
 * Counts a hit in Redis: INCR, and the window's expiry set by the first hit (one round trip,
 * atomic, so instances that count together agree).
 */
const REDIS_HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

type HitCounter = ReturnType<typeof pgHitCounter>;

/** The name a limit's counters are kept under: its route, or the limiter's own name. */
function scopeOf(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): string {
  const info = routeOptions.routeInfo;
  if (!info?.url) return 'limiter';
  return `${[info.method].flat().join(',')} ${info.url}`;
}

/** A @fastify/rate-limit store class over a shared counter. */
export function pgRateLimitStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  class PgStore implements FastifyRateLimitStore {
    constructor(private readonly scope = 'global') {}
    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number, max: number) {
      counter.hit(`${this.scope}|${key}`, timeWindow, max, true).then(
        (hit) => callback(null, hit),
        (err: unknown) => callback(err as Error),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new PgStore(scopeOf(routeOptions as never));
    }
  }
  return PgStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Connects to REDIS_URL, or throws one line saying why not. ioredis is loaded here, so a server
 * counting its limits in PostgreSQL never holds it (issue 14).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    // A request never waits for Redis to come back: it fails at once (503) while Redis is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const where = (() => {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 6379}`;
  })();
  // The socket's own error (ECONNREFUSED, a bad password) says more than connect()'s.
  let cause: Error | undefined;
  const remember = (err: Error) => (cause ??= err);
  redis.on('error', remember);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Redis at ${where} (REDIS_URL) is not reachable: ${(cause ?? (err as Error)).message}`);
  } finally {
    redis.off('error', remember);
  }
  return redis;
}

/**
 * @fastify/rate-limit with its counters where every instance sees them (issue 14): in Redis when
 * REDIS_URL is set (the plugin's own Redis store), otherwise in PostgreSQL. No limit is ever
 * counted in one process's memory. When the store cannot answer, the request is refused (503)
 * rather than let through uncounted.
 */
export default fp(
  async (app: FastifyInstance, opts: { redis?: Redis }) => {
    if (opts.redis || app.config.redisUrl) {
      const redis = opts.redis ?? (await connectRedis(app.config.redisUrl!));
      let warned = 0;
      redis.on('error', (err: Error) => {
        // ioredis reconnects by itself; one line a minute is enough to say it is away.
        if (Date.now() - warned < 60_000) return;
        warned = Date.now();
        app.log.warn({ err: err.message }, 'Redis (rate limits) is not answering');
      });
      if (!opts.redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
      await app.register(rateLimit, { global: false, redis, nameSpace: 'portal-rl:' });
      const named = (key: string) => `portal-count:${key}`;
      app.decorate('limits', {
        driver: 'redis' as const,
        purge: async () => 0,
        async count(key: string, windowMs: number) {
          const [current, ttl] = (await redis.eval(REDIS_HIT, 1, named(key), windowMs)) as [number, number];
          return { current, ttl: Math.max(0, ttl) };
        },
        async peek(key: string) {
          const [current, ttl] = await Promise.all([redis.get(named(key)), redis.pttl(named(key))]);
          return current !== null && ttl > 0 ? { current: Number(current), ttl } : undefined;
        },
      });
      return;
    }
    const counter = pgHitCounter(app.db, app.log);
    await app.register(rateLimit, { global: false, store: pgRateLimitStore(counter) });
    app.decorate('limits', {
      driver: 'postgres' as const,
      purge: counter.purge,
      count: (key: string, windowMs: number) => counter.hit(`count|${key}`, windowMs, Number.MAX_SAFE_INTEGER),
      peek: (key: string) => counter.peek(`count|${key}`),
    });
  },
  { name: 'limits', dependencies: ['config', 'db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      driver: 'postgres' | 'redis';
      /** Removes counters whose window has ended (PostgreSQL; Redis expires its keys itself). */
      purge(): Promise<number>;
      /**
       * Counts one event under `key` in a fixed window of `windowMs` that the first event starts,
       * shared by every instance (issue 19: wrong second-factor codes). Answers the count so far.
       */
      count(key: string, windowMs: number): Promise<Hit>;
      /** The running window of `key`, if any, without counting. */
      peek(key: string): Promise<Hit | undefined>;
    };
  }
}
