import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { call, createTestApp, createUser, driver, type TestApp } from './harness';

/**
 * Issue 12: a full dump of the database holds neither the SSN nor the DOB of a report, in any
 * common spelling, after the report was filed, read and its SSN revealed.
 */
const SSN = '613-57-2408';
const DOB = '1957-03-14';
const CANARIES = [
  '613572408',
  '613-57-2408',
  '613 57 2408',
  '1957-03-14',
  '03/14/1957',
  '14/03/1957',
  '19570314',
  '14.03.1957',
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createUser(t);
  const admin = await createUser(t, { isAdmin: true });
  const filed = await call(t.app, member.cookie, {
    method: 'POST',
    url: '/api/reports',
    payload: { clientName: 'Canary Client', ssn: SSN, dob: DOB },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = (filed.json() as { _id: string })._id;
  const read = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` });
  expect(read.json()).toMatchObject({ dob: DOB });
  const revealed = await call(t.app, admin.cookie, {
    method: 'POST',
    url: `/api/reports/${id}/reveal-ssn`,
    payload: { reason: 'Canary check of the dump' },
  });
  expect(revealed.json()).toEqual({ ssn: '613572408' });
});
afterAll(() => t.close());

const execFileAsync = promisify(execFile);

/** Every byte the database holds, as the driver allows. */
async function dumpEverything(): Promise<Buffer> {
  if (driver === 'pglite') {
    // The data directory itself: tables, indexes, TOAST, WAL and free space alike.
    await t.database.db.execute(sql`checkpoint`);
    const client = (t.database as unknown as { client: PGlite }).client;
    const blob = await client.dumpDataDir('none');
    return Buffer.from(await blob.arrayBuffer());
  }
  const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: [{ name: string }];
  };
  const [{ name }] = result.rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const { stdout } = await execFileAsync('pg_dump', ['--dbname', url.toString(), '--no-owner'], {
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'buffer',
  });
  return stdout;
}

describe('a full database dump', () => {
  it('contains the report, but neither canary in any common spelling', async () => {
    const dump = await dumpEverything();
    // The dump is real: it holds the report's clear columns.
    expect(dump.includes(Buffer.from('Canary Client'))).toBe(true);
    for (const canary of CANARIES) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        expect(dump.includes(Buffer.from(canary, encoding)), `${canary} (${encoding})`).toBe(false);
      }
    }
  });
});
