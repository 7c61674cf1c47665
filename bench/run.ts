/**
 * `npm run bench`: the server's figures next to limits measured in the same run (see
 * docs/performance.md). Starts the built server (server/dist/main.js) on random loopback
 * ports, on a throw-away PostgreSQL database and a throw-away PGlite data directory, seeds
 * them with SQL, loads them with autocannon and prints one table.
 *
 * Knobs (environment): BENCH_DURATION (s per run, 10), BENCH_RUNS (3), BENCH_WARMUP (s, 3),
 * BENCH_USERS (100000), BENCH_CERTS (1000000), BENCH_PGLITE_USERS (2000), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432), BENCH_SKIP (comma list of: pg, pglite, web, uploads,
 * scale, writes, import; e.g. `BENCH_SKIP=pglite,scale,writes,uploads` measures the PostgreSQL reads and
 * the verification page against the limits of the same run, and nothing else).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../server/src/db/client';
import { latencyLoop, type LoadResult, measure, settings } from './lib/load';
import { importBody } from './lib/import-csv';
import { onInterrupt, type Proc, ROOT, startLimit, startPortal } from './lib/process';
import { type Seeded, seedSql, verificationIdSql } from './lib/seed';
import { uploadVideo } from './lib/uploads';
import { firstVisitBytes, lighthouseAccessibility, lighthouseScores } from './lib/web';

const env = process.env;
const USERS = Number(env.BENCH_USERS ?? 100_000);
const CERTS = Number(env.BENCH_CERTS ?? 1_000_000);
const PGLITE_USERS = Number(env.BENCH_PGLITE_USERS ?? 2000);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SKIP = new Set((env.BENCH_SKIP ?? '').split(',').filter(Boolean));

interface Row {
  section: string;
  figure: string;
  value: string;
  reference: string;
  ratio: string;
}
const rows: Row[] = [];
const notes: string[] = [];
const add = (section: string, figure: string, value: string, reference = '', ratio = '') =>
  rows.push({ section, figure, value, reference, ratio });
const log = (msg: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const limits = { hello: NaN, pg20: NaN };
const ratios = (rps: number) => `${(rps / limits.pg20).toFixed(2)}× pg20 · ${(rps / limits.hello).toFixed(3)}× hello`;
const refText = () => `hello ${fmt(limits.hello)} · pg20 ${fmt(limits.pg20)} req/s`;

function addLoad(section: string, figure: string, r: LoadResult, extra = '') {
  const errs = r.errors + r.non2xx;
  add(
    section,
    figure,
    `${fmt(r.rps)} req/s · p50 ${fmt(r.p50)} ms · p99 ${fmt(r.p99)} ms${errs ? ` · ${errs} errors` : ''}${extra}`,
    refText(),
    ratios(r.rps),
  );
}

const bearer = (token: string, origin?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(origin ? { origin } : {}),
});

/**
 * GET check-auth and the member's 20 certificates, at 50 connections; then the public
 * verification page and its JSON (issue 11: at least 0.8× pg20, p99 under 50 ms, on PostgreSQL).
 */
