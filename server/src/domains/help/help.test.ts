import { AUTH_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createCallers, createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, helpContent } from '../../db/schema';
import { HELP_ENTRY_NOT_FOUND } from './routes';
import { startingHelpContent } from './starting-content';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof createCallers>>['cookies'];
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookies, adminId } = await createCallers(t));
});
afterAll(() => t.close());

const content = {
  instructions: ['Sign in', 'Open My Certificates', 'Download'],
  contactDetails: ['Board office, 1 Main St', 'Mon–Fri 9–5'],
  emails: ['help@board.example.org', 'renewals@board.example.org'],
};
/** The content as stored before each test, and as the API answers it (issue 16: with its version). */
const stored1 = { ...content, version: 1 };

const asAdmin = (opts: InjectOptions) => call(t.app, cookies.admin, opts);
const read = async () => (await call(t.app, cookies.member, { method: 'GET', url: '/api/help-content' })).json();
/** Audit rows about the help page, oldest first. */
const helpAudits = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'help_content')).orderBy(auditLog.createdAt);
const put = (payload: object) => asAdmin({ method: 'PUT', url: '/api/help-content', payload });

beforeEach(async () => {
  await t.database.db
    .insert(helpContent)
    .values({ id: 1, ...stored1 })
    .onConflictDoUpdate({ target: helpContent.id, set: stored1 });
});

