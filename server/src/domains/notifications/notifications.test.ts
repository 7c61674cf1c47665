import { AUTH_MESSAGES, FILL_IN_ALL_FIELDS, NOTIFICATION_URL_ERROR, TOTAL_COUNT_HEADER } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCallers, createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, notifications } from '../../db/schema';
import { NOTIFICATION_NOT_FOUND } from './routes';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof createCallers>>['cookies'];
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookies, adminId } = await createCallers(t));
});
afterAll(() => t.close());

const valid = { title: 'Renewals open', message: 'Renew before June.', link: 'https://board.example.org/renew' };

const asAdmin = (opts: InjectOptions) => call(t.app, cookies.admin, opts);
const add = async (body: Record<string, unknown> = valid) => {
  const res = await asAdmin({ method: 'POST', url: '/api/notifications/add', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; id: string; title: string; link: string; createdAt: string }>();
};
const auditFor = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
const allAudits = async () => (await t.database.db.select().from(auditLog)).length;

describe('notification routes: who may call them', () => {
  it('refuses guests (401) and unverified accounts (403) on every route', async () => {
    const { _id } = await add();
    for (const route of [
      { method: 'GET', url: '/api/notifications' },
      { method: 'POST', url: '/api/notifications/add', payload: valid },
      { method: 'DELETE', url: `/api/notifications/${_id}` },
    ] as InjectOptions[]) {
      expect((await call(t.app, undefined, route)).statusCode, `guest ${route.method}`).toBe(401);
      const unverified = await call(t.app, cookies.unverified, route);
      expect(unverified.statusCode, `unverified ${route.method}`).toBe(403);
      expect(unverified.json().message).toBe(AUTH_MESSAGES.notVerified);
    }
  });

  it('lets members read notifications but not add or delete them', async () => {
    const { _id } = await add();
    const before = await allAudits();
    const read = await call(t.app, cookies.member, { method: 'GET', url: '/api/notifications' });
    expect(read.statusCode).toBe(200);
    expect(read.json().map((n: { _id: string }) => n._id)).toContain(_id);
    for (const route of [
      { method: 'POST', url: '/api/notifications/add', payload: valid },
      { method: 'DELETE', url: `/api/notifications/${_id}` },
    ] as InjectOptions[]) {
      const res = await call(t.app, cookies.member, route);
      expect(res.statusCode, route.method).toBe(403);
      expect(res.json().message).toBe(AUTH_MESSAGES.notAdmin);
    }
    expect(await t.database.db.select().from(notifications).where(eq(notifications.id, _id))).toHaveLength(1);
    expect(await allAudits()).toBe(before);
  });
});

describe('managing notifications as an admin', () => {
  it('adds a notification (201, with both _id and id) and audits it once', async () => {
    const created = await add({ ...valid, title: 'Added' });
    expect(created).toEqual({
      _id: expect.any(String),
      id: created._id,
      ...valid,
      title: 'Added',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const audits = await auditFor(created._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'notification.create',
      targetType: 'notification',
      actorId: adminId,
      details: { after: created },
    });
  });

  it('deletes a notification and audits it; an unknown id is 404, a malformed one 400', async () => {
    const created = await add({ ...valid, title: 'Delete me' });
    const res = await asAdmin({ method: 'DELETE', url: `/api/notifications/${created._id}` });
    expect(res.statusCode, res.body).toBe(200);
    const list = await asAdmin({ method: 'GET', url: '/api/notifications?limit=200' });
    expect(list.json().map((n: { _id: string }) => n._id)).not.toContain(created._id);
    const deletion = (await auditFor(created._id)).filter((a) => a.action === 'notification.delete');
    expect(deletion).toHaveLength(1);
    expect(deletion[0]?.details).toEqual({ before: created, trash: true });

    const before = await allAudits();
    const again = await asAdmin({ method: 'DELETE', url: `/api/notifications/${created._id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: NOTIFICATION_NOT_FOUND });
    expect((await asAdmin({ method: 'DELETE', url: '/api/notifications/42' })).statusCode).toBe(400);
    expect(await allAudits()).toBe(before);
  });
});

describe('notification validation on the server (spec §5)', () => {
  it('says "Please fill in all fields." for a missing or blank field', async () => {
    for (const field of Object.keys(valid)) {
      const { [field]: _omitted, ...missing } = valid as Record<string, string>;
      for (const payload of [missing, { ...valid, [field]: ' ' }]) {
        const res = await asAdmin({ method: 'POST', url: '/api/notifications/add', payload });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().issues).toEqual([{ path: field, message: FILL_IN_ALL_FIELDS }]);
      }
    }
  });

  it('prefixes https:// to a link not starting with http, and keeps http links', async () => {
    expect((await add({ ...valid, link: 'example.org/news' })).link).toBe('https://example.org/news');
    expect((await add({ ...valid, link: 'http://192.168.1.10:8080/x' })).link).toBe('http://192.168.1.10:8080/x');
    // Issue 12 (L5): a host that merely begins with "http" has no scheme and gets one too.
    expect((await add({ ...valid, link: 'httpfoo.example.org/a' })).link).toBe('https://httpfoo.example.org/a');
    expect((await add({ ...valid, link: 'HTTPS://example.org' })).link).toBe('HTTPS://example.org');
  });

  it('refuses a link that is not a URL after prefixing', async () => {
    // Prefixed, 'httpexample' and 'http//example.org' are still no URL (no dot in their host).
    for (const link of ['not a url', 'httpexample', 'http//example.org', 'example']) {
      const res = await asAdmin({ method: 'POST', url: '/api/notifications/add', payload: { ...valid, link } });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'link', message: NOTIFICATION_URL_ERROR }]);
    }
  });

  it('refuses unknown fields', async () => {
    const before = await allAudits();
    const res = await asAdmin({ method: 'POST', url: '/api/notifications/add', payload: { ...valid, pinned: true } });
    expect(res.statusCode).toBe(400);
    expect(await allAudits()).toBe(before);
  });
});

describe('listing notifications (ARCHITECTURE §4)', () => {
  it('pages newest first with X-Total-Count and searches with q', async () => {
    const tag = `Paging${Date.now()}`;
    for (let i = 0; i < 4; i++) await add({ ...valid, title: `${tag} ${i}` });
    const list = (query: string) => call(t.app, cookies.member, { method: 'GET', url: `/api/notifications?${query}` });

    const first = await list(`q=${tag}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(first.json().map((n: { title: string }) => n.title)).toEqual([`${tag} 3`, `${tag} 2`, `${tag} 1`]);
    const second = await list(`q=${tag}&limit=3&offset=3`);
    expect(second.json().map((n: { title: string }) => n.title)).toEqual([`${tag} 0`]);
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('4');
    const byTitle = await list(`q=${tag}&sort=title&order=desc&limit=1`);
    expect(byTitle.json()[0].title).toBe(`${tag} 3`);

    const all = await list('limit=200');
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe(all.json().length);
    const times = all.json().map((n: { createdAt: string }) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses unknown query parameters and sort keys', async () => {
    for (const query of ['all=1', 'sort=link', 'limit=abc']) {
      const res = await call(t.app, cookies.member, { method: 'GET', url: `/api/notifications?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