async function reads(section: string, server: Proc, s: Seeded, verificationId: string) {
  const headers = bearer(s.member.token);
  const probeNote = (label: string, p: { utilization: number; activeMs: number; cpuMs: number }, r: LoadResult) => {
    const total = r.rps * settings.durationS * settings.runs + r.rps * settings.warmupS;
    const perReq = p.activeMs / Math.max(total, 1);
    return `${label}: event loop busy ${(p.utilization * 100).toFixed(0)} %, ${perReq.toFixed(2)} ms per request`;
  };
  // Issue 14's targets, as ratios to the 20-row pg floor of the same run (met on PostgreSQL).
  const ratio = (min: number, p99?: number) => (r: LoadResult) =>
    ` · target ≥ ${min}× pg20${p99 ? ` and p99 < ${p99} ms` : ''}: ${
      r.rps >= min * limits.pg20 && (!p99 || r.p99 < p99) ? 'met' : 'MISSED'
    }`;
  for (const [figure, url, who, target] of [
    ['GET /api/auth/check-auth', `${server.url}/api/auth/check-auth`, headers, undefined],
    [
      'GET /api/certificates/{email} (20 rows)',
      `${server.url}/api/certificates/${encodeURIComponent(s.member.email)}`,
      headers,
      ratio(0.8, 50),
    ],
    ['GET /api/jobs?limit=20 (member, a page of 20)', `${server.url}/api/jobs?limit=20`, headers, ratio(0.8)],
    [
      'GET /api/certificates?limit=20 (admin list, a page with its total)',
      `${server.url}/api/certificates?limit=20`,
      bearer(s.admin.token),
      ratio(0.7),
    ],
  ] as const) {
    const p = await server.probe(() => measure({ url, connections: 50, headers: who }));
    addLoad(section, figure, p.result, target?.(p.result) ?? '');
    notes.push(`${section} ${probeNote(figure, p, p.result)}`);
  }
  // Issue 11: the public routes as the member list, at least 0.8× and p99 under 50 ms.
  const verdict = ratio(0.8, 50);
  const unknownId = crypto.randomBytes(32).toString('base64url');
  for (const [figure, url, expect404] of [
    ['GET /verify/{id} (public page, no session)', `${server.url}/verify/${verificationId}`, false],
    ['GET /api/verify/{id} (public JSON, no session)', `${server.url}/api/verify/${verificationId}`, false],
    // An unknown id should cost what a known one costs (issue 11): compare its p50 and p99.
    ['GET /api/verify/{unknown id} (404, no session)', `${server.url}/api/verify/${unknownId}`, true],
  ] as const) {
    const p = await server.probe(() => measure({ url, connections: 50 }));
    const r = expect404 ? { ...p.result, non2xx: 0 } : p.result;
    addLoad(section, figure, r, expect404 ? ` · ${p.result.non2xx} answers 404, as expected` : verdict(r));
    notes.push(`${section} ${probeNote(figure, p, p.result)}`);
  }
}

