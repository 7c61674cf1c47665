import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resignCredentials } from '../src/domains/credentials';
import { openPglite } from '../src/db/client';
import { certificates, credentialCopies, inboxItems, outbox, statusLists } from '../src/db/schema';
import { revokedBit } from './copies';
import { blockApp, call, createTestApp, createUser, driver, postgresUrlOf, type TestApp } from './harness';
import { inDays, issueCertificate } from './certificates';
import { verifyWith } from './verifier';

/**
 * Decision 0064 (docs/key-compromise.md): after a key is compromised, `npm run credentials:resign
 * -- --key z6Mk…` signs again with the new ISSUER_KEY what the compromised key signed and is in
 * use, revokes the old copies and tells the holders.
 */

let compromised: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let holder: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  compromised = await createTestApp();
  admin = await createUser(compromised, { isAdmin: true, steppedUp: true });
  holder = await createUser(compromised);
});
afterAll(async () => {
  await compromised.close();
});

const keyOf = (app: TestApp) => app.app.credentials.verificationMethod.split('#')[1]!;
const signerOf = (credential: unknown) =>
  (credential as { proof: { verificationMethod: string } }).proof.verificationMethod;

const issue = async (by: TestApp, userEmail: string) =>
  (await issueCertificate(by.app, admin.cookie, { userEmail }))._id;

const rowOf = async (id: string) =>
  (await compromised.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!;
const copiesOf = (id: string) =>
  compromised.database.db
    .select()
    .from(credentialCopies)
    .where(eq(credentialCopies.certificateId, id))
    .orderBy(asc(credentialCopies.number));
const newCopyNotices = async (id: string) =>
  (
    await compromised.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.certificateId, id), eq(inboxItems.kind, 'new-copy')))
  ).length;

