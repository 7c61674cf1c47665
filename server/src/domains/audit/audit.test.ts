import { TOTAL_COUNT_HEADER } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
const notificationIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t);
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('auditor'), steppedUp: true });
  other = await createUser(t, { isAdmin: true, email: uniqueEmail('second.admin'), steppedUp: true });
  // Five admin changes by the first admin, one by the second, each one audit row.
  for (let i = 0; i < 5; i++) {
    const res = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/notifications/add',
      payload: { title: `Audited ${i}`, message: 'Hello', link: 'example.org' },
    });
    expect(res.statusCode, res.body).toBe(201);
    notificationIds.push((res.json() as { _id: string })._id);
  }
  const removed = await call(t.app, other.cookie, {
    method: 'DELETE',
    url: `/api/notifications/${notificationIds[0]}`,
  });
  expect(removed.statusCode, removed.body).toBe(200);
});
afterAll(() => t.close());

const list = (query: string, cookie = admin.cookie) =>
  call(t.app, cookie, { method: 'GET', url: `/api/audit-log${query}` });
type Entry = {
  _id: string;
  action: string;
  actorId: string;
  actorEmail: string;
  targetType: string;
  targetId: string;
  requestId: string;
  createdAt: string;
};

describe('GET /api/audit-log', () => {
  it('is for admins only', async () => {
    expect((await list('', '')).statusCode).toBe(401);
    expect((await list('', member.cookie)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(200);
  });

  it('lists the newest first, with actor, action, target, time and request id', async () => {
    const res = await list('?action=notification.create');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('5');
    const entries = res.json() as Entry[];
    expect(entries.map((e) => e.targetId)).toEqual([...notificationIds].reverse());
    for (const entry of entries) {
      expect(entry).toMatchObject({
        action: 'notification.create',
        actorEmail: admin.email,
        targetType: 'notification',
      });
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by part of the actor e-mail, in any case, and by target', async () => {
    const byActor = await list(`?actor=${encodeURIComponent('SECOND.ADMIN')}`);
    expect(byActor.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect((byActor.json() as Entry[])[0]).toMatchObject({ action: 'notification.delete', actorEmail: other.email });
    // LIKE's wildcards are plain characters.
    expect((await list('?actor=%25')).headers[TOTAL_COUNT_HEADER]).toBe('0');

    const byTarget = await list(`?targetType=notification&targetId=${notificationIds[0]}`);
    expect((byTarget.json() as Entry[]).map((e) => e.action)).toEqual(['notification.delete', 'notification.create']);
    expect((await list('?targetType=user')).headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('filters by dates, both ends inclusive', async () => {
    const all = (await list('?limit=100')).json() as Entry[];
    const newest = all[0]!;
    const oldest = all.at(-1)!;
    const day = (iso: string) => iso.slice(0, 10);
    expect((await list(`?from=${day(oldest.createdAt)}&to=${day(newest.createdAt)}`)).headers[TOTAL_COUNT_HEADER]).toBe(
      String(all.length),
    );
    const exact = await list(
      `?from=${encodeURIComponent(newest.createdAt)}&to=${encodeURIComponent(newest.createdAt)}`,
    );
    expect((exact.json() as Entry[]).map((e) => e._id)).toEqual([newest._id]);
    expect((await list('?from=2000-01-01&to=2000-01-31')).headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect((await list('?from=2000-02-01&to=2000-01-31')).statusCode).toBe(400);
    expect((await list('?from=yesterday')).statusCode).toBe(400);
  });

  it('pages: offset and limit over the same order, the total in X-Total-Count', async () => {
    const whole = (await list('?action=notification.create')).json() as Entry[];
    const first = await list('?action=notification.create&limit=2');
    const second = await list('?action=notification.create&limit=2&offset=2');
    const last = await list('?action=notification.create&limit=2&offset=4');
    for (const page of [first, second, last]) expect(page.headers[TOTAL_COUNT_HEADER]).toBe('5');
    const ids = [first, second, last].flatMap((p) => (p.json() as Entry[]).map((e) => e._id));
    expect(ids).toEqual(whole.map((e) => e._id));
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?unknown=1')).statusCode).toBe(400);
  });
});

describe('names, not ids (issue 35)', () => {
  type Described = {
    targetType: string;
    targetId: string;
    target: { label: string; find: string | null; inTrash: boolean } | null;
  };
  const entriesFor = async (targetId: string) => (await list(`?targetId=${targetId}`)).json() as Described[];

  it('names each record as its list does, with the search that finds it, in the trash or not', async () => {
    const email = uniqueEmail('named.holder');
    const certificateNo = `CRA-AUD-${crypto.randomUUID().slice(0, 6)}`;
    const created = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: { userEmail: email, certificateNo, name: 'Named Advocate', status: 'Active', validTill: '2031-01-01' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string })._id;
    const [live] = await entriesFor(id);
    expect(live!.target).toEqual({ label: `${certificateNo} · Named Advocate`, find: certificateNo, inTrash: false });

    // A user by name and e-mail, found by the e-mail.
    const renamed = await call(t.app, member.cookie, {
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      payload: { name: 'Audited Member' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [user] = (await list(`?targetId=${member.user.id}&action=user.update`)).json() as Described[];
    expect(user!.target).toEqual({ label: `Audited Member <${member.email}>`, find: member.email, inTrash: false });

    // Deleted: still named, and marked as in the trash, on every row about it.
    const removed = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${id}` });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await entriesFor(id);
    expect(after.map((e) => e.target?.inTrash)).toEqual([true, true]);

    // Deleted for good: the id is all that is left.
    const purged = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/certificate/${id}` });
    expect(purged.statusCode, purged.body).toBe(204);
    expect((await entriesFor(id)).map((e) => e.target)).toEqual([null, null, null]);
  });

  it('gives a notification its title and no search, and a report no search that would carry client data', async () => {
    const [entry] = await entriesFor(notificationIds[1]!);
    expect(entry!.target).toEqual({ label: 'Audited 1', find: null, inTrash: false });
    const filed = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: { clientName: 'Client Without Link' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = (filed.json() as { _id: string })._id;
    const opened = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${reportId}` });
    expect(opened.statusCode).toBe(200);
    const [read] = await entriesFor(reportId);
    expect(read!.target).toEqual({ label: 'Client Without Link', find: null, inTrash: false });
  });
});

describe('reading an intake (issue 12)', () => {
  it('writes exactly one row per report an admin opens: actor, action, target, time and request id', async () => {
    const filed = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: { clientName: 'Audited Client' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = (filed.json() as { _id: string })._id;
    const ofReport = `?targetType=report&targetId=${id}`;
    // Filing it is the member's own act, not an admin change.
    expect((await list(ofReport)).headers[TOTAL_COUNT_HEADER]).toBe('0');

    const read = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` });
    expect(read.statusCode, read.body).toBe(200);

    const res = await list(ofReport);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    const [entry] = res.json() as Entry[];
    expect(entry).toMatchObject({
      action: 'report.view',
      actorId: admin.user.id,
      actorEmail: admin.email,
      targetType: 'report',
      targetId: id,
    });
    expect(entry!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(entry!.createdAt))).toBe(false);

    // Another opening is another row.
    await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` });
    expect((await list(ofReport)).headers[TOTAL_COUNT_HEADER]).toBe('2');
  });
});

describe('the audit log is append-only (issue 13)', () => {
  it("refuses UPDATE, DELETE and TRUNCATE through the application's own connection", async () => {
    const db = t.database.db;
    const [row] = await db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toEqual(row);
    // Inserting is still allowed: that is how the log grows.
    await db.insert(auditLog).values({ action: 'test.insert', targetType: 'test' });
  });

  // On both drivers: PGlite runs the same migration, REVOKE included. Its only role is a
  // superuser, which ignores privileges (so do PostgreSQL's): the triggers above are what holds
  // for everyone, and this checks the second line for every role that is not one.
  it('neither PUBLIC nor the owner holds UPDATE, DELETE or TRUNCATE', async () => {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const rows = await rowsOf(sql`
      select grantee, privilege_type from information_schema.role_table_grants
      where table_name = 'audit_log' and privilege_type in ('UPDATE', 'DELETE', 'TRUNCATE')`);
    expect(rows).toEqual([]);
    const select = await rowsOf(sql`
      select privilege_type from information_schema.role_table_grants
      where table_name = 'audit_log' and privilege_type in ('SELECT', 'INSERT') and grantee = current_user`);
    expect(select).toHaveLength(2);
  });
});