/** Logout on one instance ends the session on the very next request on another. */
async function revocation(a: Proc, b: Proc, db: pg.Client, member: Seeded['member']) {
  const token = crypto.randomBytes(32).toString('base64url');
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at) select $1, id, now() + interval '1 hour' from users where email = $2`,
    [hash, member.email],
  );
  const check = (p: Proc) => fetch(`${p.url}/api/auth/check-auth`, { headers: bearer(token) }).then((r) => r.status);
  const before = [await check(a), await check(b)];
  const out = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: bearer(token, a.url) });
  const after = [await check(b), await check(a)];
  const ok = before.every((x) => x === 200) && out.status < 300 && after.every((x) => x === 401);
  add(
    'reads (PostgreSQL)',
    'revocation: logout on instance A, next request on B',
    `${ok ? 'ends at once' : 'FAILED'} (before ${before.join('/')}, after ${after.join('/')})`,
  );
}

async function scale(server: Proc, db: pg.Client, s: Seeded) {
  const section = `scale (${USERS} users, ${CERTS} certificates, PostgreSQL)`;
  const headers = bearer(s.admin.token);
  const qs = ['ada', 'hopper', 'user4242', 'example13', 'tur', 'liskov', 'kjhg', 'grace t'];
  const loops: [string, string[]][] = [
    ['GET /api/users?q=…&limit=20', qs.map((q) => `/api/users?q=${encodeURIComponent(q)}&limit=20`)],
    ['GET /api/users?limit=20 (first page, by name)', ['/api/users?limit=20', '/api/users?limit=20&offset=20']],
    ['GET /api/certificates?limit=20 (admin list, newest)', ['/api/certificates?limit=20']],
    [
      'GET /api/certificates?q=…&limit=20 (admin search)',
      ['cra-4242', 'user777@', 'advocate 3f', 'example5.org'].map(
        (q) => `/api/certificates?q=${encodeURIComponent(q)}&limit=20`,
      ),
    ],
    [
      'GET /api/certificates/{email} (member list, other members)',
      [1, 777, 4242, 99_999].map(
        (i) => `/api/certificates/${encodeURIComponent(`user${i % USERS || 1}@example${(i % USERS || 1) % 97}.org`)}`,
      ),
    ],
  ];
  for (const [figure, paths] of loops) {
    const r = await latencyLoop(server.url, paths, {
      concurrency: 4,
      durationS: Math.min(settings.durationS, 10),
      headers,
    });
    add(
      section,
      figure,
      `p50 ${fmt(r.p50, 1)} ms · p95 ${fmt(r.p95, 1)} ms · p99 ${fmt(r.p99, 1)} ms (${r.n} req, ${r.errors} errors)`,
      'target p95 < 30 ms',
      r.p95 < 30 ? 'met' : 'MISSED',
    );
  }
  await exportAll(section, server, headers);
  // The plans of the statements those routes run (the shapes lib/paging.ts generates).
  const userSearch = `with users as (select * from users where name ilike $1 or email ilike $1)
    select *, (select count(*) from users) as total from users order by lower(name) asc nulls last, id asc limit 20`;
  const certSearch = `with certificates as (select * from certificates
      where name ilike $1 or certificate_no ilike $1 or user_email ilike $1)
    select *, (select count(*) from certificates) as total from certificates order by created_at desc, id desc limit 20`;
  const plans: [string, string, unknown[]][] = [
    ['user search (common term)', userSearch, ['%hopper%']],
    ['user search (clustered in the name order)', userSearch, ['%grace t%']],
    [
      'user list',
      `select *, (select n from row_counts where table_name = 'users') as total from users
       order by lower(name) asc nulls last, id asc limit 20 offset 20`,
      [],
    ],
    [
      'certificate list',
      `select *, (select n from row_counts where table_name = 'certificates') as total from certificates
       order by created_at desc, id desc limit 20`,
      [],
    ],
    ['certificate search', certSearch, ['%cra-4242%']],
    [
      'member certificates',
      `select *, count(*) over () as total from certificates where user_email = $1 order by valid_till asc, id asc limit 20`,
      ['user777@example1.org'],
    ],
  ];
  const out: string[] = [];
  for (const [name, sql, params] of plans) {
    const r = await db.query(`explain (analyze, costs off, timing off, summary on) ${sql}`, params);
    out.push(`-- ${name}: ${sql}`, ...r.rows.map((x: Record<string, string>) => x['QUERY PLAN']!), '');
  }
  fs.writeFileSync(path.join(ROOT, 'bench/last-plans.txt'), out.join('\n'));
  notes.push('query plans of the scale run: bench/last-plans.txt');
}

/** Issue 16: the whole certificate registry as CSV, streamed: first byte, rows per second, RSS growth. */
async function exportAll(section: string, server: Proc, headers: Record<string, string>) {
  const idle = server.rssMb();
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  const t0 = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${server.url}/api/certificates/export.csv`, { headers });
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      firstByteMs ||= performance.now() - t0;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  const rows = lines - 1;
  add(
    section,
    'GET /api/certificates/export.csv (every certificate)',
    `${rows} rows, ${fmt(bytes / 1e6)} MB in ${fmt(seconds, 1)} s (${fmt(rows / seconds)} rows/s) · first byte ${fmt(firstByteMs)} ms · RSS +${fmt(peak - idle)} MB`,
    'targets: first byte < 1 s, RSS growth < 50 MB',
    `${firstByteMs < 1000 ? 'met' : 'MISSED'} / ${peak - idle < 50 ? 'met' : 'MISSED'}`,
  );
}

/**
 * Issue 16: a 50,000-row CSV through POST /api/certificates/import (new numbers, so every row is
 * created): the time to the answer and the server's RSS growth meanwhile.
 */
