/**
 * The resilience suite drives the built server (server/dist/main.js) as a real process: it is
 * loaded, killed, and has its database restarted under it. These helpers start it, read its
 * logs, and give each test its own database (a throw-away PostgreSQL database, or a PGlite
 * data directory) that the test can open itself once the server is gone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(ROOT, 'server/dist/main.js');

export const ADMIN = { email: 'resilience.admin@example.org', password: 'Resilience-Admin-Pass-7' };
export const PG_URL = process.env.TEST_DATABASE_URL;

/** A database and data directory for one test; the server may be started on it many times. */
export interface Target {
  driver: 'pglite' | 'postgres';
  dataDir: string;
  env: Record<string, string>;
  /** Opens the database directly (for PGlite, only while no server holds it). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function newTarget(driver: 'pglite' | 'postgres'): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-resilience-'));
  if (driver === 'pglite') {
    return {
      driver,
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, 'db'), { migrate: false }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_r_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    driver,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), { migrate: false }),
    remove: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every log line the process has written so far (pino JSON). */
  logs: string[];
  /** Resolves with the first log line matching `pattern`. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, and SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the built server on `target`, with an administrator, and waits for /healthz. */
export async function startServer(target: Target, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      // The system picks a free port; the server logs the address it listens on.
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: 'http://127.0.0.1',
      DEMO_DATA: 'off',
      SIGNUP_POLICY: 'open',
      // Each request names its own client address, as the one trusted proxy would, so the
      // per-IP limits apply only where a test means them to (the login hammering sends none).
      TRUST_PROXY: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      ...target.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const logs: string[] = [];
  const watchers = new Set<(line: string) => void>();
  let partial = '';
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      for (const watch of watchers) watch(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);

  let url = '';
  const proc: ServerProcess = {
    child,
    get url() {
      return url;
    },
    logs,
    waitForLog(pattern, timeoutMs = 30_000) {
      const seen = logs.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        const watch = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(line);
        };
        watchers.add(watch);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  // The first line that names the address, or the exit if the server dies before it listens.
  const listening = await Promise.race([
    proc.waitForLog(/listening at http:\/\/127\.0\.0\.1:\d+/, 60_000).catch((err: Error) => err),
    exited.then(() => new Error(`server exited (${child.exitCode})`)),
  ]);
  const address = typeof listening === 'string' ? /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)?.[1] : undefined;
  const healthy = address ? (await fetch(`${address}/healthz`).catch(() => undefined))?.status === 200 : false;
  if (!address || !healthy) {
    await proc.kill();
    const reason = listening instanceof Error ? listening.message : '/healthz did not answer 200';
    throw new Error(`${reason}:\n${logs.slice(-20).join('\n')}`);
  }
  url = address;
  return proc;
}

let address = 0;
/** A distinct client address per call (the server trusts X-Forwarded-For in this suite). */
export const clientAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** A JSON request from its own client address; answers status and parsed body. */
export async function api(
  server: ServerProcess,
  method: string,
  url: string,
  { body, cookie }: { body?: unknown; cookie?: string } = {},
) {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      'x-forwarded-for': clientAddress(),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
}

/** Signs in and answers the session cookie as a Cookie header value. */
export async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0]!;
}

/** Uploads `data` as a multipart file; answers status and the stored URL. */
export async function upload(
  server: ServerProcess,
  cookie: string,
  route: '/api/upload-file' | '/api/upload',
  file: { filename: string; contentType: string; data: Buffer },
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', new Blob([file.data], { type: file.contentType }), file.filename);
  const res = await fetch(server.url + route, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': clientAddress() },
    body: form,
    signal,
  });
  const json = (await res.json().catch(() => ({}))) as { url?: string; fileUrl?: string };
  return { status: res.status, url: json.fileUrl ?? json.url };
}

/**
 * Starts a multipart upload whose body stops half-way until `held` settles: a request that is
 * certain to be mid-stream when the test pulls the plug. Answers the status, or 0 if cut off.
 */
export async function heldUpload(
  server: ServerProcess,
  cookie: string,
  file: { filename: string; contentType: string; data: Buffer },
  held: Promise<void>,
): Promise<number> {
  const boundary = `----resilience${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(file.data.length / 2);
  const parts = [Buffer.concat([head, file.data.subarray(0, half)]), file.data.subarray(half), tail];
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 1) await held;
      const next = parts[sent++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  try {
    const res = await fetch(`${server.url}/api/upload-file`, {
      method: 'POST',
      headers: {
        cookie,
        'x-forwarded-for': clientAddress(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