describe('help routes: who may call them', () => {
  const routes: InjectOptions[] = [
    { method: 'GET', url: '/api/help-content' },
    { method: 'PUT', url: '/api/help-content', payload: content },
    { method: 'DELETE', url: '/api/help-content/instructions/0' },
    { method: 'DELETE', url: '/api/help-content/contact-details/0' },
    { method: 'DELETE', url: '/api/help-content/emails/0' },
  ];

  it('refuses guests (401) and unverified accounts (403) on every route', async () => {
    for (const route of routes) {
      expect((await call(t.app, undefined, route)).statusCode, `guest ${route.method} ${route.url}`).toBe(401);
      const unverified = await call(t.app, cookies.unverified, route);
      expect(unverified.statusCode, `unverified ${route.method} ${route.url}`).toBe(403);
      expect(unverified.json().message).toBe(AUTH_MESSAGES.notVerified);
    }
  });

  it('lets members read the help content but not change it', async () => {
    const before = (await helpAudits()).length;
    const res = await call(t.app, cookies.member, routes[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(stored1);
    for (const route of routes.slice(1)) {
      const denied = await call(t.app, cookies.member, route);
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(denied.json().message).toBe(AUTH_MESSAGES.notAdmin);
    }
    expect(await read()).toEqual(stored1);
    expect((await helpAudits()).length).toBe(before);
  });
});

describe('reading help content', () => {
  it('answers the starting content when nothing is stored: how to use the portal, and the board from its settings', async () => {
    await t.database.db.delete(helpContent);
    const res = await call(t.app, cookies.member, { method: 'GET', url: '/api/help-content' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ...startingHelpContent(t.config), version: 1 });
    // Issue 35: real content, not the spec's placeholders, which the page shows only while it loads.
    expect(JSON.stringify(body)).not.toMatch(/will appear here/);
    expect(body.instructions.length).toBeGreaterThan(3);
    expect(body.contactDetails).toContain(t.config.boardName);
    expect(body.emails).toEqual([t.config.supportEmail]);
  });

  it('starts with what the configuration names: the board and both of its addresses', () => {
    const content = startingHelpContent({
      boardName: 'Lakeside Recycling Board',
      supportEmail: 'help@lakeside.example',
      boardContactEmail: 'registry@lakeside.example',
    });
    expect(content.contactDetails[0]).toBe('Lakeside Recycling Board');
    expect(content.contactDetails.join(' ')).toContain('help@lakeside.example');
    expect(content.emails).toEqual(['help@lakeside.example', 'registry@lakeside.example']);
  });
});

describe('editing help content as an admin', () => {
  it('replaces all three lists and audits before and after', async () => {
    const before = (await helpAudits()).length;
    const next = { instructions: ['  One  ', 'Two'], contactDetails: [], emails: ['a@example.org'] };
    const res = await put(next);
    expect(res.statusCode, res.body).toBe(200);
    const stored = { ...next, instructions: ['One', 'Two'], version: 2 };
    expect(res.json()).toEqual(stored);
    expect(res.headers.etag).toBe('"2"');
    expect(await read()).toEqual(stored);
    const audits = await helpAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ action: 'help.update', actorId: adminId, targetId: '1' });
    expect(audits.at(-1)?.details).toEqual({ before: stored1, after: stored });
  });

  it('creates the row when it is missing', async () => {
    await t.database.db.delete(helpContent);
    expect((await put(content)).statusCode).toBe(200);
    // Stored with the placeholders as version 1, then edited.
    expect(await read()).toEqual({ ...content, version: 2 });
  });

  it('refuses missing lists, blank entries, wrong types and unknown fields', async () => {
    const before = (await helpAudits()).length;
    for (const payload of [
      { instructions: [], contactDetails: [] },
      { ...content, emails: ['ok@example.org', '  '] },
      { ...content, instructions: 'Sign in' },
      { ...content, emails: [42] },
      { ...content, faq: [] },
      { ...content, instructions: Array.from({ length: 101 }, (_, i) => `Step ${i}`) },
    ]) {
      expect((await put(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await read()).toEqual(stored1);
    expect((await helpAudits()).length).toBe(before);
  });
});

describe('deleting a help entry by index', () => {
  const lists = [
    ['instructions', 'instructions'],
    ['contact-details', 'contactDetails'],
    ['emails', 'emails'],
  ] as const;

  it.each(lists)('removes the entry at that index of %s and audits it', async (segment, key) => {
    const before = (await helpAudits()).length;
    const res = await asAdmin({ method: 'DELETE', url: `/api/help-content/${segment}/1` });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...content, [key]: content[key].filter((_, i) => i !== 1), version: 2 };
    expect(res.json()).toEqual(expected);
    expect(await read()).toEqual(expected);
    const audits = await helpAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ action: 'help.delete-entry', actorId: adminId });
    expect(audits.at(-1)?.details).toEqual({
      list: key,
      index: 1,
      removed: content[key][1],
      before: content[key],
      after: expected[key],
    });
  });

  it.each(lists)('answers 404 for an index past the end of %s and changes nothing', async (segment, key) => {
    const before = (await helpAudits()).length;
    const res = await asAdmin({ method: 'DELETE', url: `/api/help-content/${segment}/${content[key].length}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: HELP_ENTRY_NOT_FOUND });
    expect(await read()).toEqual(stored1);
    expect((await helpAudits()).length).toBe(before);
  });

  it('refuses an index that is not a non-negative whole number', async () => {
    for (const index of ['-1', 'one', '1.5', '99999']) {
      const res = await asAdmin({ method: 'DELETE', url: `/api/help-content/emails/${index}` });
      expect(res.statusCode, index).toBe(400);
    }
  });

  it('deletes from the starting content when nothing is stored', async () => {
    await t.database.db.delete(helpContent);
    const res = await asAdmin({ method: 'DELETE', url: '/api/help-content/instructions/0' });
    expect(res.statusCode, res.body).toBe(200);
    const starting = startingHelpContent(t.config);
    expect(res.json()).toEqual({ ...starting, instructions: starting.instructions.slice(1), version: 2 });
  });

  it('loses no update when deletes run at the same time', async () => {
    const instructions = Array.from({ length: 12 }, (_, i) => `Step ${i}`);
    expect((await put({ ...content, instructions })).statusCode).toBe(200);
    const before = (await helpAudits()).length;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => asAdmin({ method: 'DELETE', url: '/api/help-content/instructions/0' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await read()).instructions).toEqual(instructions.slice(8));
    expect((await helpAudits()).length).toBe(before + 8);
  });
});