async function importFile(section: string, server: Proc, s: Seeded) {
  const rows = 50_000;
  const { body, contentType } = importBody(rows, `BENCH-IMPORT-${Date.now().toString(36)}`);
  const idle = server.rssMb();
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  const t0 = performance.now();
  let answer: { created?: number; errors?: unknown[] } = {};
  let status = 0;
  try {
    const res = await fetch(`${server.url}/api/certificates/import`, {
      method: 'POST',
      headers: { ...bearer(s.admin.token, server.url), 'content-type': contentType },
      body,
    });
    status = res.status;
    answer = (await res.json()) as typeof answer;
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  add(
    section,
    `POST /api/certificates/import (${rows} new rows, ${fmt(body.length / 1e6, 1)} MB CSV)`,
    `${status}, ${answer.created ?? 0} created, ${answer.errors?.length ?? '?'} errors in ${fmt(seconds, 1)} s (${fmt(rows / seconds)} rows/s) · RSS +${fmt(peak - idle)} MB`,
    'targets: < 30 s, RSS growth < 100 MB',
    `${seconds < 30 ? 'met' : 'MISSED'} / ${peak - idle < 100 ? 'met' : 'MISSED'}`,
  );
}

async function writes(section: string, server: Proc, s: Seeded) {
  const png = await tinyPng();
  const boundary = '----benchreport';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = bearer(s.member.token, server.url);
  const r = await measure({
    url: server.url,
    connections: 10,
    perOp: 2,
    requests: [
      {
        method: 'POST',
        path: '/api/upload',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        onResponse: (_status, text, context) => {
          try {
            context.url = (JSON.parse(text) as { url?: string }).url;
          } catch {
            context.url = undefined;
          }
        },
      },
      {
        method: 'POST',
        path: '/api/reports',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req, context) => ({
          ...req,
          // Issue 17: an image needs the client's consent to photos.
          body: JSON.stringify({ clientName: 'Bench Client', imageUrl: context.url ?? '', consent: { photo: 'Yes' } }),
        }),
      },
    ],
  });
  const errs = r.errors + r.non2xx;
  add(
    section,
    'report + image upload (10 connections; 1 op = upload then file)',
    `${fmt(r.rps)} reports/s · p50 ${fmt(r.p50)} ms · p99 ${fmt(r.p99)} ms · ${errs} errors`,
    refText(),
    ratios(r.rps),
  );
}

/** A 256×256 PNG photo-like image (random pixels), made with sharp from the server's dependencies. */
async function tinyPng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(crypto.randomBytes(256 * 256 * 3), { raw: { width: 256, height: 256, channels: 3 } })
    .png()
    .toBuffer();
}

async function uploads(section: string, server: Proc, s: Seeded) {
  const idle = server.rssMb();
  const peak = { mb: idle };
  const big = await uploadVideo(server, s.member.token, 500, { baseMb: idle, peak });
  const mbps = 500 / (big.ms / 1000);
  add(
    section,
    'one 500 MB video, POST /api/upload-file',
    `${big.status} in ${fmt(big.ms / 1000, 1)} s = ${fmt(mbps)} MB/s · RSS +${fmt(peak.mb - idle)} MB (${fmt(idle)} → ${fmt(peak.mb)} MB)`,
    'targets ≥ 100 MB/s, RSS growth < 50 MB',
    `${mbps >= 100 ? 'met' : 'MISSED'} / ${peak.mb - idle < 50 ? 'met' : 'MISSED'}`,
  );
  const peak10 = { mb: server.rssMb() };
  const t0 = performance.now();
  const ten = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      uploadVideo(server, s.member.token, 50, i === 0 ? { baseMb: 0, peak: peak10 } : undefined),
    ),
  );
  const ok = ten.filter((r) => r.status === 201).length;
  add(
    section,
    '10 concurrent 50 MB videos',
    `${ok}/10 succeeded in ${fmt((performance.now() - t0) / 1000, 1)} s = ${fmt(500 / ((performance.now() - t0) / 1000))} MB/s · peak RSS ${fmt(peak10.mb)} MB`,
    'target: all succeed',
    ok === 10 ? 'met' : 'MISSED',
  );
}

