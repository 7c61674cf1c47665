import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPglite, openPostgres } from '../src/db/client';

/** A name that changes whenever a migration does, so templates never go stale. */
function migrationsHash(): string {
  const dir = migrationsFolder();
  const hash = crypto.createHash('sha256');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Migrates once per run: a PGlite dump every test file loads, and on PostgreSQL a template
 * database every test file clones.
 */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const driver = process.env.TEST_DB_DRIVER ?? project.config.env?.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL tests');
    const template = `portal_tpl_${hash}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!rowCount) {
        const building = `${template}_build_${process.pid}`;
        await admin.query(`create database "${building}"`);
        const target = new URL(url);
        target.pathname = `/${building}`;
        const db = await openPostgres(target.toString());
        await db.close();
        await admin.query(`alter database "${building}" rename to "${template}"`).catch(async (err: unknown) => {
          // Another run built the same template meanwhile.
          await admin.query(`drop database if exists "${building}"`);
          if ((err as { code?: string }).code !== '42P04') throw err;
        });
      }
    } finally {
      await admin.end();
    }
    project.provide('pgTemplate', template);
  } else {
    const file = path.join(os.tmpdir(), `portal-pglite-${hash}.tar`);
    if (!fs.existsSync(file)) {
      const db = await openPglite();
      const dump = await db.client.dumpDataDir('none');
      await db.close();
      const tmp = `${file}.${process.pid}`;
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(tmp, file);
    }
    project.provide('pgliteDump', file);
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
