import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { reportBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, driver, openTestDatabase, postgresUrlOf, type TestApp } from './harness';
import { type Database, openPglite } from '../src/db/client';
import { reports, users } from '../src/db/schema';
import { PENDING_SECRET_FIELD, SECRET_FIELD } from '../src/domains/mfa/service';
import { openRow, toRowValues } from '../src/domains/reports/repository';
import { keyFiles, loadKeys, piiKeyring } from '../src/lib/keys';
import { createPii, keyIdOf, PiiError } from '../src/lib/pii';
import { rotatePii, rotateTotpSecrets } from '../src/cli/rotate-pii';

let t: TestApp;
/** The key the first test rotates to. */
const newKey = crypto.randomBytes(32);
const ssnOf = (i: number) => `50${i}-12-${String(3400 + i)}`;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createUser(t);
  for (let i = 0; i < 5; i++) {
    const res = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: { clientName: `Client ${i}`, ssn: ssnOf(i), dob: `1970-01-0${i + 1}` },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const allRows = () => t.database.db.select().from(reports).orderBy(asc(reports.id));
const keyIdsOf = (row: typeof reports.$inferSelect) =>
  [row.ssnEnc, row.dobEnc, row.data.v1 as string].map((v) => v!.split('.')[1]);

describe('PII key rotation (issue 12)', () => {
  it('re-seals in batches, survives a run killed after the first batch, and finishes when run again', async () => {
    const oldKey = loadKeys(undefined, t.config.dataDir).pii;
    const ring = createPii([newKey, oldKey]);

    // The first run dies after its first committed batch of two.
    const killed = rotatePii(t.database.db, ring, {
      batchSize: 2,
      afterBatch: () => {
        throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    const halfway = await allRows();
    expect(halfway).toHaveLength(5);
    const onNew = halfway.filter((row) => keyIdsOf(row).every((id) => id === keyIdOf(newKey)));
    const onOld = halfway.filter((row) => keyIdsOf(row).every((id) => id === keyIdOf(oldKey)));
    expect([onNew.length, onOld.length]).toEqual([2, 3]);
    // Halfway, every report still opens with the keyring.
    for (const row of halfway) expect(openRow(ring, row).clientName).toMatch(/^Client \d$/);

    const resumed = await rotatePii(t.database.db, ring, { batchSize: 2 });
    expect(resumed).toEqual({ rotated: 3, skipped: 2, failed: [], batches: 3 });

    // The old key can go: the new key alone opens every report, with the same values.
    const newOnly = createPii([newKey]);
    const rows = await allRows();
    for (const row of rows) {
      expect(keyIdsOf(row).every((id) => id === keyIdOf(newKey))).toBe(true);
      const fields = openRow(newOnly, row);
      const i = Number(fields.clientName.slice(-1));
      expect(fields.ssn).toBe(ssnOf(i).replaceAll('-', ''));
      expect(fields.dob).toBe(`1970-01-0${i + 1}`);
      expect(() => openRow(createPii([oldKey]), row)).toThrow(PiiError);
    }

    // A third run has nothing to do.
    expect(await rotatePii(t.database.db, ring)).toEqual({ rotated: 0, skipped: 5, failed: [], batches: 1 });
  });

  it('leaves a row that opens with no key as it is, and reports it', async () => {
    const stranger = createPii([crypto.randomBytes(32)]);
    const id = crypto.randomUUID();
    const [mine] = await allRows();
    const fields = reportBody.parse({ clientName: 'Stranger', ssn: '111223333', dob: '1999-09-09' });
    await t.database.db.insert(reports).values(toRowValues(stranger, id, mine!.userId!, fields, new Date()));
    const before = (await allRows()).find((r) => r.id === id)!;
    const keys = loadKeys(undefined, t.config.dataDir);
    const result = await rotatePii(t.database.db, createPii([newKey, ...piiKeyring(keys)]));
    expect(result).toMatchObject({ rotated: 0, skipped: 5, failed: [id] });
    expect((await allRows()).find((r) => r.id === id)).toEqual(before);
  });
});

describe('TOTP secrets (issue 19)', () => {
  it('re-seals the secrets of enrolled and enrolling accounts, bound to row and column, and skips them after', async () => {
    const oldKey = loadKeys(undefined, t.config.dataDir).pii;
    const enrolled = await createUser(t, { steppedUp: true });
    const setup = await call(t.app, enrolled.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    const { secret } = setup.json() as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enable = await call(t.app, enrolled.cookie, {
      method: 'POST',
      url: '/api/auth/mfa/totp/enable',
      payload: { code },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const enrolling = await createUser(t, { steppedUp: true });
    const pendingSetup = await call(t.app, enrolling.cookie, { method: 'POST', url: '/api/auth/mfa/totp/setup' });
    const { secret: pendingSecret } = pendingSetup.json() as { secret: string };

    const rotateKey = crypto.randomBytes(32);
    const ring = createPii([rotateKey, newKey, oldKey]);
    const result = await rotateTotpSecrets(t.database.db, ring, { batchSize: 1 });
    expect(result).toMatchObject({ rotated: 2, skipped: 0, failed: [] });

    const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
    const newOnly = createPii([rotateKey]);
    const a = await rowOf(enrolled.user.id);
    expect(newOnly.decrypt(a.totpSecret!, a.id, SECRET_FIELD)).toBe(secret);
    expect(() => createPii([oldKey]).decrypt(a.totpSecret!, a.id, SECRET_FIELD)).toThrow(PiiError);
    const b = await rowOf(enrolling.user.id);
    expect(newOnly.decrypt(b.totpPendingSecret!, b.id, PENDING_SECRET_FIELD)).toBe(pendingSecret);
    // Still bound to the row and the column: moved to another, it does not open.
    expect(() => newOnly.decrypt(a.totpSecret!, b.id, SECRET_FIELD)).toThrow(PiiError);
    expect(() => newOnly.decrypt(a.totpSecret!, a.id, PENDING_SECRET_FIELD)).toThrow(PiiError);

    expect(await rotateTotpSecrets(t.database.db, ring)).toMatchObject({ rotated: 0, skipped: 2, failed: [] });
  });
});

const execFileAsync = promisify(execFile);

/**
 * The database the command is run against, with a report of its own: on PGlite the directory in
 * DATA_DIR (one process at a time, so closed while the command runs), on PostgreSQL a fresh
 * database named by DATABASE_URL.
 */
async function commandDatabase(dataDir: string) {
  if (driver === 'postgres') {
    const own = await openTestDatabase();
    return {
      env: { DATABASE_URL: await postgresUrlOf(own) },
      use: <T>(work: (db: Database['db']) => Promise<T>) => work(own.db),
      close: () => own.close(),
    };
  }
  return {
    env: {},
    async use<T>(work: (db: Database['db']) => Promise<T>) {
      const database = await openPglite(path.join(dataDir, 'db'));
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    close: async () => {},
  };
}

// The command itself, end to end, as an operator runs it.
describe(`npm run rotate-pii-key (${driver})`, () => {
  it('with --new-key, makes a fresh key current, keeps the old one, and re-seals every report', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rotate-'));
    const target = await commandDatabase(dataDir);
    try {
      const oldKeys = loadKeys(undefined, dataDir);
      const id = crypto.randomUUID();
      const fields = reportBody.parse({ clientName: 'Casey', ssn: '222-33-4444', dob: '1961-06-30' });
      await target.use((db) =>
        db
          .insert(reports)
          .values({ ...toRowValues(createPii([oldKeys.pii]), id, '', fields, new Date()), userId: null }),
      );

      const userId = crypto.randomUUID();
      const sealedSecret = createPii([oldKeys.pii]).encrypt('JBSWY3DPEHPK3PXP', userId, SECRET_FIELD);
      await target.use((db) =>
        db.insert(users).values({
          id: userId,
          email: `rotate.${userId}@example.org`,
          name: 'Rotate',
          passwordHash: 'x',
          mfaEnabled: true,
          totpSecret: sealedSecret,
        }),
      );

      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
      delete env.DATABASE_URL;
      const { stdout } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/rotate-pii-key.ts', '--new-key', '--batch-size', '1'],
        { cwd: path.resolve(import.meta.dirname, '..'), env: { ...env, ...target.env } },
      );
      expect(stdout).toContain('Done: 1 re-sealed, 0 already current, 0 failed.');
      expect(stdout).toContain("Done: 1 accounts' secrets re-sealed, 0 already current, 0 failed.");

      const keys = loadKeys(undefined, dataDir);
      expect(keyIdOf(keys.pii)).not.toBe(keyIdOf(oldKeys.pii));
      expect(keys.piiOld.map(keyIdOf)).toEqual([keyIdOf(oldKeys.pii)]);
      expect(fs.readFileSync(keyFiles(dataDir).old, 'utf8').trim()).toBe(oldKeys.pii.toString('base64'));
      const [row] = await target.use((db) => db.select().from(reports));
      expect(openRow(createPii([keys.pii]), row!)).toMatchObject({ ssn: '222334444', dob: '1961-06-30' });
      expect(() => openRow(createPii([oldKeys.pii]), row!)).toThrow(PiiError);
      const [account] = await target.use((db) => db.select().from(users).where(eq(users.id, userId)));
      expect(createPii([keys.pii]).decrypt(account!.totpSecret!, userId, SECRET_FIELD)).toBe('JBSWY3DPEHPK3PXP');
    } finally {
      await target.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Three PGlite opens (one in the command it spawns) take a while on a busy machine.
  }, 120_000);
});

describe('PII_KEYS_OLD', () => {
  const key = () => crypto.randomBytes(32).toString('base64');
  it('is read beside PII_KEY, and refused alone or malformed', async () => {
    const { loadConfig } = await import('../src/config');
    const [current, old1, old2] = [key(), key(), key()];
    const config = loadConfig({ PII_KEY: current, PII_KEYS_OLD: `${old1}, ${old2}` });
    expect(config.piiKeysOld).toEqual([old1, old2]);
    const keys = loadKeys(config.piiKey, '/nonexistent', config.piiKeysOld);
    expect(piiKeyring(keys).map((k) => k.toString('base64'))).toEqual([current, old1, old2]);
    expect(() => loadConfig({ PII_KEYS_OLD: old1 })).toThrow(/PII_KEYS_OLD needs PII_KEY/);
    expect(() => loadConfig({ PII_KEY: current, PII_KEYS_OLD: `${old1},short` })).toThrow(/PII_KEYS_OLD/);
  });
});
