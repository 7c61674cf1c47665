/**
 * `npm run bench:profile -- member jobs`: where the server's CPU goes on one read, under the
 * bench's load (issue 14: "profile first"). For each read named, starts the built server with
 * `--cpu-prof` on a small seeded PostgreSQL database, loads that read alone at 50 connections,
 * and prints the busy CPU of the loaded seconds by package and by function. The .cpuprofile
 * files stay in BENCH_PROFILE_DIR (default: a temporary directory) for Chrome's DevTools.
 *
 * Reads: check, member, jobs, admin, verify, apiverify. Knobs: BENCH_DURATION (s, 10),
 * BENCH_USERS (2000), BENCH_CERTS (20000), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432).
 * BENCH_PROFILE=off loads the reads without the profiler (which costs CPU of its own) and prints
 * only their req/s and p99: for an A/B of two builds alternated on one machine (decision 0050).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { summarizeCpuProfile } from './lib/cpu-profile';
import { once } from './lib/load';
import { startPortal } from './lib/process';
import { seedSql, verificationIdSql } from './lib/seed';

const env = process.env;
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DURATION = Number(env.BENCH_DURATION ?? 10);
const OUT = env.BENCH_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
const names = process.argv.slice(2);
const wanted = names.length ? names : ['member'];
const PROFILE = env.BENCH_PROFILE !== 'off';

const name = `portal_profile_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
await admin.connect();
await admin.query(`create database "${name}"`);
const dbUrl = `${PG_URL}/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-data-'));
const db = new pg.Client({ connectionString: dbUrl });
try {
  // The first start migrates; the seed goes in after it, and each profiled start reads it.
  const migrator = await startPortal({ DATABASE_URL: dbUrl, DATA_DIR: dataDir });
  await migrator.stop();
  await db.connect();
  const { sql, seeded } = seedSql(Number(env.BENCH_USERS ?? 2000), Number(env.BENCH_CERTS ?? 20_000));
  for (const q of sql) await db.query(q);
  const { rows } = await db.query<{ verification_id: string }>(verificationIdSql(seeded.member));
  const verificationId = rows[0]!.verification_id;
  const member = { authorization: `Bearer ${seeded.member.token}` };
  const reads: Record<string, [string, Record<string, string>]> = {
    check: ['/api/auth/check-auth', member],
    member: [`/api/certificates/${encodeURIComponent(seeded.member.email)}`, member],
    jobs: ['/api/jobs?limit=20', member],
    admin: ['/api/certificates?limit=20', { authorization: `Bearer ${seeded.admin.token}` }],
    verify: [`/verify/${verificationId}`, {}],
    apiverify: [`/api/verify/${verificationId}`, {}],
  };
  for (const read of wanted) {
    const target = reads[read];
    if (!target) throw new Error(`Unknown read '${read}'. Use one of: ${Object.keys(reads).join(', ')}.`);
    const dir = path.join(OUT, read);
    fs.mkdirSync(dir, { recursive: true });
    process.env.BENCH_PORTAL_NODE_ARGS = PROFILE ? `--cpu-prof --cpu-prof-dir=${dir}` : '';
    const server = await startPortal({ DATABASE_URL: dbUrl, DATA_DIR: dataDir });
    const [url, headers] = target;
    const result = await once({ url: server.url + url, connections: 50, headers }, DURATION);
    await server.stop();
    if (!PROFILE) {
      console.log(
        `${read}: GET ${url} · ${Math.round(result.rps)} req/s · p99 ${result.p99} ms · ${result.non2xx} non-2xx`,
      );
      continue;
    }
    const [file] = fs
      .readdirSync(dir)
      .map((f) => path.join(dir, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
    console.log(`\n## ${read}: GET ${url}`);
    console.log(`${Math.round(result.rps)} req/s · p99 ${result.p99} ms · ${result.non2xx} non-2xx · profile ${file}`);
    console.log(summarizeCpuProfile(JSON.parse(fs.readFileSync(file!, 'utf8')), { lastSeconds: DURATION - 1 }));
  }
} finally {
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
