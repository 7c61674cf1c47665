import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROBE = path.join(ROOT, 'bench/probe.mjs');

export interface Proc {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resident set size now, in MB (from /proc). */
  rssMb(): number;
  /** Event-loop utilisation and CPU time between start() and the promise's end. */
  probe<T>(during: () => Promise<T>): Promise<{ result: T; utilization: number; activeMs: number; cpuMs: number }>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; answers the milliseconds that took. */
export async function waitFor200(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Every process the bench started, killed if the bench itself dies. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/** What an interrupted bench must still undo (throw-away databases and folders). */
const undo = new Set<() => unknown>();

/** Registers `fn` to run if the bench is interrupted (Ctrl-C); answers a function that unregisters it. */
export function onInterrupt(fn: () => unknown): () => void {
  undo.add(fn);
  return () => undo.delete(fn);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing the bench's data`);
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    void Promise.allSettled([...undo].map(async (fn) => fn())).then(() => process.exit(130));
  });
}

function wrap(child: ChildProcess, port: number, stderr: () => string): Proc {
  started.add(child);
  const ask = (msg: object, reply: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const on = (m: { probe?: string }) => {
        if (m?.probe !== reply) return;
        child.off('message', on);
        resolve(m as Record<string, number>);
      };
      child.on('message', on);
      child.send(msg);
    });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    rssMb: () => rssOf(child.pid!),
    async probe(during) {
      await ask({ probe: 'start' }, 'started');
      const result = await during();
      const m = await ask({ probe: 'stop' }, 'stopped');
      return { result, utilization: m.utilization!, activeMs: m.activeMs!, cpuMs: m.cpuMs! };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      if (child.exitCode !== 0 && child.signalCode === null && process.env.BENCH_VERBOSE) {
        console.error(stderr());
      }
    },
  };
}

/**
 * The Node flags `npm start` gives the server (server/package.json's start script: the V8 pool,
 * the young generation and a GC after start, for idle memory, decision 0026), so the bench
 * measures the process that `npm start` runs.
 */
export const SERVER_NODE_FLAGS = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'server/package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

/** Starts the built portal server (server/dist/main.js) with `npm start`'s flags and the probe preloaded. */
export async function startPortal(env: Record<string, string>): Promise<Proc & { startMs: number }> {
  const port = await freePort();
  let err = '';
  const t0 = performance.now();
  // BENCH_PORTAL_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_PORTAL_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', PROBE, path.join(ROOT, 'server/dist/main.js')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      // The bench loads the public verification page from one address: no per-address limit.
      VERIFY_RATE_LIMIT: '1000000000',
      // One bench member files thousands of reports with images: no per-user upload allowance either
      // (UPLOAD_RATE_LIMIT is 60 an hour by default, and the 429s counted as errors).
      UPLOAD_RATE_LIMIT: '1000000000',
      UPLOAD_DAILY_MB: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  let startMs: number;
  try {
    await waitFor200(`http://127.0.0.1:${port}/healthz`, child);
    startMs = performance.now() - t0;
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${err}`);
  }
  return { ...wrap(child, port, () => err), startMs };
}

/** Starts one of the bare limit servers in bench/limits; it prints its port. */
export async function startLimit(file: string, args: string[] = []): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', PROBE, path.join(ROOT, 'bench/limits', file), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return wrap(child, port, () => '');
}
