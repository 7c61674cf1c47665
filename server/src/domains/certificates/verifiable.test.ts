import crypto from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { checkStatus, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, eq, sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, certificates, credentialCopies, inboxItems } from '../../db/schema';
import {
  call,
  codeFrom,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  sessionCookie,
  type TestApp,
  blockApp,
  createTestApp,
  uniqueEmail,
} from '../../../test/harness';
import { verifierLoader, verifyWith } from '../../../test/verifier';
import { certificateNumber, inDays, issueCertificate, pathOf } from '../../../test/certificates';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
  other = await createUser(t);
});
afterAll(() => t.close());

const issue = (over: Record<string, unknown> = {}) =>
  issueCertificate(t.app, admin.cookie, { userEmail: member.email, ...over });

/** A certificate as the admin's dialog sends it back: what an edit changes a part of. */
async function formOf(id: string) {
  const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, id));
  return {
    userEmail: row!.userEmail,
    certificateNo: row!.certificateNo,
    name: row!.name,
    validTill: row!.validTill.toISOString().slice(0, 10),
    status: row!.status,
    holderName: row!.holderName,
  };
}
const edit = (id: string, changes: Record<string, unknown>) =>
  call(t.app, admin.cookie, { method: 'PUT', url: `/api/certificates/${id}`, payload: changes });

const idOf = (verificationUrl: string) => pathOf(verificationUrl).split('/').pop()!;

/** Digital Bazaar's verifier, reading the portal's DID document and status lists over HTTP. */
const verifyDownloaded = (credential: Record<string, unknown>) => verifyWith(t.app, credential);

/** Each status entry's bit, read from the status list the portal serves. */
async function statusBits(credential: Record<string, unknown>) {
  const documentLoader = verifierLoader(t.app);
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  const result = await checkStatus({ credential, documentLoader, suite });
  expect(result.verified, JSON.stringify(result.error)).toBe(true);
  return Object.fromEntries(result.results!.map((r) => [r.credentialStatus.statusPurpose, r.status]));
}

const download = async (id: string, cookie: string | undefined, what: 'credential' | 'pdf') =>
  call(t.app, cookie, { method: 'GET', url: `/api/certificates/${id}/${what}` });

describe('certificates belong to people, not to e-mail strings', () => {
  const openApp = blockApp({ SIGNUP_POLICY: 'open' });

  it('an admin changing a member’s e-mail carries the certificates along, and the freed address claims nothing', async () => {
    const b = await createUser(t, { email: uniqueEmail('b') });
    const cert = await issue({ userEmail: b.email });
    const newEmail = uniqueEmail('b-new');
    const changed = await call(t.app, admin.cookie, {
      method: 'PUT',
      url: `/api/users/${b.user.id}`,
      payload: { email: newEmail, name: 'B', certificateNo: 'CRA-T', gender: 'Human', job: 'Advocate', age: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const listed = await call(t.app, admin.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(newEmail)}`,
    });
    expect(listed.json().map((c: { _id: string }) => c._id)).toEqual([cert._id]);
    expect(listed.json()[0].userEmail).toBe(newEmail);
    const own = await call(t.app, b.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(newEmail)}`,
    });
    expect(own.json().map((c: { _id: string }) => c._id)).toEqual([cert._id]);

    // The reproduction of issue 11: sign-up with the old address and the number. Before
    // certificates were held by id (f998791), the e-mail change left the certificate on the old
    // address: the listings above were [] and this sign-up answered 201, taking it over.
    const takeover = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Mallory', email: b.email, certificateNo: cert.certificateNo, password: GOOD_PASSWORD },
    });
    expect(takeover.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(row?.holderId).toBe(b.user.id);
  });

  it('is claimed when the address is proven, by id, with the holder’s name; a deleted holder frees nothing', async () => {
    const email = uniqueEmail('claim');
    const cert = await issue({ userEmail: email, holderName: '' });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Casey Claimer', email, certificateNo: cert.certificateNo, password: GOOD_PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const cookie = sessionCookie(signup);
    const [before] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(before?.holderId).toBeNull();

    const code = codeFrom((await lastMail(t, email))?.text);
    const verified = await call(t.app, cookie, { method: 'POST', url: '/api/auth/verify-email', payload: { code } });
    expect(verified.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(after).toMatchObject({ holderId: verified.json().user._id, holderName: 'Casey Claimer' });
    expect(after?.claimedAt).not.toBeNull();
    // The claim filled in the name, so the credential is a new copy; it is the holder's first, so
    // nothing tells them to download it again (decision 0037).
    expect((after!.credential as { id: string }).id).toBe(`${cert.verificationUrl}/versions/2`);
    const notices = await t.database.db.select().from(inboxItems).where(eq(inboxItems.certificateId, cert._id));
    expect(notices).toEqual([]);

    // The account goes; the certificate stays claimed, and the free address cannot take it.
    const removed = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${after!.holderId}` });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Newcomer', email, certificateNo: cert.certificateNo, password: GOOD_PASSWORD },
    });
    expect(again.statusCode).toBe(400);
  });

  it('under the open sign-up policy too, a newcomer who proves a freed address claims nothing', async () => {
    const open = openApp();
    const boss = await createUser(open, { isAdmin: true, steppedUp: true });
    const holder = await createUser(open);
    const issued = await call(open.app, boss.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: {
        userEmail: holder.email,
        certificateNo: certificateNumber(),
        name: 'Open Advocate',
        validTill: inDays(90),
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const removed = await call(open.app, boss.cookie, { method: 'DELETE', url: `/api/users/${holder.user.id}` });
    expect(removed.statusCode).toBe(204);

    // Anyone may sign up with the now free address, and prove it, but the certificate stays claimed.
    const signup = await open.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Newcomer', email: holder.email, certificateNo: 'CRA-X', password: GOOD_PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const cookie = sessionCookie(signup);
    const code = codeFrom((await lastMail(open, holder.email))?.text);
    const verified = await call(open.app, cookie, {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    const [row] = await open.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, issued.json()._id as string));
    // Still the deleted holder's (their account is in the trash, decision 0017), never the newcomer's.
    expect(row?.holderId).toBe(holder.user.id);
    expect(row?.holderId).not.toBe(verified.json().user._id);
    const mine = await call(open.app, sessionCookie(verified), {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(holder.email)}`,
    });
    expect(mine.json()).toEqual([]);
  });

  it('issued to a verified member’s address, it is theirs at once', async () => {
    const cert = await issue({ userEmail: other.email });
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(row?.holderId).toBe(other.user.id);
  });
});

