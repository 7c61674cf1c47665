import { ROUTES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../harness';
import { multipart, png } from '../uploads';

/** Issue 11: security headers, CSRF and content types, on every route of the contract. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { isAdmin: true })).cookie;
});
afterAll(() => t.close());

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
// RFC 9110 §9.2.1: GET and HEAD are safe; every other method changes state.
// Decision 0042: a wallet's protocol routes read no cookie (their secret is in the request), so they
// take any origin; wallet.test.ts calls them from one.
const changing = ROUTES.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && !r.path.startsWith('/api/wallet/'));

describe('headers', () => {
  it('sends a strict CSP, Referrer-Policy and nosniff, and no HSTS outside production', async () => {
    for (const url of ['/api/config', '/api/auth/check-auth', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'] as string;
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives['script-src'], url).toBe("'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(directives['object-src']).toBe("'none'");
      expect(directives['base-uri']).toBe("'none'");
      expect(directives['frame-ancestors']).toBe("'none'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('marks API JSON no-store, answers and errors alike', async () => {
    for (const [cookie, url] of [
      [undefined, '/api/config'],
      [admin, '/api/auth/check-auth'],
      [admin, '/api/users'],
      [undefined, '/api/auth/check-auth'],
    ] as const) {
      const res = await call(t.app, cookie, { method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('CSRF', () => {
  it(`refuses a foreign Origin with 403 on every state-changing route (${changing.length} routes)`, async () => {
    expect(changing.length).toBeGreaterThan(10);
    const probes: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
    ];
    for (const route of changing) {
      for (const headers of probes) {
        const json = await call(t.app, admin, {
          method: route.method,
          url: concrete(route.path),
          headers,
          payload: { email: 'x@example.org', password: 'whatever-123' },
        });
        expect(json.statusCode, `${route.method} ${route.path} ${JSON.stringify(headers)}`).toBe(403);
        const form = multipart({ filename: 'a.png', contentType: 'image/png', data: await png() });
        const upload = await call(t.app, admin, {
          method: route.method,
          url: concrete(route.path),
          payload: form.payload,
          headers: { ...form.headers, ...headers },
        });
        expect(upload.statusCode, `multipart ${route.method} ${route.path}`).toBe(403);
      }
    }
  });

  it('lets our own origin and same-origin fetches through', async () => {
    const { cookie } = await createUser(t);
    const ok = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('takes the loopback addresses of the default origin only while APP_URL is unset', async () => {
    const login = (app: TestApp, origin: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin },
        payload: { email: 'nobody@example.org', password: 'whatever-123' },
      });
    // APP_URL=http://localhost:3000 (the harness): only that origin.
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await login(t, origin)).statusCode, origin).toBe(403);
    }
    const local = await createTestApp({ APP_URL: '' });
    try {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
        expect((await login(local, origin)).statusCode, origin).toBe(401);
      }
      for (const origin of ['http://127.0.0.1:3001', 'http://127.0.0.2:3000', 'https://127.0.0.1:3000', 'null']) {
        expect((await login(local, origin)).statusCode, origin).toBe(403);
      }
    } finally {
      await local.close();
    }
  });
});

describe('content types', () => {
  it('every JSON route refuses other content types with 415', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const jsonRoutes: [string, string][] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.requestBody?.content['application/json']) jsonRoutes.push([method.toUpperCase(), path]);
      }
    }
    expect(jsonRoutes.length).toBeGreaterThan(10);
    const form = multipart({ filename: 'a.png', contentType: 'image/png', data: await png() });
    for (const [method, path] of jsonRoutes) {
      const url = path.replace(/\{[a-zA-Z]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const [type, payload] of [
        ['text/plain', '{"email":"a@example.org"}'],
        ['application/x-www-form-urlencoded', 'email=a%40example.org'],
        [form.headers['content-type'], form.payload],
      ] as const) {
        const res = await call(t.app, admin, {
          method: method as 'POST',
          url,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${method} ${path} as ${type.split(';')[0]}`).toBe(415);
      }
    }
  });
});
