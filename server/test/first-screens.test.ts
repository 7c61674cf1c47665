import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates } from '../src/db/schema';
import { scriptJson } from '../src/lib/first-screens';
import { issueCertificate } from './certificates';
import { call, createTestApp, createUser, type TestApp } from './harness';

/**
 * Decision 0080: a member's first screens arrive rendered with their own data. A stand-in of the
 * web build: web/dist with its shell, and beside it web/dist-ssr with an SSR module that writes
 * out what the server handed it, and the pages with the marks it fills.
 */
let t: TestApp;
let adminCookie: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screens-'));
const dist = path.join(root, 'dist');
const ssr = path.join(root, 'dist-ssr');

const SSR_MODULE = `
export const SCREEN_MARK = '<!--screen-->';
export const SCREEN_DATA_MARK = '<!--screen-data-->';
export async function prepareSignedInScreens() {}
export function renderSignedInScreen(location, { user, certificates, config }) {
  if (user.name === 'Still Loading') return null;
  return {
    html: '<p>' + location + ' of ' + user.email + ': ' + certificates.map((c) => c.certificateNo).join(',') + ' · ' + config.supportEmail + '</p>' + '<i></i>'.repeat(300),
    state: { names: certificates.map((c) => c.name) },
  };
}`;

const PAGES = { '/admin/default': 'admin-default.html', '/admin/report': 'admin-report.html' };

beforeAll(async () => {
  fs.mkdirSync(dist);
  fs.mkdirSync(ssr);
  fs.writeFileSync(path.join(dist, 'index.html'), '<p>the shell</p>');
  fs.writeFileSync(path.join(ssr, 'prerender.js'), SSR_MODULE);
  fs.writeFileSync(path.join(ssr, 'pages.json'), JSON.stringify(PAGES));
  for (const page of Object.values(PAGES)) {
    fs.writeFileSync(
      path.join(ssr, page),
      '<div id="root"><!--screen--></div><script type="application/json" id="first-screen-data"><!--screen-data--></script>',
    );
  }
  t = await createTestApp({}, { webDist: dist });
  adminCookie = (await createUser(t, { isAdmin: true, steppedUp: true })).cookie;
});

const registerCertificate = async (t: TestApp, userEmail: string) =>
  (await issueCertificate(t.app, adminCookie, { userEmail })).certificateNo;
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => call(t.app, cookie, { method: 'GET', url });
const dataOf = (body: string) => /id="first-screen-data">(.*)<\/script>/.exec(body)?.[1];

describe('signed-in first screens', () => {
  it('renders the dashboard and the intake form with the member’s own certificates, kept by no cache', async () => {
    const member = await createUser(t);
    const number = await registerCertificate(t, member.email);
    for (const location of ['/admin/default', '/admin/report']) {
      const res = await get(location, member.cookie);
      expect(res.statusCode, location).toBe(200);
      expect(res.headers['content-type'], location).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], location).toBe('no-store');
      expect(res.headers.vary, location).toContain('cookie');
      expect(res.body, location).toContain(`<p>${location} of ${member.email}: ${number} · `);
      // Compressed as every page is: the query cache makes it tens of kilobytes.
      const compressed = await call(t.app, member.cookie, {
        method: 'GET',
        url: location,
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding'], location).toBe('br');
      expect(JSON.parse(dataOf(res.body)!), location).toEqual({ names: ['Certified Recycling Advocate'] });
    }
  });

  it('shows each member only their own certificates', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const annsNumber = await registerCertificate(t, ann.email);
    const bobsNumber = await registerCertificate(t, bob.email);
    const page = (await get('/admin/default', bob.cookie)).body;
    expect(page).toContain(bobsNumber);
    expect(page).not.toContain(annsNumber);
    expect(page).not.toContain(ann.email);
  });

  it('gives the shell to a guest, a stale session, an unverified member and an administrator', async () => {
    const unverified = await createUser(t, { isVerified: false });
    const admin = await createUser(t, { isAdmin: true });
    for (const [who, cookie] of [
      ['a guest', undefined],
      ['a stale session', 'sid=stale'],
      ['only the readable expiry cookie', 'session_expiry=1800-0'],
      ['an unverified member', unverified.cookie],
      ['an administrator', admin.cookie],
    ] as const) {
      const res = await get('/admin/default', cookie);
      expect(res.statusCode, who).toBe(200);
      expect(res.body, who).toBe('<p>the shell</p>');
      expect(res.headers['cache-control'], who).toBe('no-cache');
      expect(res.headers.vary, who).toContain('cookie');
    }
  });

  it('gives the shell to every other page, and when the screen would still be loading', async () => {
    const member = await createUser(t);
    for (const url of ['/admin/certificates', '/admin/default/extra', '/rtl/default']) {
      expect((await get(url, member.cookie)).body, url).toBe('<p>the shell</p>');
    }
    const loading = await createUser(t, { name: 'Still Loading' });
    expect((await get('/admin/default', loading.cookie)).body).toBe('<p>the shell</p>');
  });

  it('gives the shell, and starts, when the SSR module cannot be loaded', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screens-broken-'));
    fs.mkdirSync(path.join(broken, 'dist'));
    fs.mkdirSync(path.join(broken, 'dist-ssr'));
    fs.writeFileSync(path.join(broken, 'dist/index.html'), '<p>the shell</p>');
    fs.writeFileSync(
      path.join(broken, 'dist-ssr/prerender.js'),
      'export async function prepareSignedInScreens() { throw new Error("window is not defined"); }',
    );
    fs.writeFileSync(path.join(broken, 'dist-ssr/pages.json'), JSON.stringify({ '/admin/default': 'none.html' }));
    fs.writeFileSync(path.join(broken, 'dist-ssr/none.html'), '<!--screen-->');
    const other = await createTestApp({}, { webDist: path.join(broken, 'dist') });
    try {
      const member = await createUser(other);
      const res = await call(other.app, member.cookie, { method: 'GET', url: '/admin/default' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<p>the shell</p>');
    } finally {
      await other.close();
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('escapes the query cache so that no value can close its script element', async () => {
    const member = await createUser(t);
    await registerCertificate(t, member.email);
    // A name as an import could write it.
    await t.database.db
      .update(certificates)
      .set({ name: '</script><script>alert(1)</script><!--' })
      .where(eq(certificates.userEmail, member.email));
    const body = (await get('/admin/default', member.cookie)).body;
    const data = dataOf(body)!;
    expect(data).not.toMatch(/</);
    expect(JSON.parse(data)).toEqual({ names: ['</script><script>alert(1)</script><!--'] });
    expect(scriptJson('\u2028<')).toBe('"\\u2028\\u003c"');
  });
});
