import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerKeys } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, type TestAppOptions } from '../../../test/harness';
import { verifyWith } from '../../../test/verifier';
import { issueCertificate } from '../../../test/certificates';

/**
 * Decision 0038: the DID document lists ISSUER_KEY's key and ISSUER_KEYS_RETIRED, from the
 * configuration; nothing an instance or a row adds. Outside verification is Digital Bazaar's
 * verifier reading the DID document and status lists each app serves.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
/** Apps started beside `t`, on its database, with other keys: closed after the file. */
const others: TestApp[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, steppedUp: true });
  member = await createUser(t);
});
afterAll(async () => {
  for (const other of others) await other.close();
  await t.close();
});

const newSeed = () => crypto.randomBytes(32).toString('base64');
const publicKeyOf = async (seed: string) =>
  (await Ed25519Multikey.generate({ seed: Buffer.from(seed, 'base64') })).publicKeyMultibase;
const keyOf = (app: TestApp) => app.app.credentials.verificationMethod.split('#')[1]!;

/** Another instance on `t`'s database, configured with `env` (ISSUER_KEY, ISSUER_KEYS_RETIRED). */
async function instance(env: Record<string, string>, options: TestAppOptions = {}) {
  const other = await createTestApp(env, { ...options, database: t.database });
  others.push(other);
  return other;
}

async function issuedCredential(by: TestApp) {
  const { _id, verificationId } = await issueCertificate(by.app, admin.cookie, { userEmail: member.email });
  const download = await call(by.app, member.cookie, { method: 'GET', url: `/api/certificates/${_id}/credential` });
  return { credential: download.json() as Record<string, unknown>, verificationId };
}

const publishedKeys = async (app: TestApp) => {
  const doc = (await app.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json();
  const ids = (doc.verificationMethod as { id: string }[]).map((m) => m.id);
  expect(doc.assertionMethod).toEqual(ids);
  return ids.map((id) => id.replace(`${doc.id}#`, ''));
};

describe('the DID document comes from the configuration (decision 0038)', () => {
  it('lists exactly the current key and ISSUER_KEYS_RETIRED, and a copy signed by a retired key still verifies', async () => {
    const { credential } = await issuedCredential(t);
    const elsewhere = (await Ed25519Multikey.generate({})).publicKeyMultibase;
    const seed = newSeed();
    // A key written to the old table, as an instance started before this decision did: not listed.
    await t.database.db
      .insert(issuerKeys)
      .values({ publicKeyMultibase: (await Ed25519Multikey.generate({})).publicKeyMultibase });
    const rotated = await instance({ ISSUER_KEY: seed, ISSUER_KEYS_RETIRED: `${keyOf(t)},${elsewhere}` });

    expect(await publishedKeys(rotated)).toEqual([await publicKeyOf(seed), keyOf(t), elsewhere]);
    const old = await verifyWith(rotated.app, credential);
    expect(old.verified, JSON.stringify(old.error)).toBe(true);
    const fresh = await issuedCredential(rotated);
    expect((fresh.credential.proof as { verificationMethod: string }).verificationMethod).toBe(
      rotated.app.credentials.verificationMethod,
    );
    expect((await verifyWith(rotated.app, fresh.credential)).verified).toBe(true);
    // The first instance, still on its own key alone, lists neither the new key nor the others.
    expect(await publishedKeys(t)).toEqual([keyOf(t)]);
  });

  it('no longer verifies what a key signed once the configuration leaves it out', async () => {
    const { credential, verificationId } = await issuedCredential(t);
    const replaced = await instance({ ISSUER_KEY: newSeed() });
    expect(await publishedKeys(replaced)).toEqual([keyOf(replaced)]);

    const result = await verifyWith(replaced.app, credential);
    expect(result.verified).toBe(false);
    // The proof fails (the verifier stops before the status): its key is not in the DID document.
    expect(result.statusResult).toBeUndefined();
    expect(JSON.stringify(result.error ?? result.results)).toContain(
      `The DID document does not list ${String((credential.proof as { verificationMethod: string }).verificationMethod)}`,
    );
    // The portal's own page says so too.
    const page = await replaced.app.inject({ method: 'GET', url: `/api/verify/${verificationId}` });
    expect(page.json()).toMatchObject({ signature: { valid: false } });
    const before = await t.app.inject({ method: 'GET', url: `/api/verify/${verificationId}` });
    expect(before.json()).toMatchObject({ signature: { valid: true } });
  });

  it('on the upgrade, keeps listing the keys issuer_keys recorded, and says what to set, only while ISSUER_KEY is one of them', async () => {
    const [current, earlier, stray] = [newSeed(), newSeed(), newSeed()];
    const [currentKey, earlierKey, strayKey] = await Promise.all([
      publicKeyOf(current),
      publicKeyOf(earlier),
      publicKeyOf(stray),
    ]);
    // The table as a portal that rotated once before this decision left it.
    await t.database.db.delete(issuerKeys);
    await t.database.db
      .insert(issuerKeys)
      .values([{ publicKeyMultibase: earlierKey }, { publicKeyMultibase: currentKey }]);
    const warning = (app: TestApp) => app.logs.find((line) => line.includes('ISSUER_KEYS_RETIRED is not set'));

    // Upgraded with the same key: the earlier key stays listed, with the exact line to set.
    const upgraded = await instance({ ISSUER_KEY: current });
    expect(await publishedKeys(upgraded)).toEqual([currentKey, earlierKey]);
    expect(JSON.parse(warning(upgraded)!)).toMatchObject({
      level: 40,
      ISSUER_KEYS_RETIRED: earlierKey,
      msg: expect.stringContaining(`Set ISSUER_KEYS_RETIRED=${earlierKey} `),
    });

    // Once set, the configuration alone.
    const configured = await instance({ ISSUER_KEY: current, ISSUER_KEYS_RETIRED: strayKey });
    expect(await publishedKeys(configured)).toEqual([currentKey, strayKey]);
    expect(warning(configured)).toBeUndefined();

    // A new ISSUER_KEY (a rotation, or the key-compromise runbook): the table is not read again,
    // so a compromised key it holds cannot come back through it.
    const renewed = await instance({ ISSUER_KEY: stray });
    expect(await publishedKeys(renewed)).toEqual([strayKey]);
    expect(warning(renewed)).toBeUndefined();
    // And no instance writes its key there any more.
    const recorded = (await t.database.db.select().from(issuerKeys)).map((r) => r.publicKeyMultibase);
    expect(recorded.sort()).toEqual([currentKey, earlierKey].sort());
  });

  it('logs the fingerprint of the signing key (its public key) at start, never its seed', async () => {
    const seed = newSeed();
    const retired = (await Ed25519Multikey.generate({})).publicKeyMultibase;
    const started = await instance({ ISSUER_KEY: seed, ISSUER_KEYS_RETIRED: retired });
    const line = started.logs.find((l) => l.includes('credentials are signed with issuer key'));
    expect(JSON.parse(line!)).toMatchObject({
      level: 30,
      issuerKey: await publicKeyOf(seed),
      retiredKeys: [retired],
      msg: `credentials are signed with issuer key ${await publicKeyOf(seed)}; 1 retired key(s) still verify`,
    });
    const everything = started.logs.join('\n');
    for (const form of [
      seed,
      Buffer.from(seed, 'base64').toString('hex'),
      Buffer.from(seed, 'base64').toString('base64url'),
    ]) {
      expect(everything).not.toContain(form);
    }
  });
});
