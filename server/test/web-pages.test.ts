import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from './harness';

/**
 * Which HTML each page gets (server/src/app.ts): the prerendered landing page for `/`, the login
 * snapshot for `/login` without a session, the empty shell for everything else
 * (web/scripts/prerender.ts writes the first two at build). A stand-in of the build's three files.
 */
let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
const pages = { 'index.html': 'the shell', 'landing.html': 'the landing page', 'login.html': 'the login snapshot' };
/** What vite-plugin-pwa writes (decision 0020): the service worker and the web app manifest. */
const pwaFiles = { 'sw.js': 'self.addEventListener("fetch", () => {});', 'manifest.webmanifest': '{"name":"Portal"}' };

beforeAll(async () => {
  for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(dist, file), `<p>${text}</p>`);
  for (const [file, text] of Object.entries(pwaFiles)) fs.writeFileSync(path.join(dist, file), text);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/entry-abc123.js'), 'export {};');
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => call(t.app, cookie, { method: 'GET', url });

describe('web pages', () => {
  it('answers / with the landing page and /login with the snapshot, without caching either', async () => {
    for (const [url, text] of [
      ['/', 'the landing page'],
      ['/login', 'the login snapshot'],
      ['/login?next=%2Fadmin', 'the login snapshot'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(text);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/login')).headers.vary).toContain('cookie');
  });

  it('answers /login with the shell when the request carries a session, so no login form flashes', async () => {
    const member = await createUser(t);
    const res = await get('/login', member.cookie);
    expect(res.body).toContain('the shell');
    // Whether the session is still good is the app's question (its check sends a stale one back),
    // and so is a visit with only the readable expiry cookie: the app waits for its check there.
    expect((await get('/login', 'sid=stale')).body).toContain('the shell');
    expect((await get('/login', 'session_expiry=1800-0')).body).toContain('the shell');
    expect((await get('/login', 'theme=dark')).body).toContain('the login snapshot');
  });

  it('answers every other page with the shell, and anything else with a JSON 404', async () => {
    for (const url of ['/signup', '/admin/default', '/login/extra', '/reset-password/abc']) {
      expect((await get(url)).body, url).toContain('the shell');
    }
    for (const url of ['/api/nothing', '/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
    const post = await call(t.app, undefined, { method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers an unknown /.well-known/ document with a JSON 404, never the shell (issue 31)', async () => {
    for (const url of ['/.well-known/foo', '/.well-known/openid-configuration', '/.well-known/', '/.well-known']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
    // The one the portal has is still served.
    const did = await get('/.well-known/did.json');
    expect(did.statusCode).toBe(200);
    expect(did.json()).toMatchObject({ id: 'did:web:localhost%3A3000' });
    // And a page whose name merely starts alike is a page.
    expect((await get('/.well-known-ish')).body).toContain('the shell');
  });

  it('serves the service worker as a script that is revalidated every time, and allows it and the manifest', async () => {
    // An update must reach the members: a worker cached by HTTP would hold the old version
    // (Service Workers §Update: the byte check; decision 0020).
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    // The hashed files the worker precaches are cached for good, as before.
    expect((await get('/assets/entry-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
