import { EDIT_CONFLICT_MESSAGE } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, helpContent, jobs, outbox, users } from '../src/db/schema';
import { IF_MATCH_INVALID, IF_MATCH_TOO_LONG } from '../src/lib/preconditions';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from './harness';
import { inDays } from './certificates';

/**
 * Issue 16, decision 0015: no silently lost edits. Every editable record has a version (its
 * ETag); a PUT that names an older one, in If-Match or in its body, answers 412 with the record as
 * it is now and changes nothing; one that names none is unconditional, as before.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let otherAdmin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin') });
  otherAdmin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin') });
  member = await createUser(t, { name: 'Morgan Member' });
});
afterAll(() => t.close());

const validJob = {
  title: 'Recycling Coordinator',
  description: 'Runs neighbourhood drives.',
  location: 'Portland, OR',
  company: 'Green City',
  applyLink: 'https://jobs.example.org/coordinator',
};

const as = (cookie: string, opts: InjectOptions) => call(t.app, cookie, opts);
const ifMatch = (tag: string) => ({ 'if-match': tag });
const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const mails = async () => (await t.database.db.select({ n: count() }).from(outbox))[0]!.n;

async function createJob() {
  const res = await as(admin.cookie, { method: 'POST', url: '/api/jobs', payload: validJob });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.etag).toBe('"1"');
  return res.json<{ _id: string; version: number }>();
}
const jobRow = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const putJob = (id: string, payload: object, headers: Record<string, string> = {}, cookie = admin.cookie) =>
  as(cookie, { method: 'PUT', url: `/api/jobs/${id}`, payload: { ...validJob, ...payload }, headers });

/** Answers with their status codes sorted, for two requests sent at once. */
const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

