import crypto from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { schemaProblems, vendoredSchemaProblems } from '../../../test/open-badges';
import { multipart } from '../../../test/uploads';

/** Issue 31, Tests: what the portal issues is an Open Badges 3.0 credential by the 1EdTech schema. */

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const number = () => `CRA-${crypto.randomBytes(4).toString('hex')}`;

async function issue(over: Record<string, unknown> = {}) {
  const res = await call(t.app, admin.cookie, {
    method: 'POST',
    url: '/api/certificates',
    payload: {
      userEmail: member.email,
      certificateNo: number(),
      name: 'Certified Recycling Advocate',
      validTill: inDays(365),
      holderName: 'Morgan Member',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; certificateNo: string; verificationUrl: string };
}

/** The credential as its holder downloads it. */
async function download(id: string): Promise<Json> {
  const res = await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${id}/credential` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** An admin's edit of a certificate, from its stored fields. */
async function edit(id: string, changes: Record<string, unknown>) {
  const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, id));
  const res = await call(t.app, admin.cookie, {
    method: 'PUT',
    url: `/api/certificates/${id}`,
    payload: {
      userEmail: row!.userEmail,
      certificateNo: row!.certificateNo,
      name: row!.name,
      validTill: row!.validTill.toISOString().slice(0, 10),
      holderName: row!.holderName,
      status: row!.status,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function revoke(id: string) {
  const res = await call(t.app, admin.cookie, {
    method: 'POST',
    url: `/api/certificates/${id}/revoke`,
    payload: { reason: 'Issued in error' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('every credential the portal issues is an AchievementCredential by the 1EdTech JSON schema', () => {
  it('the schema refuses what Open Badges 3.0 forbids (so the checks below can fail)', async () => {
    const credential = await download((await issue())._id);
    expect(schemaProblems(credential)).toEqual([]);
    // The vendored copy (2024) refuses only the single proof object, which 1EdTech's schema allows
    // since (fixtures/open-badges/README.md): with the current file, drop the override.
    expect(vendoredSchemaProblems(credential)).toEqual(['/proof must be array {"type":"array"}']);
    expect(vendoredSchemaProblems({ ...credential, proof: [credential.proof] })).toEqual([]);

    // Decision 0037: OB 3.0 allows one credentialStatus (0..1); we issued two entries before.
    const status = credential.credentialStatus as Json;
    const twoStatuses = [status, { ...status, statusPurpose: 'suspension' }];
    expect(schemaProblems({ ...credential, credentialStatus: twoStatuses })).toContain(
      '/credentialStatus must be object {"type":"object"}',
    );
    const subject = credential.credentialSubject as { identifier: Json[] };
    const phone = { ...subject, identifier: [{ ...subject.identifier[0], identityType: 'phone' }] };
    expect(schemaProblems({ ...credential, credentialSubject: phone })).not.toEqual([]);
    expect(schemaProblems({ ...credential, validFrom: 'yesterday' })).not.toEqual([]);
    expect(schemaProblems({ ...credential, '@context': ['https://www.w3.org/ns/credentials/v2'] })).not.toEqual([]);
    expect(schemaProblems({ ...credential, proof: 'signed' })).not.toEqual([]);
  });

  it('a fresh certificate’s credential, with and without a holder name, awarded in the past, or recorded after it lapsed', async () => {
    for (const over of [
      {},
      { holderName: '' },
      { awardedOn: '2021-03-04' },
      { validTill: inDays(-10) },
      { awardedOn: '2019-07-04', validTill: inDays(-30) },
    ]) {
      const credential = await download((await issue(over))._id);
      expect(schemaProblems(credential), JSON.stringify(over)).toEqual([]);
    }
  });

  it('the new copy an edit issues, and the copy it superseded', async () => {
    const cert = await issue();
    const before = await download(cert._id);
    await edit(cert._id, { name: 'Senior Recycling Advocate', validTill: inDays(400) });
    const after = await download(cert._id);
    expect(after.id).not.toBe(before.id);
    expect(schemaProblems(before)).toEqual([]);
    expect(schemaProblems(after)).toEqual([]);
  });

  it('the copy that names the holder by the hash of their e-mail, when they choose it', async () => {
    const cert = await issue();
    const res = await call(t.app, member.cookie, {
      method: 'PUT',
      url: `/api/certificates/${cert._id}/identifier`,
      payload: { kind: 'email' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const credential = await download(cert._id);
    const subject = credential.credentialSubject as { identifier: Json[] };
    expect(subject.identifier.map((i) => i.identityType)).toEqual(['emailAddress', 'name']);
    expect(schemaProblems(credential)).toEqual([]);
  });

  it('an Inactive certificate’s copy, and the copy a revoked then reinstated certificate gets', async () => {
    expect(schemaProblems(await download((await issue({ status: 'Inactive' }))._id))).toEqual([]);
    const cert = await issue();
    await revoke(cert._id);
    const back = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${cert._id}/reinstate`,
      payload: {},
    });
    expect(back.statusCode, back.body).toBe(200);
    const credential = await download(cert._id);
    expect(credential.id).toBe(`${cert.verificationUrl}/versions/2`);
    expect(schemaProblems(credential)).toEqual([]);
  });

  it('an imported certificate’s copy, signed by the background signer', async () => {
    const p = `interop-${Date.now().toString(36)}`;
    const csv = [
      'userEmail,certificateNo,name,status,validTill,awardedOn',
      `${member.email},${p}-1,Certified Recycling Advocate,Active,2030-06-30,2020-01-15`,
      `someone.${p}@example.org,${p}-2,Master Advocate,Inactive,2031-01-15,`,
    ].join('\r\n');
    const res = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates/import',
      ...multipart({ field: 'file', filename: 'certificates.csv', contentType: 'text/csv', data: csv }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, errors: [] });
    expect(await t.app.credentials.signUnsigned()).toBeGreaterThanOrEqual(2);
    const rows = await t.database.db
      .select()
      .from(certificates)
      .where(like(certificates.certificateNo, `${p}-%`));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.credential, row.certificateNo).not.toBeNull();
      expect(schemaProblems(row.credential!), row.certificateNo).toEqual([]);
    }
  });
});
