import { AUTH_MESSAGES, TOTAL_COUNT_HEADER, USER_MESSAGES } from '@portal/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, uploads, users } from '../../db/schema';
import { call, createTestApp, createUser, GOOD_PASSWORD, type TestApp, uniqueEmail } from '../../../test/harness';
import { multipart, pdf, png } from '../../../test/uploads';

type TestUser = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let admin: TestUser;
let unverified: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, steppedUp: true, name: 'Main Admin' });
  unverified = await createUser(t, { isVerified: false });
});
afterAll(() => t.close());

const put = (cookie: string | undefined, id: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PUT', url: `/api/users/${id}`, payload });
const del = (cookie: string | undefined, id: string) =>
  call(t.app, cookie, { method: 'DELETE', url: `/api/users/${id}` });
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const auditsFor = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)));
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const checkAuth = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' });
const uploadImage = async (cookie: string) => {
  const res = await call(t.app, cookie, {
    method: 'POST',
    url: '/api/upload',
    ...multipart({ field: 'image', filename: 'me.png', contentType: 'image/png', data: await png() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
};

/** What the profile screen sends (spec §7), e-mail and password included. */
const profile = (u: TestUser, over: Record<string, unknown> = {}) => ({
  email: u.email,
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
/** What the admin's Edit User dialog sends (spec §5 required fields). */
const adminEdit = (u: TestUser, over: Record<string, unknown> = {}) => ({
  email: u.email,
  name: 'Edited By Admin',
  certificateNo: 'CRA-9000',
  gender: 'Male',
  job: 'Coordinator',
  age: 30,
  phoneNo: '',
  address: { area: '', state: '', country: '', postalCode: '' },
  ...over,
});

describe('GET /api/users', () => {
  const tag = `srch${Date.now()}`;
  beforeAll(async () => {
    for (const name of ['Zoe Quill', 'anna quill', 'Bob Quill']) {
      await createUser(t, { name: `${name} ${tag}`, email: uniqueEmail(`${tag}`) });
    }
    await createUser(t, { name: 'By Mail Only', email: uniqueEmail(`${tag.toUpperCase()}x`) });
  });
  const list = (query: string, cookie: string | null = admin.cookie) =>
    call(t.app, cookie ?? undefined, { method: 'GET', url: `/api/users?${query}` });

  it('finds users by any case of a part of the name or e-mail, paged, with the total', async () => {
    const byName = await list(`q=${`QUILL ${tag}`.replace(' ', '%20')}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(byName.json().map((u: { name: string }) => u.name.split(' ')[0])).toEqual(['anna', 'Bob', 'Zoe']);

    const byMail = await list(`q=${tag.toUpperCase()}`);
    expect(byMail.headers[TOTAL_COUNT_HEADER]).toBe('4');

    const page = await list(`q=${tag}&limit=2&offset=2&sort=name&order=asc`);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(page.json().map((u: { name: string }) => u.name.split(' ')[0])).toEqual(['By', 'Zoe']);
    const desc = await list(`q=${tag}&sort=name&order=desc&limit=1`);
    expect(desc.json()[0].name).toMatch(/^Zoe/);

    const body = JSON.stringify((await list('')).json());
    expect(body).not.toMatch(/passwordHash|\$argon2|failedLogins/);
  });

  it('counts the total on the first, a middle, the last partial and a page past the end', async () => {
    const search = `q=${tag}&sort=name&order=asc`;
    const everything = (await list(`${search}&limit=100`)).json().map((u: { _id: string }) => u._id);
    expect(everything).toHaveLength(4);
    for (const [offset, expected] of [
      [0, 3], // first page
      [1, 3], // a middle page
      [3, 1], // the last page, partial
      [4, 0], // right after the end
      [50, 0], // far past the end
    ] as const) {
      const res = await list(`${search}&limit=3&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER], `offset ${offset}`).toBe('4');
      const ids = res.json().map((u: { _id: string }) => u._id);
      expect(ids, `offset ${offset}`).toEqual(everything.slice(offset, offset + 3));
      expect(ids).toHaveLength(expected);
      for (const row of res.json()) expect(Object.keys(row)).not.toContain('__total');
    }
    expect((await list('q=no-such-user-anywhere&offset=10')).headers[TOTAL_COUNT_HEADER]).toBe('0');

    // Unfiltered: the total is every user, on every kind of page, in the same order.
    const [{ n }] = (await t.database.db.select({ n: count() }).from(users)) as [{ n: number }];
    const all = (await list('limit=100&sort=email')).json().map((u: { _id: string }) => u._id);
    expect(all).toHaveLength(n);
    for (const offset of [0, Math.floor(n / 2), n - 1, n, n + 20]) {
      const res = await list(`limit=2&offset=${offset}&sort=email`);
      expect(res.headers[TOTAL_COUNT_HEADER], `offset ${offset}`).toBe(String(n));
      expect(res.json().map((u: { _id: string }) => u._id)).toEqual(all.slice(offset, offset + 2));
    }
  });

  it('treats % and _ as text and refuses unknown sorts', async () => {
    expect((await list('q=_%25_')).headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect((await list('sort=passwordHash')).statusCode).toBe(400);
    expect((await list('limit=0')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const member = await createUser(t);
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', unverified.cookie)).statusCode).toBe(403);
    expect((await list('', member.cookie)).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id by a member', () => {
  it('updates their own profile, answers the user and audits the change', async () => {
    const member = await createUser(t);
    const res = await put(member.cookie, member.user.id, profile(member));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: member.user.id,
      email: member.email,
      name: 'Renamed Member',
      job: 'Advocate',
      age: 41,
      gender: 'Female',
      phoneNo: '555-0100',
      address: { area: 'Downtown', postalCode: '97201' },
      isAdmin: false,
      isVerified: true,
    });
    const [audit, ...more] = await auditsFor(member.user.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ action: 'user.update', actorId: member.user.id });
    expect(audit?.details).toMatchObject({ before: { name: 'Test User' }, after: { name: 'Renamed Member' } });
  });

  it('cannot change their e-mail, admin flag, verification or password', async () => {
    const member = await createUser(t);
    const sent = await put(member.cookie, member.user.id, profile(member, { email: uniqueEmail('taken-over') }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().email).toBe(member.email);
    for (const extra of [{ isAdmin: true }, { isVerified: false }, { passwordHash: 'x' }, { certificateNo: 'X' }]) {
      const res = await put(member.cookie, member.user.id, profile(member, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const row = await rowOf(member.user.id);
    expect(row).toMatchObject({ email: member.email, isAdmin: false, isVerified: true });
    // The password in the body was ignored: the old one still signs in, the sent one does not.
    expect((await login(member.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(member.email, 'whatever-the-state-held')).statusCode).toBe(401);
  });

  it('is refused for another member’s id, for the unverified and for guests', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const res = await put(member.cookie, other.user.id, profile(other));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.notYourProfile);
    expect((await rowOf(other.user.id))?.name).toBe('Test User');
    expect((await put(undefined, member.user.id, profile(member))).statusCode).toBe(401);
    const own = await put(unverified.cookie, unverified.user.id, profile(unverified));
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(AUTH_MESSAGES.notVerified);
  });

  it('keeps the member’s language (issue 34): saved, answered, and an unknown one refused by name', async () => {
    const member = await createUser(t);
    expect(
      (await call(t.app, member.cookie, { method: 'GET', url: '/api/auth/check-auth' })).json().user.language,
    ).toBe('en');
    const chosen = await put(member.cookie, member.user.id, profile(member, { language: 'ar' }));
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('ar');
    expect((await rowOf(member.user.id))?.language).toBe('ar');
    // Left out, it stays as it is.
    expect((await put(member.cookie, member.user.id, profile(member))).json().language).toBe('ar');
    for (const language of ['fr', 'AR', '', 'ar-EG', 1]) {
      const bad = await put(member.cookie, member.user.id, profile(member, { language, name: 'Not Saved' }));
      expect(bad.statusCode, String(language)).toBe(400);
      // In the member's language, Arabic by now (issue 34: the API's messages from the catalogues).
      expect(bad.json().issues[0]).toEqual({ path: 'language', message: 'يجب أن تكون اللغة إحدى: en, es, ar' });
    }
    const row = await rowOf(member.user.id);
    expect(row?.language).toBe('ar');
    expect(row?.name).toBe('Renamed Member');
  });

  it('validates the profile', async () => {
    const member = await createUser(t);
    const { name: _name, ...noName } = profile(member);
    expect((await put(member.cookie, member.user.id, noName)).statusCode).toBe(400);
    expect((await put(member.cookie, member.user.id, profile(member, { name: '  ' }))).statusCode).toBe(400);
    const age = await put(member.cookie, member.user.id, profile(member, { age: 'forty' }));
    expect(age.statusCode).toBe(400);
    expect(age.json().issues[0]).toEqual({ path: 'age', message: 'Age must be a number' });
    expect((await put(member.cookie, member.user.id, profile(member, { age: -1 }))).statusCode).toBe(400);
    const link = await put(member.cookie, member.user.id, profile(member, { picture: 'https://evil.example/x.png' }));
    expect(link.statusCode).toBe(400);
    expect((await rowOf(member.user.id))?.name).toBe('Test User');
  });

  it('shows a picture only if it is an image the member uploaded', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const mine = await uploadImage(member.cookie);
    const ok = await put(member.cookie, member.user.id, profile(member, { picture: mine }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().picture).toBe(mine);

    const theirs = await uploadImage(other.cookie);
    expect((await put(member.cookie, member.user.id, profile(member, { picture: theirs }))).statusCode).toBe(400);
    const unknown = '/api/files/00000000-0000-4000-8000-000000000000';
    expect((await put(member.cookie, member.user.id, profile(member, { picture: unknown }))).statusCode).toBe(400);
    const document = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ filename: 'c.pdf', contentType: 'application/pdf', data: pdf() }),
    });
    const docUrl = document.json().fileUrl as string;
    expect((await put(admin.cookie, admin.user.id, profile(admin, { picture: docUrl }))).statusCode).toBe(400);
    expect((await rowOf(member.user.id))?.picture).toBe(mine);

    // Replacing the picture removes the old file.
    const next = await uploadImage(member.cookie);
    expect((await put(member.cookie, member.user.id, profile(member, { picture: next }))).statusCode).toBe(200);
    const oldId = mine.split('/').pop()!;
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, oldId))).toHaveLength(0);
  });
});

describe('PUT /api/users/:id by an admin', () => {
  it('edits any user: e-mail (lower-cased), certificate number, admin flag; audits before and after', async () => {
    const member = await createUser(t);
    const email = uniqueEmail('moved');
    const res = await put(
      admin.cookie,
      member.user.id,
      adminEdit(member, { email: email.toUpperCase(), isAdmin: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email, certificateNo: 'CRA-9000', isAdmin: true, name: 'Edited By Admin' });
    const audit = (await auditsFor(member.user.id)).find((a) => a.action === 'user.update');
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(audit?.details).toMatchObject({
      before: { email: member.email, isAdmin: false },
      after: { email, isAdmin: true, certificateNo: 'CRA-9000' },
    });
    // Promoted, then demoted again: the demotion ends the user's sessions.
    expect((await checkAuth(member.cookie)).statusCode).toBe(200);
    const demoted = await put(admin.cookie, member.user.id, adminEdit(member, { email, isAdmin: false }));
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().isAdmin).toBe(false);
    expect((await checkAuth(member.cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);
  });

  it('answers 409 for an e-mail another account has, and validates the edit form', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const taken = await put(admin.cookie, member.user.id, adminEdit(member, { email: other.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(USER_MESSAGES.emailTaken);

    const bad = await put(admin.cookie, member.user.id, adminEdit(member, { email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'email', message: 'Please enter a valid email address.' });
    for (const field of ['email', 'name', 'certificateNo', 'gender', 'job', 'age']) {
      const payload: Record<string, unknown> = adminEdit(member);
      delete payload[field];
      const res = await put(admin.cookie, member.user.id, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues[0].path, field).toBe(field);
    }
    expect((await put(admin.cookie, member.user.id, adminEdit(member, { isVerified: true }))).statusCode).toBe(400);
    expect((await put(admin.cookie, member.user.id, adminEdit(member, { age: 'x' }))).statusCode).toBe(400);
    expect((await rowOf(member.user.id))?.name).toBe('Test User');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await put(admin.cookie, missing, adminEdit(member))).statusCode).toBe(404);
  });

  it('keeps the picture when the edit form leaves it out, and ignores a password', async () => {
    const member = await createUser(t);
    const picture = await uploadImage(member.cookie);
    expect((await put(member.cookie, member.user.id, profile(member, { picture }))).statusCode).toBe(200);
    const res = await put(admin.cookie, member.user.id, adminEdit(member, { password: 'Another-Pass-99' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().picture).toBe(picture);
    expect((await login(member.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an admin save their own profile screen, which sends no certificate number', async () => {
    const self = await createUser(t, { isAdmin: true, steppedUp: true });
    const res = await put(self.cookie, self.user.id, profile(self, { email: 'ignored@example.org' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: self.email, isAdmin: true, name: 'Renamed Member' });
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user, ends their sessions and audits it', async () => {
    const member = await createUser(t);
    const res = await del(admin.cookie, member.user.id);
    expect(res.statusCode).toBe(204);
    // Issue 16: to the trash, its sessions ended at once.
    expect((await rowOf(member.user.id))?.deletedAt).toBeInstanceOf(Date);
    expect((await checkAuth(member.cookie)).statusCode).toBe(401);
    const audits = await auditsFor(member.user.id);
    expect(audits.map((a) => a.action)).toEqual(['user.delete']);
    expect(audits[0]?.details).toMatchObject({ before: { email: member.email } });
    expect((await del(admin.cookie, member.user.id)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    expect((await del(undefined, other.user.id)).statusCode).toBe(401);
    expect((await del(unverified.cookie, other.user.id)).statusCode).toBe(403);
    expect((await del(member.cookie, other.user.id)).statusCode).toBe(403);
    expect((await del(member.cookie, member.user.id)).statusCode).toBe(403);
    expect(await rowOf(other.user.id)).toBeDefined();
  });
});

describe('the last administrator', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(() => solo.close());

  it('cannot be demoted or deleted; with a second admin, demotion works', async () => {
    const only = await createUser(solo, { isAdmin: true, steppedUp: true });
    const putSolo = (cookie: string, id: string, payload: Record<string, unknown>) =>
      call(solo.app, cookie, { method: 'PUT', url: `/api/users/${id}`, payload });

    const demote = await putSolo(only.cookie, only.user.id, adminEdit(only, { isAdmin: false }));
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(USER_MESSAGES.lastAdminDemote);
    const self = await call(solo.app, only.cookie, { method: 'DELETE', url: `/api/users/${only.user.id}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_MESSAGES.deleteSelf);
    const [row] = await solo.database.db.select().from(users).where(eq(users.id, only.user.id));
    expect(row?.isAdmin).toBe(true);

    const second = await createUser(solo, { isAdmin: true, steppedUp: true });
    const ok = await putSolo(second.cookie, only.user.id, adminEdit(only, { isAdmin: false }));
    expect(ok.statusCode, ok.body).toBe(200);
    // Now `second` is the last one, and the demoted admin's session is over.
    expect((await call(solo.app, only.cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    const again = await putSolo(second.cookie, second.user.id, adminEdit(second, { isAdmin: false }));
    expect(again.statusCode).toBe(409);
  });

  it('counts only verified administrators (issue 12, L4)', async () => {
    const fresh = await createTestApp();
    try {
      const verified = await createUser(fresh, { isAdmin: true, steppedUp: true });
      await createUser(fresh, { isAdmin: true, steppedUp: true, isVerified: false });
      const edit = (caller: TestUser, target: TestUser, over: Record<string, unknown>) =>
        call(fresh.app, caller.cookie, {
          method: 'PUT',
          url: `/api/users/${target.user.id}`,
          payload: adminEdit(target, over),
        });
      // An unverified admin cannot act as one: the verified one is the last administrator.
      const demote = await edit(verified, verified, { isAdmin: false });
      expect(demote.statusCode, demote.body).toBe(409);
      expect(demote.json().message).toBe(USER_MESSAGES.lastAdminDemote);
      const [row] = await fresh.database.db.select().from(users).where(eq(users.id, verified.user.id));
      expect(row?.isAdmin).toBe(true);

      // Two verified admins deleting each other at once: one of them stays.
      const second = await createUser(fresh, { isAdmin: true, steppedUp: true });
      const [ra, rb] = await Promise.all([
        call(fresh.app, verified.cookie, { method: 'DELETE', url: `/api/users/${second.user.id}` }),
        call(fresh.app, second.cookie, { method: 'DELETE', url: `/api/users/${verified.user.id}` }),
      ]);
      const statuses = [ra.statusCode, rb.statusCode].sort();
      expect(statuses[0]).toBe(204);
      expect([401, 409]).toContain(statuses[1]);
      const admins = await fresh.database.db
        .select()
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.isVerified, true), isNull(users.deletedAt)));
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('survives two admins demoting each other at once: one of them stays an admin', async () => {
    const a = await createUser(solo, { isAdmin: true, steppedUp: true });
    const b = await createUser(solo, { isAdmin: true, steppedUp: true });
    // Whoever else is an admin from the test before is demoted first, so only a and b remain.
    const others = await solo.database.db.select().from(users).where(eq(users.isAdmin, true));
    for (const o of others.filter((o) => o.id !== a.user.id && o.id !== b.user.id)) {
      await solo.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, o.id));
    }
    const [ra, rb] = await Promise.all([
      call(solo.app, a.cookie, {
        method: 'PUT',
        url: `/api/users/${b.user.id}`,
        payload: adminEdit(b, { isAdmin: false }),
      }),
      call(solo.app, b.cookie, {
        method: 'PUT',
        url: `/api/users/${a.user.id}`,
        payload: adminEdit(a, { isAdmin: false }),
      }),
    ]);
    // One wins. The other is refused: 409 when it waited for the lock and lost, 401 when the
    // winner had already demoted it (which ends its sessions) before its request was read.
    const [winner, loser] = [ra.statusCode, rb.statusCode].sort();
    expect(winner).toBe(200);
    expect([401, 409]).toContain(loser);
    const admins = await solo.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });
});