describe('PUT /api/jobs/{id} with a precondition', () => {
  it('answers 412 with the job as it is now for a stale If-Match, and changes nothing', async () => {
    const { _id } = await createJob();
    const first = await putJob(_id, { title: 'First edit' }, ifMatch('"1"'));
    expect(first.statusCode, first.body).toBe(200);
    const rowBefore = await jobRow(_id);
    const [auditsBefore, mailsBefore] = [await audits(), await mails()];

    const stale = await putJob(_id, { title: 'Second edit' }, ifMatch('"1"'));
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      message: EDIT_CONFLICT_MESSAGE,
      current: { _id, ...validJob, title: 'First edit', version: 2 },
    });
    expect(await jobRow(_id)).toEqual(rowBefore);
    expect(await audits()).toBe(auditsBefore);
    expect(await mails()).toBe(mailsBefore);
  });

  it('saves with a fresh If-Match: 200, the version one up, and the new ETag', async () => {
    const { _id } = await createJob();
    const res = await putJob(_id, { title: 'Fresh' }, ifMatch('"1"'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Fresh', version: 2 });
    expect(res.headers.etag).toBe('"2"');
    expect((await jobRow(_id)).version).toBe(2);
    const again = await putJob(_id, { title: 'Fresher' }, ifMatch('"2"'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers.etag).toBe('"3"');
  });

  it('reads `version` in the body the same way, and never stores it', async () => {
    const { _id } = await createJob();
    const stale = await putJob(_id, { title: 'Stale', version: 7 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ title: validJob.title, version: 1 });
    const fresh = await putJob(_id, { title: 'Fresh', version: 1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ title: 'Fresh', version: 2 });
    // Body and header must both hold when both are sent.
    const mixed = await putJob(_id, { title: 'Mixed', version: 2 }, ifMatch('"1"'));
    expect(mixed.statusCode).toBe(412);
    expect((await jobRow(_id)).title).toBe('Fresh');
  });

  it('takes * as any version, and a list when one of its tags is current', async () => {
    const { _id } = await createJob();
    expect((await putJob(_id, { title: 'Any' }, ifMatch('*'))).statusCode).toBe(200);
    const listed = await putJob(_id, { title: 'Listed' }, ifMatch('"9", "2" ,"x,y"'));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers.etag).toBe('"3"');
    // If-Match compares strongly (RFC 9110 §13.1.1): a weak tag never matches.
    expect((await putJob(_id, { title: 'Weak' }, ifMatch('W/"3"'))).statusCode).toBe(412);
    expect((await jobRow(_id)).title).toBe('Listed');
  });

  it('refuses an If-Match that is not one (400), and changes nothing', async () => {
    const { _id } = await createJob();
    for (const value of ['1', '"1" "2"', 'W/1', '', ' , ']) {
      const res = await putJob(_id, { title: 'Malformed' }, ifMatch(value));
      expect(res.statusCode, `If-Match: ${value}`).toBe(400);
      expect(res.json()).toEqual({ message: IF_MATCH_INVALID });
    }
    expect((await jobRow(_id)).version).toBe(1);
  });

  it('refuses an If-Match over 1 KB (400, saying why), and changes nothing (issue 30, F12)', async () => {
    const { _id } = await createJob();
    for (const value of [`${' '.repeat(16 * 1024)}"1"`, `${'"7", '.repeat(300)}"1"`]) {
      const res = await putJob(_id, { title: 'Oversized' }, ifMatch(value));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IF_MATCH_TOO_LONG });
    }
    expect((await jobRow(_id)).version).toBe(1);
  });

  it('without If-Match or version saves unconditionally, as the spec clients do', async () => {
    const { _id } = await createJob();
    expect((await putJob(_id, { title: 'One' }, ifMatch('"1"'))).statusCode).toBe(200);
    const blind = await putJob(_id, { title: 'Blind' });
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json()).toMatchObject({ title: 'Blind', version: 3 });
  });

  it('lets exactly one of two PUTs sent at once with the same version through', async () => {
    // A few rounds: a race that a missing row lock lets through does not show every time.
    for (let round = 0; round < 5; round++) {
      const { _id } = await createJob();
      const results = await Promise.all([
        putJob(_id, { title: 'Admin A' }, ifMatch('"1"'), admin.cookie),
        putJob(_id, { title: 'Admin B' }, ifMatch('"1"'), otherAdmin.cookie),
      ]);
      expect(statuses(results), `round ${round}`).toEqual([200, 412]);
      const winner = results.find((r) => r.statusCode === 200)!.json<{ title: string }>();
      const loser = results.find((r) => r.statusCode === 412)!.json<{ current: { title: string; version: number } }>();
      expect(loser.current).toMatchObject({ title: winner.title, version: 2 });
      const row = await jobRow(_id);
      expect([row.title, row.version]).toEqual([winner.title, 2]);
    }
  });

  it('still answers a member 403, whatever the precondition', async () => {
    const { _id } = await createJob();
    for (const tag of ['"1"', '"99"', 'garbage']) {
      const res = await putJob(_id, { title: 'Hijacked' }, ifMatch(tag), member.cookie);
      expect(res.statusCode, tag).toBe(403);
    }
    expect(await jobRow(_id)).toMatchObject({ title: validJob.title, version: 1 });
  });

  it('answers 404 for an unknown job, whatever the precondition', async () => {
    const res = await putJob('00000000-0000-4000-8000-000000000000', {}, ifMatch('"1"'));
    expect(res.statusCode).toBe(404);
  });
});

