import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { ensureHelpContent } from '../src/bootstrap';
import type { XlsxLimits } from '../src/domains/certificates/import';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { certificates, outbox, users } from '../src/db/schema';
import type { Clock } from '../src/lib/clock';
import { loadIssuerSeed, loadKeys } from '../src/lib/keys';
import { loggerOptions } from '../src/lib/logger';
import { hashPassword } from '../src/lib/passwords';

export const driver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

/** A clock the test moves by hand instead of sleeping; each reading is a millisecond later. */
export class TestClock implements Clock {
  private time = Date.now();
  now = () => new Date(this.time++);
  advanceMinutes(minutes: number) {
    this.time += minutes * 60_000;
  }
}

/** close() may be called more than once (a test that takes the database down, then the harness). */
function closeOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

export async function openTestDatabase(): Promise<Database> {
  return closeOnce(await openFreshDatabase());
}

async function openFreshDatabase(): Promise<Database> {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `portal_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = await openPostgres(target.toString(), { migrate: false });
    return {
      ...db,
      close: async () => {
        await db.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
  return openPglite(undefined, { loadDataDir: dump, migrate: false });
}

/**
 * The connection string of a test's own PostgreSQL database, for a process run beside the app
 * (pg_dump, a command-line tool).
 */
export async function postgresUrlOf(database: Database): Promise<string> {
  if (driver !== 'postgres') throw new Error('postgresUrlOf is for the PostgreSQL tests');
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: [{ name: string }];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

const rnd = () => crypto.randomInt(1, 255);

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** Every log line the app wrote, as text. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs after the app is built and before it is ready: a test may add routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A built web app to serve (web/dist, or a stand-in of its files). */
  webDist?: string;
  /** Run the job queue as the real server does (decision 0009); off, tests call the jobs by hand. */
  workers?: boolean;
  /**
   * The database of another test app: two instances on one database (issue 14). The app that
   * opened it closes it.
   */
  database?: Database;
  /** Lower caps of reading an imported workbook (issue 30, F4), so that a test's workbook can be small. */
  importLimits?: Partial<XlsxLimits>;
}

/** A whole application on a fresh database of its own, with a test clock and captured logs. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    SIGNUP_POLICY: 'registry',
    LOG_LEVEL: 'info',
    // Cheap hashes: the suites create hundreds of accounts, each a hash and a login. The tests
    // of hashing (src/lib/passwords.test.ts) and of login timing (accounts/enumeration.test.ts)
    // run at the production cost.
    PASSWORD_HASH_COST: 'test-only-minimal',
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  if (!options.database) await ensureHelpContent(database.db, config);
  const clock = new TestClock();
  const logs: string[] = [];
  const app = await buildApp({
    config,
    database,
    // PII_KEY when a test gives one (instances on one database share it, as in production).
    keys: loadKeys(config.piiKey, dataDir),
    issuerSeed: loadIssuerSeed(config.issuerKey, dataDir),
    clock,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    workers: options.workers ?? false,
    ...(options.importLimits ? { importLimits: options.importLimits } : {}),
    logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => logs.push(line) } },
  });
  // Each request comes from its own loopback address unless a test names one, so that the
  // per-IP rate limits apply only where a test means them to.
  const inject = app.inject.bind(app);
  app.inject = ((opts: InjectOptions) =>
    inject({ remoteAddress: `127.${rnd()}.${rnd()}.${rnd()}`, ...opts })) as typeof app.inject;
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    logs,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An app of its own for one `describe` block (another configuration, or a second instance on the
 * same database): built in the block's `beforeAll`, closed in its `afterAll`; call the result
 * inside a test. Built there rather than in a test's body, so that mutation testing does not count
 * the code that builds an app as reached by that one test alone (docs/mutation-testing.md).
 */
export function blockApp(env: Record<string, string> = {}, options: () => TestAppOptions = () => ({})): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(env, options());
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('blockApp(): read the app inside a test');
    return app;
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie?.value) throw new Error(`No session cookie in the response (status ${res.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

/** POST /api/auth/login, as a client that holds no session. */
export const loginRequest = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** POST /api/auth/signup of a prober's account with the given e-mail and certificate number. */
export const signupRequest = (t: TestApp, email: string, certificateNo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Eve Prober', email, certificateNo, password: GOOD_PASSWORD },
  });

/** Sends a request as the holder of `cookie` (or as a guest). */
export function call(app: FastifyInstance, cookie: string | undefined, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });
}

/** The newest mail to an address, read from the outbox. */
export async function lastMail(t: TestApp, to: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to.toLowerCase()))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}

export const codeFrom = (text: string | null | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];
/**
 * Whether `text` holds `digits` as a number of its own. Timestamps, durations and ids hold any
 * run of digits, so a secret made only of digits is looked for with hex characters on neither side.
 */
export const holdsNumber = (text: string, digits: string) =>
  new RegExp(`(?<![0-9a-f])${digits}(?![0-9a-f])`, 'i').test(text);
export const resetTokenFrom = (text: string | null | undefined) =>
  /reset-password\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

let counter = 0;
/** A distinct e-mail per call. */
export const uniqueEmail = (prefix = 'member') => `${prefix}.${Date.now()}.${++counter}@example.org`;
export const GOOD_PASSWORD = 'Lantern-Orchard-42';

/** Puts a certificate on record so that sign-up under the registry policy accepts the pair. */
export async function registerCertificate(t: TestApp, email: string, certificateNo = `CRA-${++counter}`) {
  await t.database.db.insert(certificates).values({
    userEmail: email.toLowerCase(),
    certificateNo,
    name: 'Certified Recycling Advocate',
    validTill: new Date(Date.now() + 365 * 86_400_000),
  });
  return certificateNo;
}

/**
 * Creates a user directly in the database and signs them in; returns their cookie. With
 * `steppedUp`, the session has just confirmed the password (issue 19: the step-up the most
 * sensitive acts need, good for 5 minutes of the test clock).
 */
export async function createUser(
  t: TestApp,
  {
    email = uniqueEmail(),
    password = GOOD_PASSWORD,
    isAdmin = false,
    isVerified = true,
    name = 'Test User',
    steppedUp = false,
  } = {},
) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      name,
      passwordHash: await hashPassword(password),
      isAdmin,
      isVerified,
      certificateNo: 'CRA-T',
    })
    .returning();
  const res = await loginRequest(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login of the test user failed: ${res.body}`);
  const cookie = sessionCookie(res);
  if (steppedUp) await stepUp(t, cookie, { password });
  return { user: row!, email: row!.email, password, cookie };
}

/**
 * Issue 19: gives the session a fresh step-up (the password, for an account without a second
 * factor; a code otherwise), as the web app's dialog does.
 */
export async function stepUp(t: TestApp, cookie: string, proof: { password: string } | { code: string }) {
  const res = await call(t.app, cookie, { method: 'POST', url: '/api/auth/mfa/verify', payload: proof });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * One signed-in user of each kind the access rules tell apart (an unverified member, a member, an
 * admin): their session cookies, and the admin's id (the actor of their audit rows).
 */
export async function createCallers(t: TestApp) {
  const unverified = await createUser(t, { isVerified: false });
  const member = await createUser(t);
  // Stepped up (issue 19): deletes and the other sensitive acts need it (issue 30, F10).
  const admin = await createUser(t, { isAdmin: true, steppedUp: true });
  return {
    cookies: { unverified: unverified.cookie, member: member.cookie, admin: admin.cookie },
    adminId: admin.user.id,
  };
}