describe('the public verification page', () => {
  const limitedApp = blockApp({ VERIFY_RATE_LIMIT: '3', STATUS_LIST_RATE_LIMIT: '3' });

  it('shows the minimum to anyone, as HTML without script, with noindex and an Open Graph preview', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    const res = await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    const html = res.body;
    for (const text of [
      'Valid certificate',
      'Morgan Member',
      'Certified Recycling Advocate',
      cert.certificateNo,
      t.config.boardName,
      'Authentic',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<meta property="og:title" content="Certified Recycling Advocate: Active">/);
    expect(html).not.toContain('<script');
    expect(html).not.toContain(member.email);
    // No e-mail address but the board's own, where a problem is reported (issue 31).
    expect([...html.matchAll(/[\w.+-]+@[\w-]+\.[\w.]+/g)].map((m) => m[0])).toEqual([
      t.config.boardContactEmail,
      t.config.boardContactEmail,
    ]);
  });

  it('answers the same facts as JSON, with nothing that leads to the holder’s e-mail', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    const res = await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      holderName: 'Morgan Member',
      credentialName: 'Certified Recycling Advocate',
      certificateNo: cert.certificateNo,
      status: 'Active',
      statusSince: null,
      signature: { valid: true, issuer: 'did:web:localhost%3A3000' },
      board: { name: t.config.boardName },
    });
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain(member.user.id);
    expect(res.body).not.toContain(cert._id);
  });

  it('answers 404 for unknown, tampered and malformed ids, never a 500', async () => {
    const cert = await issue();
    const id = idOf(cert.verificationUrl);
    expect(id.length).toBeGreaterThanOrEqual(22); // at least 128 bits in base64url
    const tampered = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      tampered,
      crypto.randomBytes(24).toString('base64url'),
      'x',
      "'; drop table--",
      '%00',
      cert._id,
    ]) {
      const page = await t.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(bad)}` });
      expect(page.statusCode, bad).toBe(404);
      expect(page.body).toContain('Certificate not found');
      const json = await t.app.inject({ method: 'GET', url: `/api/verify/${encodeURIComponent(bad)}` });
      expect(json.statusCode, bad).toBe(404);
    }
  });

  it('looks a known, an unknown and a malformed id up alike: one indexed read, no shortcut', async () => {
    // Issue 11 asks unknown ids to take as long as known ones. Timing is the bench's to measure
    // (npm run bench: the known and the unknown id side by side); here, what makes it true: every
    // id costs the same single read, and nothing answers a malformed id before the database does.
    const cert = await issue();
    const known = idOf(cert.verificationUrl);
    await t.app.inject({ method: 'GET', url: `/api/verify/${known}` }); // its signature check is remembered
    // Every statement drizzle runs, prepared once or built per call, goes through one of these.
    const statements = [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype].map((p) =>
      vi.spyOn(p, 'execute'),
    );
    const certificateReads = () =>
      statements
        .flatMap((s) => s.mock.contexts as { queryString: string }[])
        .filter((q) => /^select .* from "certificates"/s.test(q.queryString)).length;
    const writes = vi.spyOn(t.app.db, 'transaction');
    try {
      for (const id of [known, crypto.randomBytes(32).toString('base64url'), 'x', `${known}!`]) {
        for (const url of [`/api/verify/${encodeURIComponent(id)}`, `/verify/${encodeURIComponent(id)}`]) {
          for (const s of statements) s.mockClear();
          writes.mockClear();
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(id === known ? 200 : 404);
          expect([certificateReads(), writes.mock.calls.length], url).toEqual([1, 0]);
        }
      }
    } finally {
      for (const s of statements) s.mockRestore();
      writes.mockRestore();
    }
  });

  it('is rate limited per client address, on every public route, without storing the address', async () => {
    // The status lists have a limit of their own (issue 31), here as small as the page's.
    const limited = limitedApp();
    const unknown = crypto.randomBytes(32).toString('base64url');
    const routes = [`/api/verify/${unknown}`, `/verify/${unknown}`, '/api/status-lists/revocation/1'];
    for (const [i, url] of routes.entries()) {
      const remoteAddress = `127.9.9.${i + 1}`;
      const statuses = [];
      for (let n = 0; n < 4; n++) {
        statuses.push((await limited.app.inject({ method: 'GET', url, remoteAddress })).statusCode);
      }
      expect(statuses, url).toEqual([404, 404, 404, 429]);
      // Another address is not held back by this one's count.
      expect((await limited.app.inject({ method: 'GET', url, remoteAddress: '127.9.8.1' })).statusCode).toBe(404);
    }
    // The counters are kept under a keyed hash: no visitor's address is in the database.
    const { rows } = (await limited.database.db.execute(sql`select key from rate_limit_hits`)) as unknown as {
      rows: { key: string }[];
    };
    expect(rows.length).toBeGreaterThanOrEqual(routes.length);
    expect(rows.filter((r) => /127\.9\./.test(r.key))).toEqual([]);
  });

  it('counts views per certificate for the holder, and keeps no visitor data', async () => {
    const cert = await issue();
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` });
    await t.app.verificationViews.flush();
    const mine = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}?limit=200`,
    });
    const listed = mine.json().find((c: { _id: string }) => c._id === cert._id);
    // GET /api/certificates/{userEmail}: each item carries its _id and its verification URL.
    expect(listed).toMatchObject({ _id: cert._id, verificationUrl: cert.verificationUrl, verificationViews: 4 });
    expect(cert.verificationUrl).toMatch(/^http:\/\/localhost:3000\/verify\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('PDF and credential downloads', () => {
  it('gives the holder and admins a PDF with the verification link; another member gets 403', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    for (const cookie of [member.cookie, admin.cookie]) {
      const res = await download(cert._id, cookie, 'pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`certificate-${cert.certificateNo}.pdf`);
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getSubject()).toBe(cert.verificationUrl);
    }
    const letter = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${cert._id}/pdf?size=letter`,
    });
    const { width, height } = (await PDFDocument.load(letter.rawPayload)).getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([792, 612]);
    expect((await download(cert._id, other.cookie, 'pdf')).statusCode).toBe(403);
    expect((await download(cert._id, undefined, 'pdf')).statusCode).toBe(401);
    expect((await download(crypto.randomUUID(), admin.cookie, 'pdf')).statusCode).toBe(404);
    expect((await download('not-an-id', admin.cookie, 'pdf')).statusCode).toBe(400);
  });

  it('serves a signed Open Badges 3.0 credential that the library verifies against the portal’s DID document', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    const res = await download(cert._id, member.cookie, 'credential');
    expect(res.statusCode).toBe(200);
    // Issue 31: the media type of a verifiable credential (VC Data Model 2.0 §6.2), in a .json file.
    expect(res.headers['content-type']).toBe('application/vc');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${cert.certificateNo}.json"`);
    const credential = res.json() as Record<string, unknown>;
    expect(credential).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: 'did:web:localhost%3A3000' },
      credentialSubject: {
        type: ['AchievementSubject'],
        licenseNumber: cert.certificateNo,
        achievement: { type: ['Achievement'], name: 'Certified Recycling Advocate' },
      },
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' },
    });
    // Finding F15: the holder is named by the certificate number (and the name), never the e-mail.
    expect(res.body).not.toContain(member.email);
    expect((credential.credentialSubject as { identifier: unknown }).identifier).toEqual([
      { type: 'IdentityObject', identityType: 'identifier', hashed: false, identityHash: cert.certificateNo },
      { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Morgan Member' },
    ]);

    const result = await verifyDownloaded(credential);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);

    // One changed character and the proof fails.
    const tampered = JSON.parse(res.body.replace(cert.certificateNo, `${cert.certificateNo.slice(0, -1)}X`));
    expect((await verifyDownloaded(tampered)).verified).toBe(false);

    // Once revoked, the same download still carries a valid proof, and the verifier reports it revoked.
    const statusOf = (r: Awaited<ReturnType<typeof verifyDownloaded>>) =>
      Object.fromEntries(
        (r.statusResult as Awaited<ReturnType<typeof checkStatus>>).results!.map((s) => [
          s.credentialStatus.statusPurpose,
          s.status,
        ]),
      );
    expect(statusOf(result)).toEqual({ revocation: false });
    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${cert._id}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const afterRevocation = await verifyDownloaded(credential);
    expect(afterRevocation.verified, JSON.stringify(afterRevocation.error)).toBe(true);
    expect(statusOf(afterRevocation)).toEqual({ revocation: true });

    expect((await download(cert._id, other.cookie, 'credential')).statusCode).toBe(403);
  });

  it('signs at start the certificates that have none, so that a view does not sign', async () => {
    // Rows from before signing existed, the demo data or a load with SQL carry no credential.
    const [unsigned] = await t.database.db
      .insert(certificates)
      .values({
        userEmail: member.email,
        certificateNo: certificateNumber(),
        name: 'Loaded Advocate',
        validTill: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(unsigned?.credential).toBeNull();
    expect(await t.app.credentials.signUnsigned()).toBeGreaterThanOrEqual(1);
    const [signed] = await t.database.db.select().from(certificates).where(eq(certificates.id, unsigned!.id));
    expect(signed?.credential).toMatchObject({ proof: { cryptosuite: 'eddsa-rdfc-2022' } });
    expect((await verifyDownloaded(signed!.credential!)).verified).toBe(true);

    const writes = vi.spyOn(t.app.db, 'transaction');
    try {
      const page = await t.app.inject({ method: 'GET', url: `/api/verify/${signed!.verificationId}` });
      expect(page.json()).toMatchObject({ status: 'Active', signature: { valid: true } });
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
    }
    expect(await t.app.credentials.signUnsigned()).toBe(0);

    // An Inactive one's copy is revoked as it is signed (decision 0037: to outside verifiers a
    // suspended certificate's copy is revoked).
    const [inactive] = await t.database.db
      .insert(certificates)
      .values({
        userEmail: member.email,
        certificateNo: certificateNumber(),
        name: 'Loaded Advocate',
        status: 'Inactive',
        validTill: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(await t.app.credentials.signUnsigned()).toBe(1);
    const [suspended] = await t.database.db.select().from(certificates).where(eq(certificates.id, inactive!.id));
    expect(await statusBits(suspended!.credential!)).toEqual({ revocation: true });
  });

  it('publishes the key in a DID document of Multikeys', async () => {
    const cert = await issue();
    const signed = (await download(cert._id, member.cookie, 'credential')).json();
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/did.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.id).toBe('did:web:localhost%3A3000');
    expect(doc.verificationMethod).toEqual([
      {
        id: signed.proof.verificationMethod,
        type: 'Multikey',
        controller: doc.id,
        publicKeyMultibase: signed.proof.verificationMethod.split('#')[1],
      },
    ]);
    expect(doc.assertionMethod).toEqual([signed.proof.verificationMethod]);
    // Rotations, retired keys and a compromised key: issuer-keys.test.ts (decisions 0038 and 0064).
  });
});

describe('revocation and suspension', () => {
  const revoke = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
    call(t.app, cookie, { method: 'POST', url: `/api/certificates/${id}/revoke`, payload });
  const reinstate = (id: string, payload: Record<string, unknown> = {}, cookie = admin.cookie) =>
    call(t.app, cookie, { method: 'POST', url: `/api/certificates/${id}/reinstate`, payload });

  it('revokes the copy for good with the certificate, shows "authentic, but revoked", audits and mails', async () => {
    const cert = await issue();
    const credential = (await download(cert._id, member.cookie, 'credential')).json();
    expect(await statusBits(credential)).toEqual({ revocation: false });

    const res = await revoke(cert._id, { reason: 'Exam fraud', notifyHolder: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Revoked', revocationReason: 'Exam fraud' });
    expect(await statusBits(credential)).toEqual({ revocation: true });

    const page = await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    expect(page.body).toContain('Revoked certificate');
    expect(page.body).toContain('Authentic');
    expect(page.body).not.toContain('Valid certificate');
    expect(page.body).not.toContain('Exam fraud'); // the reason is for the holder and admins
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json).toMatchObject({ status: 'Revoked', signature: { valid: true } });
    expect(json.statusSince).not.toBeNull();

    const mail = await lastMail(t, member.email);
    expect(mail?.subject).toBe(`Your certificate ${cert.certificateNo} was revoked`);
    expect(mail?.text).toContain('Exam fraud');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cert._id), eq(auditLog.action, 'certificate.revoke')));
    expect(audit).toMatchObject({ actorId: admin.user.id, details: { reason: 'Exam fraud', notifyHolder: true } });

    expect((await revoke(cert._id, { reason: 'Again' })).statusCode).toBe(409);
    const back = await reinstate(cert._id, { notifyHolder: false });
    expect(back.statusCode).toBe(200);
    // Not asked to, so the holder gets no mail of it.
    expect((await lastMail(t, member.email))?.subject).toBe(`Your certificate ${cert.certificateNo} was revoked`);
    expect(back.json()).toMatchObject({ status: 'Active', revokedAt: null, revocationReason: null });
    // Bitstring Status List v1.0: a revocation is final. The revoked copy stays revoked; the
    // reinstated certificate has a new copy, which verifies.
    expect(await statusBits(credential)).toEqual({ revocation: true });
    const fresh = (await download(cert._id, member.cookie, 'credential')).json();
    expect(fresh.id).toBe(`${cert.verificationUrl}/versions/2`);
    expect(fresh.id).not.toBe(credential.id);
    expect(await statusBits(fresh)).toEqual({ revocation: false });
    expect((await verifyDownloaded(fresh)).verified).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) })).body).toContain(
      'Valid certificate',
    );
    expect((await reinstate(cert._id)).statusCode).toBe(409);
  });

  it('refuses a missing reason, the wrong role and unknown ids, and changes nothing', async () => {
    const cert = await issue();
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', extra: 1 },
    ]) {
      expect((await revoke(cert._id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await revoke(cert._id, { reason: 'mine' }, member.cookie)).statusCode).toBe(403);
    expect((await reinstate(cert._id, {}, member.cookie)).statusCode).toBe(403);
    expect(
      (
        await call(t.app, undefined, {
          method: 'POST',
          url: `/api/certificates/${cert._id}/revoke`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await revoke(crypto.randomUUID(), { reason: 'gone' })).statusCode).toBe(404);
    expect((await revoke('nope', { reason: 'gone' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(row?.revokedAt).toBeNull();
  });

  it('shows Inactive as Inactive, its copy revoked to outside verifiers, never as valid', async () => {
    const cert = await issue({ status: 'Inactive' });
    const credential = (await download(cert._id, member.cookie, 'credential')).json();
    expect(await statusBits(credential)).toEqual({ revocation: true });
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json).toMatchObject({ status: 'Inactive', signature: { valid: true } });

    const active = await edit(cert._id, { ...(await formOf(cert._id)), validTill: inDays(365), status: 'Active' });
    expect(active.statusCode).toBe(200);
    const resigned = (await download(cert._id, member.cookie, 'credential')).json();
    expect(await statusBits(resigned)).toEqual({ revocation: false });
    // Reactivation issued a new copy; the suspended one stays revoked.
    expect(resigned.id).not.toBe(credential.id);
    expect(await statusBits(credential)).toEqual({ revocation: true });
  });

  it('shows a certificate past its valid-till date as Expired on that date, never as valid', async () => {
    const cert = await issue({ validTill: inDays(-3) });
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json).toMatchObject({ status: 'Expired', statusSince: json.validTill, signature: { valid: true } });
    const page = await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    expect(page.body).toContain('Expired certificate');
    expect(page.body).toMatch(/Expired on \w+ \d{1,2}, \d{4}/);
    expect(page.body).not.toContain('Valid certificate');
    expect(page.body).toContain('Authentic');
  });

  it('revokes a deleted certificate’s credential, so a copy already handed out stops verifying as valid', async () => {
    const cert = await issue();
    const credential = (await download(cert._id, member.cookie, 'credential')).json();
    expect(
      (await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${cert._id}` })).statusCode,
    ).toBe(204);
    expect(await statusBits(credential)).toEqual({ revocation: true });
    expect((await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) })).statusCode).toBe(404);
  });

  it('gives each copy a random place, so positions do not follow the order of issue', async () => {
    const issued = [];
    for (let i = 0; i < 12; i++) issued.push(await issue());
    const positions: number[] = [];
    for (const cert of issued) {
      const credential = (await download(cert._id, member.cookie, 'credential')).json();
      // Open Badges 3.0 allows one credentialStatus: the copy's entry in a revocation list.
      expect(credential.credentialStatus).toMatchObject({
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
      });
      positions.push(Number(credential.credentialStatus.statusListIndex));
    }
    expect(new Set(positions).size).toBe(positions.length);
    // Neither rising nor a fixed stride (the permutation of issue order they replace).
    const steps = positions.slice(1).map((p, i) => (p - positions[i]! + 131_072) % 131_072);
    expect(new Set(steps).size).toBeGreaterThan(1);
    expect(positions).not.toEqual([...positions].sort((x, y) => x - y));

    const [victim] = issued;
    const credential = (await download(victim!._id, member.cookie, 'credential')).json();
    await revoke(victim!._id, { reason: 'Check the bit' });
    const list = (
      await t.app.inject({ method: 'GET', url: pathOf(credential.credentialStatus.statusListCredential) })
    ).json();
    const bits = await decodeList({ encodedList: list.credentialSubject.encodedList });
    expect(bits.getStatus(Number(credential.credentialStatus.statusListIndex))).toBe(true);
    expect(bits.getStatus(positions[1]!)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/status-lists/other/1' })).statusCode).toBe(400);
    // A list no copy sits in does not exist, and asking for it stores nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/status-lists/revocation/999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/status-lists/suspension/1' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/status-lists/revocation/16385' })).statusCode).toBe(400);
  });
});

describe('a copy never changes (decision 0037)', () => {
  const newCopyNotices = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(inboxItems)
        .where(and(eq(inboxItems.certificateId, id), eq(inboxItems.kind, 'new-copy')))
    ).length;
  const copiesOf = (id: string) =>
    t.database.db
      .select()
      .from(credentialCopies)
      .where(eq(credentialCopies.certificateId, id))
      .orderBy(credentialCopies.number);

  it('revokes the old copy and issues a new one on every change to what a copy states', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    const changes: Record<string, unknown>[] = [
      { name: 'Senior Recycling Advocate' },
      { validTill: inDays(30) },
      { holderName: 'Morgan M. Member' },
      { certificateNo: certificateNumber() },
    ];
    let before = (await download(cert._id, member.cookie, 'credential')).json();
    for (const change of changes) {
      const res = await edit(cert._id, { ...(await formOf(cert._id)), ...change });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await download(cert._id, member.cookie, 'credential')).json();
      expect(after.id, JSON.stringify(change)).not.toBe(before.id);
      expect(await statusBits(before), JSON.stringify(change)).toEqual({ revocation: true });
      expect(await statusBits(after)).toEqual({ revocation: false });
      expect((await verifyDownloaded(after)).verified).toBe(true);
      // The old copy's own page says what became of it and leads to the certificate as it is now.
      const page = await t.app.inject({ method: 'GET', url: pathOf(before.id) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Superseded by a newer version');
      expect(page.body).toContain(`href="${cert.verificationUrl}"`);
      before = after;
    }
    // The holder is told each time, in the inbox and by mail, to download the new copy.
    expect(await newCopyNotices(cert._id)).toBe(changes.length);
    const mail = await lastMail(t, member.email);
    expect(mail?.subject).toBe(`Download your updated certificate ${(await formOf(cert._id)).certificateNo}`);
    expect(mail?.text).toContain('no longer verifies');
    // The current copy's page is the certificate's.
    const current = await t.app.inject({ method: 'GET', url: pathOf(before.id) });
    expect(current.statusCode).toBe(303);
    expect(current.headers.location).toBe(cert.verificationUrl);
    expect(await copiesOf(cert._id)).toHaveLength(changes.length + 1);
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(cert.verificationUrl)}/versions/99` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(cert.verificationUrl)}/versions/0` })).statusCode).toBe(
      400,
    );
    // The certificate's page verifies the current copy.
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json).toMatchObject({ status: 'Active', signature: { valid: true } });
  });

  it('keeps the copy when nothing it states changes', async () => {
    const cert = await issue();
    const first = (await download(cert._id, member.cookie, 'credential')).json();
    expect((await edit(cert._id, await formOf(cert._id))).statusCode).toBe(200);
    const after = (await download(cert._id, member.cookie, 'credential')).json();
    expect(after).toEqual(first);
    expect(await copiesOf(cert._id)).toHaveLength(1);
    expect(await newCopyNotices(cert._id)).toBe(0);
  });

  it('never clears a revocation: suspension, the trash and their undoing each leave the old copy revoked', async () => {
    const cert = await issue();
    const seen = [(await download(cert._id, member.cookie, 'credential')).json()];
    expect((await edit(cert._id, { ...(await formOf(cert._id)), status: 'Inactive' })).statusCode).toBe(200);
    expect((await edit(cert._id, { ...(await formOf(cert._id)), status: 'Active' })).statusCode).toBe(200);
    seen.push((await download(cert._id, member.cookie, 'credential')).json());
    expect(
      (await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${cert._id}` })).statusCode,
    ).toBe(204);
    const restored = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/trash/certificate/${cert._id}/restore`,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    seen.push((await download(cert._id, member.cookie, 'credential')).json());
    expect(new Set(seen.map((c) => c.id)).size).toBe(3);
    expect(await statusBits(seen[0])).toEqual({ revocation: true });
    expect(await statusBits(seen[1])).toEqual({ revocation: true });
    expect(await statusBits(seen[2])).toEqual({ revocation: false });
    const copies = await copiesOf(cert._id);
    expect(copies.map((c) => [c.number, c.revocationReason])).toEqual([
      [1, 'suspended'],
      [2, 'deleted'],
      [3, null],
    ]);
  });
});

describe('the holder’s identifier in the credential (finding F15)', () => {
  const choose = (id: string, payload: unknown, cookie: string | null = member.cookie) =>
    call(t.app, cookie ?? undefined, {
      method: 'PUT',
      url: `/api/certificates/${id}/identifier`,
      payload: payload as object,
    });
  const identifiersOf = (credential: Record<string, unknown>) =>
    (credential.credentialSubject as { identifier: Record<string, unknown>[] }).identifier;
  const storedCredential = async (id: string) =>
    (await t.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!.credential;

  it('is the certificate number by default: a fresh credential carries no hash of the e-mail', async () => {
    const cert = await issue({ holderName: '', userEmail: member.email });
    const listed = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}?limit=200`,
    });
    expect(listed.json().find((c: { _id: string }) => c._id === cert._id).credentialIdentifier).toBe('certificateNo');
    const res = await download(cert._id, member.cookie, 'credential');
    expect(identifiersOf(res.json())[0]).toEqual({
      type: 'IdentityObject',
      identityType: 'identifier',
      hashed: false,
      identityHash: cert.certificateNo,
    });
    expect(res.body).not.toContain('emailAddress');
    expect(res.body).not.toContain('sha256$');
    expect(res.body).not.toContain('salt');
  });

  it('is the salted hash of the e-mail when the holder asks, signed again at once, and back to the number', async () => {
    const cert = await issue({ holderName: 'Morgan Member' });
    const before = await storedCredential(cert._id);
    const res = await choose(cert._id, { kind: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: cert._id, credentialIdentifier: 'email', version: 2 });
    const credential = (await download(cert._id, member.cookie, 'credential')).json();
    expect(credential).not.toEqual(before);
    const [hashed, name] = identifiersOf(credential);
    expect(hashed).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(hashed!.identityHash).toBe(
      `sha256$${crypto
        .createHash('sha256')
        .update(member.email + (hashed!.salt as string))
        .digest('hex')}`,
    );
    expect(name).toMatchObject({ identityType: 'name', identityHash: 'Morgan Member' });
    expect(JSON.stringify(credential)).not.toContain(member.email);
    expect((await verifyDownloaded(credential)).verified).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cert._id), eq(auditLog.action, 'certificate.identifier')));
    expect(audit).toMatchObject({ actorId: member.user.id, details: { before: 'certificateNo', after: 'email' } });

    // The same choice again changes nothing; the number again signs it again.
    const again = await choose(cert._id, { kind: 'email' });
    expect(again.json()).toMatchObject({ credentialIdentifier: 'email', version: 2 });
    expect(await storedCredential(cert._id)).toEqual(credential);
    const back = await choose(cert._id, { kind: 'certificateNo' }, admin.cookie);
    expect(back.json()).toMatchObject({ credentialIdentifier: 'certificateNo', version: 3 });
    const renamed = (await download(cert._id, member.cookie, 'credential')).json();
    expect(identifiersOf(renamed)[0]).toMatchObject({ identityType: 'identifier', identityHash: cert.certificateNo });
    expect((await verifyDownloaded(renamed)).verified).toBe(true);
  });

  it('is the holder’s (or an admin’s) to choose: another member gets 403, a guest 401, an unknown id 404, a bad body 400', async () => {
    const cert = await issue();
    const before = await storedCredential(cert._id);
    const refused = await choose(cert._id, { kind: 'email' }, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only view your own certificates');
    expect((await choose(cert._id, { kind: 'email' }, null)).statusCode).toBe(401);
    expect((await choose(crypto.randomUUID(), { kind: 'email' })).statusCode).toBe(404);
    expect((await choose('not-an-id', { kind: 'email' })).statusCode).toBe(400);
    for (const payload of [
      {},
      { kind: 'phone' },
      { kind: 'EMAIL' },
      { kind: 1 },
      { kind: 'email', extra: true },
      null,
    ]) {
      const res = await choose(cert._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(row).toMatchObject({ identifyByEmail: false, version: 1 });
    expect(row!.credential).toEqual(before);
  });
});

describe('the award date (issue 31)', () => {
  const credentialOf = async (id: string) =>
    (await download(id, member.cookie, 'credential')).json() as Record<string, unknown>;

  it('is the credential’s awardedDate and validFrom, and an edit of it signs the credential again', async () => {
    const cert = await issue({ awardedOn: '2024-05-10', holderName: 'Morgan Member' });
    const credential = await credentialOf(cert._id);
    expect(credential).toMatchObject({ awardedDate: '2024-05-10T00:00:00Z', validFrom: '2024-05-10T00:00:00Z' });
    const result = await verifyDownloaded(credential);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);

    const edited = await edit(cert._id, { ...(await formOf(cert._id)), awardedOn: '2023-02-01' });
    expect(edited.statusCode, edited.body).toBe(200);
    const resigned = await credentialOf(cert._id);
    expect(resigned).toMatchObject({ awardedDate: '2023-02-01T00:00:00Z', validFrom: '2023-02-01T00:00:00Z' });
    expect((await verifyDownloaded(resigned)).verified).toBe(true);
  });

  it('never makes a credential valid after it ends: recorded after it lapsed without its award date, it is valid from its end', async () => {
    const cert = await issue({ validTill: inDays(-10) });
    const credential = await credentialOf(cert._id);
    expect(credential.validFrom).toBe(credential.validUntil);
    expect(new Date(credential.awardedDate as string).getTime()).toBeGreaterThan(
      new Date(credential.validUntil as string).getTime(),
    );
  });

  it('is what the public page and its JSON show as Issued, not the day the record was made', async () => {
    const cert = await issue({ awardedOn: '2019-07-04', validTill: inDays(-30) });
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json).toMatchObject({ issuedOn: '2019-07-04T00:00:00.000Z', status: 'Expired', signature: { valid: true } });
    const page = await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    expect(page.body).toContain('<dt>Issued</dt><dd>July 4, 2019</dd>');
  });

  it('is the PDF’s issue date', async () => {
    const cert = await issue({ awardedOn: '2022-09-30' });
    const res = await download(cert._id, member.cookie, 'pdf');
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
    expect(pdf.getCreationDate()?.toISOString()).toBe('2022-09-30T00:00:00.000Z');
  });

  it('no longer checks out when it is changed behind the portal’s back', async () => {
    const cert = await issue({ awardedOn: '2024-05-10' });
    const url = `/api/verify/${idOf(cert.verificationUrl)}`;
    expect((await t.app.inject({ method: 'GET', url })).json().signature.valid).toBe(true);
    await t.database.db
      .update(certificates)
      .set({ awardedOn: new Date('2010-01-01T00:00:00.000Z') })
      .where(eq(certificates.id, cert._id));
    const json = (await t.app.inject({ method: 'GET', url })).json();
    expect(json).toMatchObject({ issuedOn: '2010-01-01T00:00:00.000Z', signature: { valid: false } });
  });
});