describe('certificates: every edit path raises the version', () => {
  const certBody = (over: Record<string, unknown> = {}) => ({
    userEmail: member.email,
    certificateNo: `CRA-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Certified Recycling Advocate',
    status: 'Active',
    validTill: inDays(365),
    ...over,
  });
  const certRow = async (id: string) =>
    (await t.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!;
  async function createCertificate() {
    const payload = certBody();
    const res = await as(admin.cookie, { method: 'POST', url: '/api/certificates', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    return { ...res.json<{ _id: string; version: number }>(), payload };
  }
  const putCert = (id: string, payload: object, headers: Record<string, string> = {}, cookie = admin.cookie) =>
    as(cookie, { method: 'PUT', url: `/api/certificates/${id}`, payload, headers });

  it('a stale If-Match or body version is 412 with the certificate as it is, and nothing changes', async () => {
    const { _id, payload } = await createCertificate();
    expect((await putCert(_id, { ...payload, name: 'Renamed' }, ifMatch('"1"'))).statusCode).toBe(200);
    const rowBefore = await certRow(_id);
    const [auditsBefore, mailsBefore] = [await audits(), await mails()];
    for (const attempt of [
      putCert(_id, { ...payload, name: 'Stale', status: 'Inactive' }, ifMatch('"1"')),
      putCert(_id, { ...payload, name: 'Stale', status: 'Inactive', version: 1 }),
    ]) {
      const res = await attempt;
      expect(res.statusCode).toBe(412);
      expect(res.json()).toMatchObject({
        message: EDIT_CONFLICT_MESSAGE,
        current: { _id, name: 'Renamed', status: 'Active', version: 2 },
      });
    }
    expect(await certRow(_id)).toEqual(rowBefore);
    expect(await audits()).toBe(auditsBefore);
    expect(await mails()).toBe(mailsBefore);
  });

  it('a fresh one saves (200, version and ETag one up); none saves unconditionally', async () => {
    const { _id, payload } = await createCertificate();
    const fresh = await putCert(_id, { ...payload, name: 'Fresh', version: 1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Fresh', version: 2 });
    expect(fresh.headers.etag).toBe('"2"');
    const any = await putCert(_id, { ...payload, name: 'Any' }, ifMatch('*'));
    expect(any.headers.etag).toBe('"3"');
    const blind = await putCert(_id, { ...payload, name: 'Blind' });
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json()).toMatchObject({ name: 'Blind', version: 4 });
  });

  it('renewal, revocation and reinstatement are edits too: a dialog opened before them gets 412', async () => {
    const { _id, payload } = await createCertificate();
    const renew = await as(admin.cookie, {
      method: 'POST',
      url: '/api/certificates/bulk-renew',
      payload: { ids: [_id], extendMonths: 12 },
    });
    expect(renew.statusCode, renew.body).toBe(200);
    expect((await certRow(_id)).version).toBe(2);
    const revoke = await as(admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${_id}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().version).toBe(3);
    expect(revoke.headers.etag).toBe('"3"');
    const reinstate = await as(admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${_id}/reinstate`,
      payload: {},
    });
    expect(reinstate.json().version).toBe(4);
    expect(reinstate.headers.etag).toBe('"4"');
    // The renewed date is not undone by a form opened at version 1.
    const stale = await putCert(_id, payload, ifMatch('"1"'));
    expect(stale.statusCode).toBe(412);
    expect((await certRow(_id)).validTill.toISOString().slice(0, 10)).not.toBe(payload.validTill);
  });

  it('lets exactly one of two PUTs sent at once with the same version through', async () => {
    const { _id, payload } = await createCertificate();
    const results = await Promise.all([
      putCert(_id, { ...payload, name: 'By A' }, ifMatch('"1"'), admin.cookie),
      putCert(_id, { ...payload, name: 'By B' }, ifMatch('"1"'), otherAdmin.cookie),
    ]);
    expect(statuses(results)).toEqual([200, 412]);
    expect((await certRow(_id)).version).toBe(2);
  });

  it('still answers a member 403, whatever the precondition', async () => {
    const { _id, payload } = await createCertificate();
    const res = await putCert(_id, { ...payload, name: 'Mine now' }, ifMatch('"1"'), member.cookie);
    expect(res.statusCode).toBe(403);
    expect((await certRow(_id)).version).toBe(1);
  });
});