describe('re-signing what a compromised key signed', () => {
  // The runbook: a new ISSUER_KEY, the compromised key in no DID document, then the command. The
  // instance with the new key shares the database (built before the test: docs/mutation-testing.md).
  const newInstance = blockApp({ ISSUER_KEY: crypto.randomBytes(32).toString('base64') }, () => ({
    database: compromised.database,
  }));

  it('gives each live certificate a copy signed with the new key, revokes the old ones, tells the holders, and does nothing the second time', async () => {
    const db = compromised.database.db;
    const active = await issue(compromised, holder.email);
    const noAccount = await issue(compromised, `nobody.${crypto.randomUUID()}@example.org`);
    const suspended = await issue(compromised, holder.email);
    const form = await rowOf(suspended);
    const edit = await call(compromised.app, admin.cookie, {
      method: 'PUT',
      url: `/api/certificates/${suspended}`,
      payload: {
        userEmail: form.userEmail,
        certificateNo: form.certificateNo,
        name: form.name,
        validTill: form.validTill.toISOString().slice(0, 10),
        holderName: form.holderName,
        status: 'Inactive',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const trashed = await issue(compromised, holder.email);
    expect(
      (await call(compromised.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${trashed}` })).statusCode,
    ).toBe(204);
    // A suspension list, as copies signed before decision 0037 name: no revocation touches it.
    await db.insert(credentialCopies).values({
      certificateId: null,
      number: 1,
      credentialId: 'https://example.org/before-0037',
      statusList: 1,
      statusPosition: 131_071,
      suspensionEntry: true,
      issuedAt: new Date(),
    });
    expect(signerOf(await compromised.app.credentials.statusListCredential(1, 'suspension'))).toBe(
      compromised.app.credentials.verificationMethod,
    );
    const downloaded = (await rowOf(active)).credential!;
    const key = keyOf(compromised);

    const renewed = newInstance();
    const untouched = await issue(renewed, holder.email);
    const killed = resignCredentials(renewed.app, {
      key,
      batchSize: 1,
      afterBatch: () => {
        throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    const resumed = await resignCredentials(renewed.app, { key, batchSize: 1 });
    // Of the three live certificates it signed, the first batch's is done already.
    expect(resumed.reissued + resumed.reissuedRevoked).toBe(2);
    expect(resumed.statusLists).toBe(0);

    // Everything in use is signed with the new key and verifies against its DID document alone.
    for (const id of [active, noAccount]) {
      const row = await rowOf(id);
      expect(signerOf(row.credential)).toBe(renewed.app.credentials.verificationMethod);
      const result = await verifyWith(renewed.app, row.credential!);
      expect(result.verified, JSON.stringify(result.error)).toBe(true);
      expect((await copiesOf(id)).map((c) => [c.number, c.revocationReason])).toEqual([
        [1, 'key-compromise'],
        [2, null],
      ]);
      expect(await revokedBit(db, id, 1)).toBe(true);
    }
    const stillLists = await db.select().from(statusLists);
    expect(stillLists.map((l) => [l.purpose, signerOf(l.credential)])).toEqual(
      stillLists.map((l) => [l.purpose, renewed.app.credentials.verificationMethod]),
    );
    expect(stillLists.some((l) => l.purpose === 'suspension')).toBe(true);
    // The holder's download stops verifying; they are told, in the inbox and by mail.
    expect((await verifyWith(renewed.app, downloaded)).verified).toBe(false);
    expect(await newCopyNotices(active)).toBe(1);
    const mails = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, holder.email));
    expect(mails).toContainEqual({
      subject: `Download your updated certificate ${(await rowOf(active)).certificateNo}`,
    });

    // A suspended certificate's new copy is revoked at once: its page says "authentic", never valid.
    expect((await copiesOf(suspended)).map((c) => [c.number, c.revocationReason])).toEqual([
      [1, 'suspended'],
      [2, 'suspended'],
    ]);
    expect(signerOf((await rowOf(suspended)).credential)).toBe(renewed.app.credentials.verificationMethod);
    expect(await newCopyNotices(suspended)).toBe(0);
    // The trash's and the new key's are left as they are.
    expect(signerOf((await rowOf(trashed)).credential)).toBe(compromised.app.credentials.verificationMethod);
    expect(await copiesOf(untouched)).toHaveLength(1);

    // Run again: nothing left.
    const copies = await db.select().from(credentialCopies);
    expect(await resignCredentials(renewed.app, { key })).toEqual({
      reissued: 0,
      reissuedRevoked: 0,
      statusLists: 0,
      batches: 0,
    });
    expect(await db.select().from(credentialCopies)).toHaveLength(copies.length);
  });
});

const execFileAsync = promisify(execFile);
const runCommand = (args: string[], env: NodeJS.ProcessEnv) =>
  execFileAsync(process.execPath, ['--import', 'tsx', 'src/cli/resign-credentials.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env,
  });

// The command itself, as an operator runs it. Not in a mutation run: the command's own process
// never runs the mutant under test (docs/mutation-testing.md).
describe.skipIf(process.env.MUTATION_MODULES)(`npm run credentials:resign (${driver})`, () => {
  it('refuses a key the DID document still lists, and re-signs with ISSUER_KEY, printing counts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-resign-'));
    // On PGlite the database in DATA_DIR (one process at a time: closed while the command runs);
    // on PostgreSQL a test database named by DATABASE_URL.
    let database = driver === 'postgres' ? undefined : await openPglite(path.join(dataDir, 'db'));
    let signer: TestApp | undefined = await createTestApp({}, database ? { database } : {});
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.ISSUER_KEYS_RETIRED;
    if (driver === 'postgres') env.DATABASE_URL = await postgresUrlOf(signer.database);
    try {
      const boss = await createUser(signer, { isAdmin: true, steppedUp: true });
      const res = await call(signer.app, boss.cookie, {
        method: 'POST',
        url: '/api/certificates',
        payload: { userEmail: 'holder@example.org', certificateNo: 'CRA-1', name: 'Advocate', validTill: inDays(90) },
      });
      expect(res.statusCode, res.body).toBe(201);
      // A verifier read the revocation list: it is signed, with the key about to be compromised.
      expect((await signer.app.inject({ method: 'GET', url: '/api/status-lists/revocation/1' })).statusCode).toBe(200);
      const key = keyOf(signer);
      const seed = crypto.randomBytes(32).toString('base64');
      const newKey = (await Ed25519Multikey.generate({ seed: Buffer.from(seed, 'base64') })).publicKeyMultibase;
      if (database) {
        await signer.close();
        await database.close();
        [signer, database] = [undefined, undefined];
      }

      const refused = runCommand(['--key', key], { ...env, ISSUER_KEY: seed, ISSUER_KEYS_RETIRED: key });
      await expect(refused).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`${key} is in ISSUER_KEYS_RETIRED: remove it there`),
      });
      const ownKey = runCommand(['--key', newKey], { ...env, ISSUER_KEY: seed });
      await expect(ownKey).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`${newKey} is the key of ISSUER_KEY`),
      });

      const { stdout } = await runCommand(['--key', key], { ...env, ISSUER_KEY: seed });
      expect(stdout).toContain(`Signing again with ${newKey} what ${key} signed`);
      expect(stdout).toContain(
        'Done: 1 status lists signed again, 1 certificates re-issued (their holders told), 0 revoked or suspended certificates re-issued as revoked.',
      );
      const again = await runCommand(['--key', key], { ...env, ISSUER_KEY: seed });
      expect(again.stdout).toContain('Done: 0 status lists signed again, 0 certificates re-issued');
    } finally {
      await signer?.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Four commands, each building the app, and on PGlite three opens of the database: slow on a busy machine.
  }, 240_000);
});
