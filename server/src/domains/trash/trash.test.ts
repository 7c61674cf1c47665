import { CERTIFICATE_MESSAGES, TOTAL_COUNT_HEADER, TRASH_MESSAGES, USER_MESSAGES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  registerCertificate,
  sessionCookie,
  stepUp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { pdfPart, pngPart } from '../../../test/security/world';
import { auditLog, certificates, sessions, uploads } from '../../db/schema';
import { revokedBit } from '../../../test/copies';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t);
});
afterAll(() => t.close());

/** A new session for the admin (the clock moved past the old one's idle limit). */
async function signInAgain() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: admin.password },
  });
  expect(res.statusCode).toBe(200);
  admin = { ...admin, cookie: sessionCookie(res) };
  await stepUp(t, admin.cookie, { password: admin.password });
}

const asAdmin = (opts: InjectOptions) => call(t.app, admin.cookie, opts);
const ok = async (opts: InjectOptions, status = 200) => {
  const res = await asAdmin(opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(status);
  return res;
};
const uploadImage = async (cookie: string) => {
  const res = await call(t.app, cookie, { method: 'POST', url: '/api/upload', ...(await pngPart('image')) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
};
const uploadDocument = async () => {
  const res = await asAdmin({ method: 'POST', url: '/api/upload-file', ...pdfPart() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ fileUrl: string }>().fileUrl;
};
const submitReport = async (cookie: string, values: Record<string, unknown>) => {
  const res = await call(t.app, cookie, { method: 'POST', url: '/api/reports', payload: values });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>();
};
const trashList = async (query = '') =>
  (await ok({ method: 'GET', url: `/api/trash${query}` })).json<{ type: string; _id: string; label: string }[]>();
const inTrash = async (id: string) => (await trashList('?limit=100')).some((item) => item._id === id);
const actionsOn = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action);
const total = async (url: string) => Number((await ok({ method: 'GET', url })).headers[TOTAL_COUNT_HEADER]);

const newJob = async (title = 'Sorting lead') =>
  (
    await ok(
      {
        method: 'POST',
        url: '/api/jobs',
        payload: { title, description: 'd', location: 'l', company: 'Green Co', applyLink: 'https://jobs.example.org' },
      },
      201,
    )
  ).json<{ _id: string }>()._id;

const newCertificate = async (values: Record<string, unknown> = {}) =>
  (
    await ok(
      {
        method: 'POST',
        url: '/api/certificates',
        payload: {
          userEmail: member.email,
          certificateNo: `CRA-TR-${crypto.randomUUID().slice(0, 8)}`,
          name: 'Certified Recycling Advocate',
          status: 'Active',
          validTill: '2030-01-01',
          ...values,
        },
      },
      201,
    )
  ).json<{ _id: string; certificateNo: string; verificationUrl: string; downloadLink: string }>();

/** Whether the certificate's current credential copy (or copy `number`) is revoked (decision 0037). */
const revoked = (id: string, number?: number) => revokedBit(t.database.db, id, number);

describe('a delete moves the record to the trash, and a restore brings it back', () => {
  it('a job leaves the board, its count and its export, shows in the trash, and comes back whole', async () => {
    const id = await newJob('Trash me');
    const before = await total('/api/jobs');
    await ok({ method: 'DELETE', url: `/api/jobs/${id}` });

    expect(await total('/api/jobs')).toBe(before - 1);
    const board = await call(t.app, member.cookie, { method: 'GET', url: '/api/jobs?limit=100' });
    expect(board.json().map((j: { _id: string }) => j._id)).not.toContain(id);
    expect((await ok({ method: 'GET', url: '/api/jobs/export.csv' })).body).not.toContain('Trash me');
    const [item] = await trashList('?type=job&q=Trash%20me');
    expect(item).toMatchObject({ type: 'job', _id: id, label: 'Trash me · Green Co', deletedBy: admin.email });
    // Not editable while in the trash.
    expect((await asAdmin({ method: 'PUT', url: `/api/jobs/${id}`, payload: {} })).statusCode).toBe(400);

    expect((await ok({ method: 'POST', url: `/api/trash/job/${id}/restore` })).json().message).toBe('Job restored');
    expect(await total('/api/jobs')).toBe(before);
    expect(await inTrash(id)).toBe(false);
    expect(await actionsOn(id)).toEqual(expect.arrayContaining(['job.create', 'job.delete', 'job.restore']));
    // Restoring what is not in the trash is a 404, and changes nothing.
    const again = await asAdmin({ method: 'POST', url: `/api/trash/job/${id}/restore` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TRASH_MESSAGES.notInTrash);
  });

  it('a notification leaves the top bar and comes back', async () => {
    const created = await ok(
      {
        method: 'POST',
        url: '/api/notifications/add',
        payload: { title: 'Gone soon', message: 'm', link: 'https://board.example.org' },
      },
      201,
    );
    const id = created.json<{ _id: string }>()._id;
    await ok({ method: 'DELETE', url: `/api/notifications/${id}` });
    const bar = await call(t.app, member.cookie, { method: 'GET', url: '/api/notifications?limit=100' });
    expect(bar.json().map((n: { _id: string }) => n._id)).not.toContain(id);
    expect(await inTrash(id)).toBe(true);
    await ok({ method: 'POST', url: `/api/trash/notification/${id}/restore` });
    const back = await call(t.app, member.cookie, { method: 'GET', url: '/api/notifications?limit=100' });
    expect(back.json().map((n: { _id: string }) => n._id)).toContain(id);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const id = await newJob();
    for (const url of [`/api/trash/widget/${id}/restore`, '/api/trash/job/not-an-id/restore']) {
      expect((await asAdmin({ method: 'POST', url })).statusCode).toBe(400);
    }
    expect((await asAdmin({ method: 'GET', url: '/api/trash?type=widget' })).statusCode).toBe(400);
    for (const payload of [
      { type: 'job', ids: [id], q: '' },
      { type: 'job' },
      { type: 'notification', ids: [id] },
      { type: 'job', ids: [] },
    ]) {
      const res = await asAdmin({ method: 'POST', url: '/api/bulk-delete', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await inTrash(id)).toBe(false);
  });

  it('answers members 403 on every trash and bulk route, and changes nothing', async () => {
    const id = await newJob();
    await ok({ method: 'DELETE', url: `/api/jobs/${id}` });
    const kept = await newJob();
    for (const route of [
      { method: 'GET', url: '/api/trash' },
      { method: 'POST', url: `/api/trash/job/${id}/restore` },
      { method: 'DELETE', url: `/api/trash/job/${id}` },
      { method: 'POST', url: '/api/bulk-delete', payload: { type: 'job', ids: [kept] } },
      { method: 'POST', url: '/api/certificates/bulk-status', payload: { q: '', status: 'Inactive' } },
    ] as InjectOptions[]) {
      expect((await call(t.app, member.cookie, route)).statusCode, String(route.url)).toBe(403);
      expect((await call(t.app, undefined, route)).statusCode, String(route.url)).toBe(401);
    }
    expect(await inTrash(id)).toBe(true);
    expect(await inTrash(kept)).toBe(false);
  });
});

describe('a deleted user', () => {
  it('cannot sign in, is signed out at once, and leaves lists, counts, export and sign-up checks', async () => {
    const gone = await createUser(t, { email: uniqueEmail('gone'), name: 'Gone Person' });
    const usersBefore = await total('/api/users');
    await ok({ method: 'DELETE', url: `/api/users/${gone.user.id}` }, 204);

    expect((await call(t.app, gone.cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, gone.user.id))).toHaveLength(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gone.email, password: gone.password },
    });
    expect(login.statusCode).toBe(401);
    // The unfiltered total (row_counts) and a search both leave it out.
    expect(await total('/api/users')).toBe(usersBefore - 1);
    expect(await total(`/api/users?q=${encodeURIComponent(gone.email)}`)).toBe(0);
    expect((await ok({ method: 'GET', url: '/api/users/export.csv' })).body).not.toContain(gone.email);
    const [item] = await trashList(`?type=user&q=${encodeURIComponent(gone.email)}`);
    expect(item?.label).toBe(`Gone Person <${gone.email}>`);
    expect(await actionsOn(gone.user.id)).toContain('user.delete');
  });

  it('keeps who filed their reports', async () => {
    const filer = await createUser(t, { email: uniqueEmail('filer') });
    await submitReport(filer.cookie, { clientName: 'Kept Filer Client' });
    await ok({ method: 'DELETE', url: `/api/users/${filer.user.id}` }, 204);
    const csv = (await ok({ method: 'GET', url: '/api/reports/export.csv?q=Kept%20Filer' })).body;
    expect(csv).toContain(filer.email);
  });

  it('frees their e-mail for a sign-up; restoring them then answers 409 with the reason', async () => {
    const email = uniqueEmail('reuse');
    const old = await createUser(t, { email });
    await ok({ method: 'DELETE', url: `/api/users/${old.user.id}` }, 204);
    const certificateNo = await registerCertificate(t, email);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'New Owner', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(201);

    const restore = await asAdmin({ method: 'POST', url: `/api/trash/user/${old.user.id}/restore` });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(TRASH_MESSAGES.emailTaken);
    expect(await inTrash(old.user.id)).toBe(true);
    expect(await actionsOn(old.user.id)).not.toContain('user.restore');
  });

  it('comes back able to sign in when restored', async () => {
    const back = await createUser(t, { email: uniqueEmail('back') });
    await ok({ method: 'DELETE', url: `/api/users/${back.user.id}` }, 204);
    await ok({ method: 'POST', url: `/api/trash/user/${back.user.id}/restore` });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: back.email, password: back.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('a deleted certificate', () => {
  it('is revoked while in the trash and leaves every list; a restore issues a new copy, the old one stays revoked', async () => {
    const cert = await newCertificate();
    const verificationId = cert.verificationUrl.split('/').pop()!;
    const countBefore = await total('/api/certificates');
    await ok({ method: 'DELETE', url: `/api/certificates/${cert._id}` }, 204);

    expect(await revoked(cert._id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/${verificationId}` })).statusCode).toBe(404);
    expect(await total('/api/certificates')).toBe(countBefore - 1);
    expect(await total(`/api/certificates?q=${cert.certificateNo}`)).toBe(0);
    const own = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}`,
    });
    expect(own.json().map((c: { _id: string }) => c._id)).not.toContain(cert._id);
    expect((await ok({ method: 'GET', url: '/api/certificates/export.csv' })).body).not.toContain(cert.certificateNo);

    await ok({ method: 'POST', url: `/api/trash/certificate/${cert._id}/restore` });
    expect(await revoked(cert._id)).toBe(false);
    expect(await revoked(cert._id, 1)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/api/verify/${verificationId}` });
    expect(page.json()).toMatchObject({ status: 'Active' });
  });

  it('stays revoked after a restore when it was revoked before the delete', async () => {
    const cert = await newCertificate();
    await ok({ method: 'POST', url: `/api/certificates/${cert._id}/revoke`, payload: { reason: 'Fraud' } });
    await ok({ method: 'DELETE', url: `/api/certificates/${cert._id}` }, 204);
    await ok({ method: 'POST', url: `/api/trash/certificate/${cert._id}/restore` });
    expect(await revoked(cert._id)).toBe(true);
  });

  it('frees its number; restoring it once the number is given again answers 409', async () => {
    const cert = await newCertificate();
    // A live number is taken: a second certificate with it is refused.
    const twin = await asAdmin({
      method: 'POST',
      url: '/api/certificates',
      payload: { userEmail: member.email, certificateNo: cert.certificateNo, name: 'Twin', validTill: '2030-01-01' },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(CERTIFICATE_MESSAGES.numberTaken);

    await ok({ method: 'DELETE', url: `/api/certificates/${cert._id}` }, 204);
    await newCertificate({ certificateNo: cert.certificateNo });
    const restore = await asAdmin({ method: 'POST', url: `/api/trash/certificate/${cert._id}/restore` });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(TRASH_MESSAGES.numberTaken);
    expect(await revoked(cert._id)).toBe(true);
  });

  it('on record under an e-mail no longer lets that e-mail sign up', async () => {
    const email = uniqueEmail('claim');
    const certificateNo = await registerCertificate(t, email);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.certificateNo, certificateNo));
    await ok({ method: 'DELETE', url: `/api/certificates/${row!.id}` }, 204);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Late', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(signup.statusCode).toBe(400);
  });
});

describe('files follow their record', () => {
  it('a report’s image stays while it is in the trash and goes with it when deleted forever', async () => {
    const image = await uploadImage(member.cookie);
    const { _id } = await submitReport(member.cookie, {
      clientName: 'Media Client',
      imageUrl: image,
      consent: { photo: 'Yes' },
    });
    await ok({ method: 'DELETE', url: `/api/reports/${_id}` });
    expect((await asAdmin({ method: 'GET', url: image })).statusCode).toBe(200);
    await ok({ method: 'POST', url: `/api/trash/report/${_id}/restore` });
    expect((await ok({ method: 'GET', url: '/api/reports?q=Media%20Client' })).json()).toHaveLength(1);

    await ok({ method: 'DELETE', url: `/api/reports/${_id}` });
    await ok({ method: 'DELETE', url: `/api/trash/report/${_id}` }, 204);
    expect((await asAdmin({ method: 'GET', url: image })).statusCode).toBe(404);
    expect(await actionsOn(_id)).toContain('report.purge');
    expect((await asAdmin({ method: 'DELETE', url: `/api/trash/report/${_id}` })).statusCode).toBe(404);
  });

  it('a document another certificate still names is kept when one of them is purged', async () => {
    const document = await uploadDocument();
    const first = await newCertificate({ downloadLink: document });
    await newCertificate({ downloadLink: document });
    await ok({ method: 'DELETE', url: `/api/certificates/${first._id}` }, 204);
    await ok({ method: 'DELETE', url: `/api/trash/certificate/${first._id}` }, 204);
    const id = document.split('/').pop()!;
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, id))).toHaveLength(1);
  });
});

describe('bulk delete', () => {
  it('moves every selected row to the trash in one go, each audited', async () => {
    const ids = [await newJob('Bulk A'), await newJob('Bulk B')];
    const res = await ok({ method: 'POST', url: '/api/bulk-delete', payload: { type: 'job', ids } });
    expect(res.json()).toEqual({ count: 2, message: '2 jobs moved to the trash', ids: [...ids].sort() });
    for (const id of ids) {
      expect(await inTrash(id)).toBe(true);
      expect(await actionsOn(id)).toContain('job.delete');
    }
  });

  it('takes "all matching" the list’s search', async () => {
    const tag = `Zq${crypto.randomUUID().slice(0, 6)}`;
    const ids = [await newJob(`${tag} one`), await newJob(`${tag} two`)];
    const other = await newJob('Untouched');
    const res = await ok({ method: 'POST', url: '/api/bulk-delete', payload: { type: 'job', q: tag } });
    expect(res.json().count).toBe(2);
    for (const id of ids) expect(await inTrash(id)).toBe(true);
    expect(await inTrash(other)).toBe(false);
  });

  it('changes nothing when one id is unknown', async () => {
    const id = await newJob();
    const res = await asAdmin({
      method: 'POST',
      url: '/api/bulk-delete',
      payload: { type: 'job', ids: [id, crypto.randomUUID()] },
    });
    expect(res.statusCode).toBe(404);
    expect(await inTrash(id)).toBe(false);
  });

  it('never removes the last admin, nor the caller, and then changes nothing', async () => {
    const t2 = await createTestApp();
    try {
      const only = await createUser(t2, { isAdmin: true, steppedUp: true });
      const other = await createUser(t2);
      const asOnly = (opts: InjectOptions) => call(t2.app, only.cookie, opts);
      const self = await asOnly({
        method: 'POST',
        url: '/api/bulk-delete',
        payload: { type: 'user', ids: [other.user.id, only.user.id] },
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(USER_MESSAGES.deleteSelf);
      // Another admin, unverified, cannot act as one: deleting the only verified one is refused.
      const second = await createUser(t2, { isAdmin: true, steppedUp: true });
      const last = await call(t2.app, second.cookie, {
        method: 'POST',
        url: '/api/bulk-delete',
        payload: { type: 'user', ids: [only.user.id, other.user.id] },
      });
      expect(last.statusCode).toBe(200);
      const third = await asOnly({ method: 'GET', url: '/api/users' });
      expect(third.statusCode).toBe(401);
      const refused = await call(t2.app, second.cookie, {
        method: 'POST',
        url: '/api/bulk-delete',
        payload: { type: 'user', q: '' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(USER_MESSAGES.deleteSelf);
    } finally {
      await t2.close();
    }
  });
});

describe('restoring several at once (the Undo of a bulk delete)', () => {
  it('brings back every record a bulk delete moved, in one call, each audited', async () => {
    const tag = `Ur${crypto.randomUUID().slice(0, 6)}`;
    const ids = [await newJob(`${tag} one`), await newJob(`${tag} two`)];
    const before = await total('/api/jobs');
    const moved = (await ok({ method: 'POST', url: '/api/bulk-delete', payload: { type: 'job', q: tag } })).json<{
      ids: string[];
    }>();
    expect([...moved.ids].sort()).toEqual([...ids].sort());
    const res = await ok({ method: 'POST', url: '/api/trash/restore', payload: { type: 'job', ids: moved.ids } });
    expect(res.json()).toEqual({ count: 2, message: '2 jobs restored' });
    expect(await total('/api/jobs')).toBe(before);
    for (const id of ids) {
      expect(await inTrash(id)).toBe(false);
      expect(await actionsOn(id)).toContain('job.restore');
    }
  });

  it('gives bulk-restored certificates new copies, and leaves the deleted ones revoked', async () => {
    const certs = [await newCertificate(), await newCertificate()];
    const ids = certs.map((c) => c._id);
    await ok({ method: 'POST', url: '/api/bulk-delete', payload: { type: 'certificate', ids } });
    for (const id of ids) expect(await revoked(id)).toBe(true);
    await ok({ method: 'POST', url: '/api/trash/restore', payload: { type: 'certificate', ids } });
    for (const id of ids) expect([await revoked(id), await revoked(id, 1)]).toEqual([false, true]);
  });

  it('restores none when one is not in the trash (404) or cannot come back (409)', async () => {
    const [gone, live] = [await newJob('Gone'), await newJob('Live')];
    await ok({ method: 'DELETE', url: `/api/jobs/${gone}` });
    const notThere = await asAdmin({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { type: 'job', ids: [gone, live] },
    });
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().message).toBe(TRASH_MESSAGES.notInTrash);
    expect(await inTrash(gone)).toBe(true);

    // Two trashed certificates with one number: the second cannot come back beside the first.
    const first = await newCertificate();
    await ok({ method: 'DELETE', url: `/api/certificates/${first._id}` }, 204);
    const second = await newCertificate({ certificateNo: first.certificateNo });
    await ok({ method: 'DELETE', url: `/api/certificates/${second._id}` }, 204);
    const clash = await asAdmin({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { type: 'certificate', ids: [first._id, second._id] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(TRASH_MESSAGES.numberTaken);
    expect(await inTrash(first._id)).toBe(true);
    expect(await inTrash(second._id)).toBe(true);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const id = await newJob('Bad input');
    await ok({ method: 'DELETE', url: `/api/jobs/${id}` });
    for (const payload of [
      { type: 'job', ids: [] },
      { type: 'job', ids: ['not-an-id'] },
      { type: 'planet', ids: [id] },
      { type: 'job' },
      { type: 'job', ids: [id], q: '' },
      { type: 'job', ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
    ]) {
      const res = await asAdmin({ method: 'POST', url: '/api/trash/restore', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await inTrash(id)).toBe(true);
  });

  it('is for admins only: a member is refused and restores nothing', async () => {
    const id = await newJob('Members may not');
    await ok({ method: 'DELETE', url: `/api/jobs/${id}` });
    const res = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/trash/restore',
      payload: { type: 'job', ids: [id] },
    });
    expect(res.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { type: 'job', ids: [id] },
    });
    expect(guest.statusCode).toBe(401);
    expect(await inTrash(id)).toBe(true);
  });
});

describe('bulk set-status', () => {
  it('suspends each chosen certificate as a single edit does: bit, re-signed credential, audit row', async () => {
    const a = await newCertificate();
    const b = await newCertificate();
    const res = await ok({
      method: 'POST',
      url: '/api/certificates/bulk-status',
      payload: { ids: [a._id, b._id], status: 'Inactive' },
    });
    expect(res.json()).toEqual({ count: 2, message: '2 certificates set to Inactive' });
    for (const { _id } of [a, b]) {
      expect(await revoked(_id)).toBe(true);
      expect(await actionsOn(_id)).toContain('certificate.update');
      const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, _id));
      expect(row).toMatchObject({ status: 'Inactive', version: 2 });
      expect(JSON.stringify(row!.credential)).toContain('proof');
    }
    await ok({ method: 'POST', url: '/api/certificates/bulk-status', payload: { ids: [a._id], status: 'Active' } });
    expect([await revoked(a._id), await revoked(a._id, 1)]).toEqual([false, true]);
  });

  it('refuses a certificate in the trash (404) and changes nothing', async () => {
    const a = await newCertificate();
    const b = await newCertificate();
    await ok({ method: 'DELETE', url: `/api/certificates/${b._id}` }, 204);
    const res = await asAdmin({
      method: 'POST',
      url: '/api/certificates/bulk-status',
      payload: { ids: [a._id, b._id], status: 'Inactive' },
    });
    expect(res.statusCode).toBe(404);
    expect(await revoked(a._id)).toBe(false);
  });

  it('bulk-deleted certificates are revoked in the same transaction', async () => {
    const a = await newCertificate();
    await ok({ method: 'POST', url: '/api/bulk-delete', payload: { type: 'certificate', ids: [a._id] } });
    expect(await revoked(a._id)).toBe(true);
  });
});

describe('the purge', () => {
  it('deletes what has been in the trash 30 days, audited without an actor, and keeps the rest', async () => {
    const old = await newJob('Old one');
    await ok({ method: 'DELETE', url: `/api/jobs/${old}` });
    t.clock.advanceMinutes(20 * 24 * 60);
    await signInAgain();
    const recent = await newJob('Recent one');
    await ok({ method: 'DELETE', url: `/api/jobs/${recent}` });
    t.clock.advanceMinutes(11 * 24 * 60);
    await signInAgain();

    const purged = await t.app.trash.purgeExpired();
    expect(purged.job).toBeGreaterThanOrEqual(1);
    expect(await inTrash(old)).toBe(false);
    expect(await inTrash(recent)).toBe(true);
    const [purge] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, old), eq(auditLog.action, 'job.purge')));
    expect(purge).toMatchObject({
      actorId: null,
      details: expect.objectContaining({ reason: '30 days in the trash' }),
    });
  });
});
