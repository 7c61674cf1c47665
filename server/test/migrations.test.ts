import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { driver } from './harness';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DRIZZLE_KIT = path.resolve(SERVER, '../node_modules/.bin/drizzle-kit');

/**
 * Some migrations are written by hand (trigram indexes, the audit log's permissions, row counts),
 * each with the snapshot drizzle-kit would have written. drizzle-kit, run on a copy of the
 * migrations, must find nothing left to generate: the schema in src/db/schema.ts and the
 * migrations describe the same database. (It does not read the database, so once is enough.)
 */
describe.runIf(driver === 'pglite')('migrations', () => {
  it('match the schema: drizzle-kit generates nothing new', { timeout: 60_000 }, async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    try {
      fs.cpSync(path.join(SERVER, 'drizzle'), copy, { recursive: true });
      const before = fs.readdirSync(copy).sort();
      // drizzle-kit takes `out` relative to the working directory.
      const { stdout } = await promisify(execFile)(
        DRIZZLE_KIT,
        ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--casing', 'snake_case'].concat(
          '--out',
          path.relative(SERVER, copy),
        ),
        { cwd: SERVER },
      );
      expect(stdout).toContain('No schema changes');
      expect(fs.readdirSync(copy).sort()).toEqual(before);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