async function postgresPart() {
  const name = `portal_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const dbUrl = `${PG_URL}/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  const servers: Proc[] = [];
  const db = new pg.Client({ connectionString: dbUrl });
  // Dropping the database on an interrupt ends this connection; that is expected then.
  db.on('error', () => {});
  const dropOnInterrupt = onInterrupt(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  try {
    log(`PostgreSQL: database ${name}; starting the server (it migrates)`);
    const server = await startPortal({ DATABASE_URL: dbUrl, DATA_DIR: dataDir });
    servers.push(server);
    await db.connect();
    const t0 = performance.now();
    const { sql, seeded } = seedSql(USERS, CERTS);
    // Building the search indexes once over the loaded rows is far faster than growing them row
    // by row: the non-unique ones are dropped and re-created from their own definitions.
    const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'
       and tablename in ('users', 'certificates') and indexdef not like 'CREATE UNIQUE%'`,
    );
    for (const i of indexes) await db.query(`drop index "${i.indexname}"`);
    for (const q of sql) await db.query(q);
    for (const i of indexes) await db.query(i.indexdef);
    await db.query('analyze');
    log(`seeded ${USERS} users and ${CERTS} certificates in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    log('limits: bare node:http hello and 20-row pg handler');
    const hello = await startLimit('hello.mjs');
    const helloR = await measure({ url: hello.url, connections: 50 });
    await hello.stop();
    const pg20 = await startLimit('pg20.mjs', [dbUrl, seeded.member.email]);
    const pg20R = await measure({ url: pg20.url, connections: 50 });
    await pg20.stop();
    limits.hello = helloR.rps;
    limits.pg20 = pg20R.rps;
    add(
      'limits',
      'bare node:http hello-world (50 conn.)',
      `${fmt(helloR.rps)} req/s · p50 ${fmt(helloR.p50)} ms · p99 ${fmt(helloR.p99)} ms`,
    );
    add(
      'limits',
      'bare node:http + pg pool, 20-row query as JSON',
      `${fmt(pg20R.rps)} req/s · p50 ${fmt(pg20R.p50)} ms · p99 ${fmt(pg20R.p99)} ms`,
    );

    log('reads on PostgreSQL');
    const { rows: verifiable } = await db.query<{ verification_id: string }>(verificationIdSql(seeded.member));
    await reads('reads (PostgreSQL)', server, seeded, verifiable[0]!.verification_id);
    const second = await startPortal({ DATABASE_URL: dbUrl, DATA_DIR: dataDir });
    servers.push(second);
    await revocation(server, second, db, seeded.member);
    await second.stop();

    // The machine's speed drifts (another VM's load): the floor again, after the reads, tells
    // whether the ratios above compare like with like. A run whose floor moved by more than
    // about 10 % is not one to judge a target by.
    const pg20Again = await startLimit('pg20.mjs', [dbUrl, seeded.member.email]);
    const pg20AfterR = await measure({ url: pg20Again.url, connections: 50 });
    await pg20Again.stop();
    const drift = ((pg20AfterR.rps - pg20R.rps) / pg20R.rps) * 100;
    add(
      'limits',
      'the same 20-row pg handler, after the reads',
      `${fmt(pg20AfterR.rps)} req/s · p50 ${fmt(pg20AfterR.p50)} ms · p99 ${fmt(pg20AfterR.p99)} ms`,
      `before the reads ${fmt(pg20R.rps)} req/s`,
      `floor moved ${drift >= 0 ? '+' : ''}${fmt(drift, 1)} %`,
    );

    if (!SKIP.has('scale')) {
      log('scale');
      await scale(server, db, seeded);
    }
    if (!SKIP.has('writes')) {
      log('writes');
      await writes('writes (PostgreSQL)', server, seeded);
    }
    if (!SKIP.has('uploads')) {
      log('uploads');
      await uploads('uploads (PostgreSQL, local-disk storage)', server, seeded);
    }
    if (!SKIP.has('import')) {
      log('import');
      await importFile('import (PostgreSQL)', server, seeded);
    }
  } finally {
    for (const s of servers) await s.stop();
    await db.end().catch(() => {});
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    dropOnInterrupt();
  }
}

async function pglitePart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pglite-'));
  const removeOnInterrupt = onInterrupt(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const section = 'PGlite (embedded)';
  try {
    log(`PGlite: migrating and seeding ${PGLITE_USERS} users, ${PGLITE_USERS * 10} certificates`);
    const database = await openPglite(path.join(dataDir, 'db'));
    const { sql, seeded } = seedSql(PGLITE_USERS, PGLITE_USERS * 10);
    for (const q of sql) await database.client.exec(q);
    const { rows: verifiable } = await database.client.query<{ verification_id: string }>(
      verificationIdSql(seeded.member),
    );
    await database.close();

    // Start-up with an existing data directory (what `npm start` does after its build).
    // Idle RSS varies from one start to the next by up to 50 MB (how much of V8's WASM
    // compilation memory glibc keeps: docs/performance.md), so each start is measured.
    const starts: number[] = [];
    const idles: number[] = [];
    let server: (Proc & { startMs: number }) | undefined;
    for (let i = 0; i < 3; i++) {
      await server?.stop();
      server = await startPortal({ DATA_DIR: dataDir });
      starts.push(server.startMs);
      await new Promise((r) => setTimeout(r, 3000));
      idles.push(server.rssMb());
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const idle = median(idles);
    const medStart = median(starts);
    add(
      'start-up and footprint (PGlite)',
      'node server/dist/main.js → first 200 on /healthz',
      `${fmt(medStart)} ms (median of 3)`,
      'target < 3000 ms',
      medStart < 3000 ? 'met' : 'MISSED',
    );
    add(
      'start-up and footprint (PGlite)',
      'idle RSS 3 s after start',
      `${fmt(idle)} MB (median of 3; ${idles.map((mb) => fmt(mb)).join(', ')})`,
      'target < 150 MB',
      idle < 150 ? 'met' : 'MISSED',
    );

    await reads(`reads (${section})`, server!, seeded, verifiable[0]!.verification_id);
    if (!SKIP.has('web')) await web(server!, seeded);
    await server!.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeOnInterrupt();
  }
}

async function web(server: Proc, s: Seeded) {
  log('web: first-visit bytes and Lighthouse');
  const bytes = await firstVisitBytes(server.url, ['/', '/login', '/admin/default'], s.admin.token);
  for (const b of bytes) {
    add(
      'web (measured only)',
      `first visit ${b.path}: JS + CSS (${b.files} files)`,
      `JS ${kb(b.js.gzip)} gzip / ${kb(b.js.br)} br · CSS ${kb(b.css.gzip)} gzip / ${kb(b.css.br)} br`,
    );
  }
  // Issue 35: the member's dashboard and intake form, signed in, beside the two guest pages.
  const member = { token: s.member.token };
  const scores = await lighthouseScores(
    server.url,
    [{ path: '/' }, { path: '/login' }, { path: '/admin/default', ...member }, { path: '/admin/report', ...member }],
    settings.runs,
  );
  for (const l of scores) {
    add(
      'web (measured only)',
      `Lighthouse 12 mobile ${l.path} (median of ${settings.runs})`,
      `score ${l.score} · LCP ${fmt(l.lcpMs)} ms · TBT ${fmt(l.tbtMs)} ms · CLS ${fmt(l.cls, 3)}`,
    );
  }
  const pages = [
    { path: '/' },
    { path: '/login' },
    { path: '/admin/default', ...member },
    { path: '/admin/report', ...member },
    { path: '/admin/manage/certificates', token: s.admin.token },
  ];
  for (const a of await lighthouseAccessibility(server.url, pages)) {
    add(
      'web (measured only)',
      `Lighthouse 12 accessibility ${a.path} (target 100)`,
      a.failed.length ? `score ${a.score} · failed: ${a.failed.join(', ')}` : `score ${a.score}`,
    );
  }
}

function printTable() {
  const header: Row = {
    section: 'section',
    figure: 'figure',
    value: 'measured',
    reference: 'reference (same run)',
    ratio: 'ratio',
  };
  const cols = ['section', 'figure', 'value', 'reference', 'ratio'] as const;
  const esc = (s: string) => s.replaceAll('|', '\\|');
  const lines = [header, ...rows].map((r) => `| ${cols.map((c) => esc(r[c])).join(' | ')} |`);
  lines.splice(1, 0, `| ${cols.map(() => '---').join(' | ')} |`);
  const cpu = os.cpus();
  console.log(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GB, Node ${process.version}, ` +
      `load average at end ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; ` +
      `runs: ${settings.warmupS} s warm-up + median of ${settings.runs} × ${settings.durationS} s\n`,
  );
  console.log(lines.join('\n'));
  if (notes.length) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'server/dist/main.js')))
    throw new Error('server/dist/main.js missing: npm run build');
  const t0 = performance.now();
  if (!SKIP.has('pg')) await postgresPart();
  if (!SKIP.has('pglite')) await pglitePart();
  log(`done in ${fmt((performance.now() - t0) / 1000)} s`);
  printTable();
}

main().catch((err: unknown) => {
  console.error(err);
  printTable();
  process.exit(1);
});