describe('a tampered record', () => {
  it('no longer checks out when a row is changed behind the portal’s back', async () => {
    const cert = await issue();
    // Checked once and remembered: the change below must still be seen.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json(),
    ).toMatchObject({
      signature: { valid: true },
    });
    await t.database.db
      .update(certificates)
      .set({ validTill: new Date('2099-12-31T23:59:59.999Z') })
      .where(eq(certificates.id, cert._id));
    const json = (await t.app.inject({ method: 'GET', url: `/api/verify/${idOf(cert.verificationUrl)}` })).json();
    expect(json.signature.valid).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: pathOf(cert.verificationUrl) });
    expect(page.body).toContain('The signature does not check out');
  });

  it('no longer checks out when the stored credential is changed, after a view was remembered', async () => {
    const cert = await issue();
    const url = `/api/verify/${idOf(cert.verificationUrl)}`;
    expect((await t.app.inject({ method: 'GET', url })).json().signature.valid).toBe(true);
    await t.database.db
      .update(certificates)
      .set({ credential: sql`jsonb_set(${certificates.credential}, '{name}', '"Forged name"')` })
      .where(eq(certificates.id, cert._id));
    expect((await t.app.inject({ method: 'GET', url })).json().signature.valid).toBe(false);
  });
});

describe('the portal’s own document loader', () => {
  it('resolves its DID to the published document and a key to its method with the Multikey context, and refuses an unknown key', async () => {
    const { did, verificationMethod, documentLoader, didDocument } = t.app.credentials;
    const whole = await documentLoader(did);
    expect(whole).toMatchObject({ documentUrl: did, document: await didDocument() });
    const key = await documentLoader(verificationMethod);
    expect(key.documentUrl).toBe(verificationMethod);
    expect(key.document).toMatchObject({ '@context': 'https://w3id.org/security/multikey/v1', id: verificationMethod });
    await expect(documentLoader(`${did}#no-such-key`)).rejects.toThrow(
      `Unknown verification method ${did}#no-such-key`,
    );
    // Another DID is not ours to resolve: the bundled contexts refuse it (nothing is fetched).
    await expect(documentLoader('did:web:elsewhere.example')).rejects.toThrow();
  });
});