describe("users: a member's own profile and an admin's edit cannot undo each other", () => {
  const profile = (over: Record<string, unknown> = {}) => ({
    name: 'Morgan Member',
    job: 'Sorter',
    age: 30,
    gender: 'Human',
    phoneNo: '',
    address: { area: '', state: '', country: '', postalCode: '' },
    ...over,
  });
  const adminEdit = (target: { email: string }, over: Record<string, unknown> = {}) => ({
    ...profile(),
    email: target.email,
    certificateNo: 'CRA-T',
    ...over,
  });
  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const putUser = (cookie: string, id: string, payload: object, headers: Record<string, string> = {}) =>
    as(cookie, { method: 'PUT', url: `/api/users/${id}`, payload, headers });

  it('the member saves a profile opened before the admin saved: 412 with the admin values', async () => {
    const person = await createUser(t);
    const opened = (await userRow(person.user.id)).version;
    const byAdmin = await putUser(
      admin.cookie,
      person.user.id,
      adminEdit(person, { job: 'Route lead' }),
      ifMatch(`"${opened}"`),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.headers.etag).toBe(`"${opened + 1}"`);
    const rowBefore = await userRow(person.user.id);
    const auditsBefore = await audits();

    const byMember = await putUser(person.cookie, person.user.id, profile({ phoneNo: '555-0100' }), {
      'if-match': `"${opened}"`,
    });
    expect(byMember.statusCode).toBe(412);
    expect(byMember.json()).toMatchObject({
      message: EDIT_CONFLICT_MESSAGE,
      current: { _id: person.user.id, job: 'Route lead', phoneNo: '', version: opened + 1 },
    });
    expect(await userRow(person.user.id)).toEqual(rowBefore);
    expect(await audits()).toBe(auditsBefore);

    // Reloaded at the new version, the member's change goes through and keeps the admin's.
    const again = await putUser(
      person.cookie,
      person.user.id,
      profile({ job: 'Route lead', phoneNo: '555-0100', version: opened + 1 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ job: 'Route lead', phoneNo: '555-0100', version: opened + 2 });
  });

  it('the admin saves a user opened before the member saved: 412 with the member values', async () => {
    const person = await createUser(t);
    const opened = (await userRow(person.user.id)).version;
    const byMember = await putUser(person.cookie, person.user.id, profile({ name: 'New Name', version: opened }));
    expect(byMember.statusCode, byMember.body).toBe(200);
    const byAdmin = await putUser(admin.cookie, person.user.id, adminEdit(person, { version: opened }));
    expect(byAdmin.statusCode).toBe(412);
    expect(byAdmin.json().current).toMatchObject({ name: 'New Name', version: opened + 1 });
    expect((await userRow(person.user.id)).name).toBe('New Name');
  });

  it('lets exactly one of a member and an admin saving at once through', async () => {
    const person = await createUser(t);
    const opened = `"${(await userRow(person.user.id)).version}"`;
    const results = await Promise.all([
      putUser(person.cookie, person.user.id, profile({ name: 'By Member' }), ifMatch(opened)),
      putUser(admin.cookie, person.user.id, adminEdit(person, { name: 'By Admin' }), ifMatch(opened)),
    ]);
    expect(statuses(results)).toEqual([200, 412]);
  });

  it("a member's If-Match on someone else's profile is still 403; a login is no edit", async () => {
    const person = await createUser(t);
    const { version } = await userRow(person.user.id);
    const res = await putUser(member.cookie, person.user.id, profile(), ifMatch(`"${version}"`));
    expect(res.statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await userRow(person.user.id)).version).toBe(version);
  });
});

describe('PUT /api/help-content with a precondition', () => {
  const lists = { instructions: ['Sign in'], contactDetails: ['Board office'], emails: ['help@example.org'] };
  const putHelp = (payload: object, headers: Record<string, string> = {}, cookie = admin.cookie) =>
    as(cookie, { method: 'PUT', url: '/api/help-content', payload, headers });
  const current = async () => {
    const res = await as(member.cookie, { method: 'GET', url: '/api/help-content' });
    expect(res.headers.etag).toBe(`"${res.json().version}"`);
    return res.json<typeof lists & { version: number }>();
  };

  it('a stale version is 412 with the lists as they are; a fresh one saves', async () => {
    const { version } = await current();
    expect((await putHelp(lists, ifMatch(`"${version}"`))).statusCode).toBe(200);
    const [rowBefore] = await t.database.db.select().from(helpContent);
    const auditsBefore = await audits();
    const stale = await putHelp({ ...lists, emails: [], version });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: EDIT_CONFLICT_MESSAGE, current: { ...lists, version: version + 1 } });
    expect(await t.database.db.select().from(helpContent)).toEqual([rowBefore]);
    expect(await audits()).toBe(auditsBefore);
    const fresh = await putHelp({ ...lists, emails: [], version: version + 1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers.etag).toBe(`"${version + 2}"`);
  });

  it('lets exactly one of two saves sent at once with the same version through', async () => {
    const { version } = await current();
    const results = await Promise.all([
      putHelp({ ...lists, instructions: ['A'] }, ifMatch(`"${version}"`), admin.cookie),
      putHelp({ ...lists, instructions: ['B'] }, ifMatch(`"${version}"`), otherAdmin.cookie),
    ]);
    expect(statuses(results)).toEqual([200, 412]);
    expect((await current()).version).toBe(version + 1);
  });
});
