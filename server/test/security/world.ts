import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { addMinutes } from '../../src/lib/clock';
import { generateSecret } from 'otplib';
import { piiKeyring } from '../../src/lib/keys';
import { hashPassword } from '../../src/lib/passwords';
import { createPii } from '../../src/lib/pii';
import { SECRET_FIELD } from '../../src/domains/mfa/service';
import { randomToken, sha256 } from '../../src/lib/tokens';
import { SESSION_ABSOLUTE_MINUTES } from '../../src/plugins/auth';
import { call, GOOD_PASSWORD, registerCertificate, type TestApp, uniqueEmail } from '../harness';
import { multipart, pdf, png } from '../uploads';

/**
 * The callers of the security suites, made straight in the database: one password hash for
 * all of them and a session row per caller, so a fresh set per check costs no argon2 work.
 */
export interface Actor {
  id: string;
  email: string;
  cookie: string;
}

let sharedHash: Promise<string> | undefined;

export async function makeActor(t: TestApp, { isAdmin = false, isVerified = true, prefix = 'sec' } = {}) {
  const passwordHash = await (sharedHash ??= hashPassword(GOOD_PASSWORD));
  const email = uniqueEmail(prefix);
  const [row] = await t.database.db
    .insert(users)
    .values({ email, name: `Caller ${prefix}`, passwordHash, isAdmin, isVerified, certificateNo: 'CRA-T' })
    .returning();
  return { id: row!.id, email: row!.email, cookie: await sessionFor(t, row!.id) };
}

/**
 * Issue 19: an admin with TOTP who gave the password and not yet the code, as login leaves them;
 * `totpSecret` is their authenticator's secret.
 */
export async function makePendingActor(t: TestApp) {
  const actor = await makeActor(t, { isAdmin: true, prefix: 'pending' });
  const totpSecret = generateSecret();
  const sealed = createPii(piiKeyring(t.app.keys)).encrypt(totpSecret, actor.id, SECRET_FIELD);
  await t.database.db.update(users).set({ mfaEnabled: true, totpSecret: sealed }).where(eq(users.id, actor.id));
  await t.database.db.delete(sessions).where(eq(sessions.userId, actor.id));
  return { ...actor, totpSecret, cookie: await sessionFor(t, actor.id, { mfaPending: true }) };
}

/** A signed-in session for the user, as login would have made it. */
export async function sessionFor(t: TestApp, userId: string, { mfaPending = false } = {}) {
  const token = randomToken();
  const now = t.clock.now();
  await t.database.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: addMinutes(now, SESSION_ABSOLUTE_MINUTES),
    mfaPending,
  });
  return `sid=${token}`;
}

export interface World {
  t: TestApp;
  unverified: Actor;
  memberA: Actor;
  memberB: Actor;
  admin: Actor;
  pending: Actor & { totpSecret: string };
}

export async function makeWorld(t: TestApp): Promise<World> {
  return {
    t,
    unverified: await makeActor(t, { isVerified: false, prefix: 'unverified' }),
    memberA: await makeActor(t, { prefix: 'member-a' }),
    memberB: await makeActor(t, { prefix: 'member-b' }),
    admin: await makeActor(t, { isAdmin: true, prefix: 'admin' }),
    pending: await makePendingActor(t),
  };
}

/** Sends `opts` as `actor` and expects `status`; returns the parsed body. */
export async function expectOk(t: TestApp, actor: Actor, opts: InjectOptions, status: number) {
  const res = await call(t.app, actor.cookie, opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(status);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

export const pngPart = async (field = 'file') =>
  multipart({ field, filename: 'photo.png', contentType: 'image/png', data: await png() });
/** A CSV of certificates to import (issue 16). */
export const csvPart = (text: string) =>
  multipart({ field: 'file', filename: 'certificates.csv', contentType: 'text/csv', data: text });

export const pdfPart = () =>
  multipart({ field: 'file', filename: 'certificate.pdf', contentType: 'application/pdf', data: pdf() });

/** An image `actor` uploaded, not yet part of any record. */
export async function uploadImage(w: World, actor: Actor) {
  const body = await expectOk(w.t, actor, { method: 'POST', url: '/api/upload', ...(await pngPart('image')) }, 201);
  return body.url as string;
}

/** Member A's report, with an image A uploaded. */
export async function reportOfA(w: World) {
  const imageUrl = await uploadImage(w, w.memberA);
  // Issue 17: an image needs the client's consent to photos.
  const payload = { clientName: 'Client of A', ssn: '123-45-6789', imageUrl, consent: { photo: 'Yes' } };
  const body = await expectOk(w.t, w.memberA, { method: 'POST', url: '/api/reports', payload }, 201);
  return { id: body._id as string, imageUrl };
}

export const certificatePayload = (userEmail: string, downloadLink = '') => ({
  userEmail,
  certificateNo: `CRA-${Date.now()}`,
  name: 'Certified Recycling Advocate',
  validTill: '2099-01-01',
  downloadLink,
});

/** Member A's certificate, with a PDF an admin uploaded. */
export async function certificateOfA(w: World) {
  const file = await expectOk(w.t, w.admin, { method: 'POST', url: '/api/upload-file', ...pdfPart() }, 201);
  const payload = certificatePayload(w.memberA.email, file.fileUrl as string);
  const body = await expectOk(w.t, w.admin, { method: 'POST', url: '/api/certificates', payload }, 201);
  return {
    id: body._id as string,
    downloadLink: file.fileUrl as string,
    verificationUrl: body.verificationUrl as string,
  };
}

/** What the profile screen sends (spec §7). */
export const profilePayload = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  password: 'whatever-the-state-held',
  name: 'Renamed Member',
  job: 'Advocate',
  age: 41,
  picture: '',
  gender: 'Female',
  phoneNo: '555-0100',
  address: { area: 'Downtown', state: 'OR', country: 'United States', postalCode: '97201' },
  ...over,
});

/** What the admin's Edit User dialog sends (spec §5). */
export const adminEditPayload = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  name: 'Edited By Admin',
  certificateNo: 'CRA-9000',
  gender: 'Male',
  job: 'Coordinator',
  age: 30,
  phoneNo: '',
  address: { area: '', state: '', country: '', postalCode: '' },
  ...over,
});

/** A sign-up the registry policy accepts. */
export async function signupPayload(t: TestApp) {
  const email = uniqueEmail('signup');
  const certificateNo = await registerCertificate(t, email);
  return { name: 'New Advocate', email, certificateNo, password: GOOD_PASSWORD };
}

export const jobPayload = {
  title: 'Sorter',
  description: 'Sorts recyclables',
  location: 'Portland',
  company: 'Green Co',
  applyLink: 'example.org/apply',
};
export const notificationPayload = { title: 'Heads up', message: 'Meeting at noon', link: 'example.org' };
