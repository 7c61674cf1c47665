/**
 * Issue 16: the certificate import's RSS growth alone, without `npm run bench` (whose import
 * section comes after a million-row seed and the load tests). Each run starts the built server
 * (server/dist/main.js) on a fresh PostgreSQL database, signs in the bench admin by SQL, posts
 * the bench's 50,000-row CSV and samples the server's RSS every 50 ms until the answer, as the
 * bench does. The spread between runs is the point: how far V8 lets garbage pile up before a
 * full collection varies from run to run.
 *
 *   npm run build && node --import tsx bench/import-memory.ts [runs, default 3]
 *
 * Knobs (environment): BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), IMPORT_ROWS (50000).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { importBody } from './lib/import-csv';
import { startPortal } from './lib/process';
import { seedSql } from './lib/seed';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const runs = Number(process.argv[2] ?? 3);

async function onDatabase(sql: string) {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const growths: number[] = [];
for (let run = 1; run <= runs; run++) {
  const name = `portal_import_${process.pid}_${run}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
  await onDatabase(`create database "${name}"`);
  const server = await startPortal({ DATABASE_URL: `${PG_URL}/${name}`, DATA_DIR: dataDir });
  try {
    const { sql, seeded } = seedSql(0, 0);
    const db = new pg.Client({ connectionString: `${PG_URL}/${name}` });
    await db.connect();
    for (const statement of sql) await db.query(statement);
    await db.end();
    const { body, contentType } = importBody(ROWS, `IMPORT-${crypto.randomBytes(4).toString('hex')}`);
    // Start-up work (migrations, the first signing run) settles first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = server.rssMb();
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/certificates/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seeded.admin.token}`, origin: server.url, 'content-type': contentType },
      body,
    });
    const answer = (await res.json()) as { created?: number };
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    growths.push(peak - idle);
    console.log(
      `run ${run}: ${res.status}, ${answer.created ?? 0} created in ${seconds.toFixed(1)} s, ` +
        `RSS ${idle.toFixed(0)} → ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onDatabase(`drop database if exists "${name}" with (force)`);
  }
}
console.log(`RSS growth over ${runs} runs: ${growths.map((g) => `+${g.toFixed(0)}`).join(', ')} MB (target < 100 MB)`);
