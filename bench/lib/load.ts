import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  method?: autocannon.Request['method'];
  body?: string | Buffer;
  /** Requests per completed unit of work (2 when a sequence of two is one operation). */
  perOp?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export const settings = {
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  warmupS: Number(process.env.BENCH_WARMUP ?? 3),
  runs: Number(process.env.BENCH_RUNS ?? 3),
};

/** One run of `duration` seconds. */
export function once(opts: LoadOptions, duration: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration,
        // autocannon refuses keys present with an undefined value.
        ...(opts.headers ? { headers: opts.headers } : {}),
        ...(opts.method ? { method: opts.method } : {}),
        ...(opts.body ? { body: opts.body } : {}),
        ...(opts.requests ? { requests: opts.requests } : {}),
      },
      (err, r) => {
        if (err) return reject(err);
        const perOp = opts.perOp ?? 1;
        resolve({
          rps: r.requests.average / perOp,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
          requests: r.requests.total,
        });
      },
    );
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** A warm-up, then `runs` measured runs; answers the run with the median req/s (errors summed). */
export async function measure(opts: LoadOptions): Promise<LoadResult> {
  if (settings.warmupS > 0) await once(opts, settings.warmupS);
  const results: LoadResult[] = [];
  for (let i = 0; i < settings.runs; i++) results.push(await once(opts, settings.durationS));
  const mid = median(results.map((r) => r.rps));
  const chosen = results.find((r) => r.rps === mid)!;
  return {
    ...chosen,
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

/**
 * Latency percentiles of a closed loop: `concurrency` clients, each sending the next request
 * when the last one is answered, over `durationS`, the path changing per request.
 */
export async function latencyLoop(
  base: string,
  paths: string[],
  { concurrency, durationS, headers }: { concurrency: number; durationS: number; headers: Record<string, string> },
): Promise<{ p50: number; p95: number; p99: number; n: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + durationS * 1000;
  const one = (path: string) =>
    new Promise<number>((resolve) => {
      const t0 = performance.now();
      const req = http.get(`${base}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1));
      });
      req.on('error', () => resolve(-1));
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const ms = await one(paths[i++ % paths.length]!);
        if (ms < 0) errors++;
        else times.push(ms);
      }
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: times.length, errors };
}
