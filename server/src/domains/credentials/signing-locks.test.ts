import { and, eq, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema';
import {
  createTestApp,
  driver,
  postgresUrlOf,
  registerCertificate,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';

/**
 * The background signer never makes a request wait or fail: an import or an edit that holds
 * certificate rows (or a status list) for its whole transaction used to deadlock with the
 * signer's batch, and PostgreSQL could pick the import as the one to abort. Only PostgreSQL
 * has a second connection to hold a lock from.
 */
describe.skipIf(driver !== 'postgres')('the background signer beside a request’s transaction', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    other = new pg.Client({ connectionString: await postgresUrlOf(t.database) });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  /** How many of these certificates have no credential yet. */
  const unsigned = async (numbers: string[]) =>
    (
      await t.database.db
        .select({ id: certificates.id })
        .from(certificates)
        .where(and(inArray(certificates.certificateNo, numbers), isNull(certificates.credential)))
    ).length;

  it('skips the rows a transaction holds, signs the others, and signs the held ones later', async () => {
    await t.app.credentials.signUnsigned();
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push(await registerCertificate(t, uniqueEmail()));
    await other.query('begin');
    await other.query('select id from certificates where certificate_no = $1 for update', [numbers[0]]);
    try {
      expect(await t.app.credentials.signUnsigned()).toBe(2);
      expect(await unsigned(numbers)).toBe(1);
    } finally {
      await other.query('rollback');
    }
    expect(await t.app.credentials.signUnsigned()).toBe(1);
    expect(await unsigned(numbers)).toBe(0);
  });

  it('gives way when a transaction holds the status list it must sign, and loses nothing', async () => {
    const inactive = async () => {
      const number = await registerCertificate(t, uniqueEmail());
      await t.database.db
        .update(certificates)
        .set({ status: 'Inactive' })
        .where(eq(certificates.certificateNo, number));
      return number;
    };
    // A first suspended certificate makes the list's row.
    await inactive();
    await t.app.credentials.signUnsigned();
    const number = await inactive();
    await other.query('begin');
    await other.query(`select list from status_lists where purpose = 'revocation' for update`);
    try {
      // Waits at most its lock timeout, then ends its run without an error.
      expect(await t.app.credentials.signUnsigned()).toBe(0);
      expect(await unsigned([number])).toBe(1);
    } finally {
      await other.query('rollback');
    }
    expect(await t.app.credentials.signUnsigned()).toBe(1);
    expect(await unsigned([number])).toBe(0);
  });
});
