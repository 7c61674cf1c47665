import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GOOD_PASSWORD, registerCertificate, type TestApp, uniqueEmail } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('GET /healthz answers 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', queue: 'off' });
  });

  it('GET /api/config answers the public destinations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'adminMfa',
      'arabicDigits',
      'boardName',
      'boardUrl',
      'chatUrl',
      'productName',
      'recertification',
      'renewalTimes',
      'renewalUrl',
      'supportEmail',
    ]);
  });

  it('serves the OpenAPI UI at /api/docs and a document listing the auth paths', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = ui.statusCode === 302 ? await t.app.inject({ method: 'GET', url: ui.headers.location! }) : ui;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);

    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths as Record<string, unknown>);
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/verify-email',
      '/api/auth/resend-code',
      '/api/auth/check-auth',
      '/api/auth/forgot-password',
      '/api/auth/reset-password/{token}',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths).not.toContain('/healthz');
    expect(doc.json().paths['/api/auth/login'].post.requestBody).toBeDefined();
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('the development mailbox (/dev/mail, without SMTP_URL)', () => {
  const devMail = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers });

  it('answers requests from this machine only, by the socket address', async () => {
    for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await devMail(t, local)).statusCode, local).toBe(200);
    }
    for (const remote of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
      const res = await devMail(t, remote);
      expect(res.statusCode, remote).toBe(403);
      expect(res.body).not.toMatch(/<article>|verification code/i);
    }
    // A forwarded request came through a proxy: never local, whatever it claims.
    expect((await devMail(t, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    expect((await devMail(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await devMail(t, '127.0.0.1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(403);
  });

  it('a trusted proxy does not make a remote client local', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect((await devMail(proxied, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('warns at start that mail is not sent and where it can be read', () => {
    const warnings = t.logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringMatching(/mail is not sent.*\/dev\/mail/i));
  });

  it('with SMTP_URL, there is no /dev/mail and no such warning', async () => {
    const relayed = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect((await devMail(relayed, '127.0.0.1')).statusCode).toBe(404);
      const warnings = relayed.logs.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 40);
      expect(warnings).toEqual([]);
    } finally {
      await relayed.close();
    }
  });
});

describe('the error handler', () => {
  it('answers a 500 with nothing internal, and logs the cause without query parameters', async () => {
    await t.database.db.execute(sql`
      create or replace function refuse_test_user() returns trigger language plpgsql as $$
      begin
        if new.email like 'boom.%' then raise exception 'secret internal reason 7731'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_test_user before insert on users for each row execute function refuse_test_user()`);
    const email = uniqueEmail('boom');
    const certificateNo = await registerCertificate(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Bo', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(res.body).not.toMatch(/7731|users|insert|stack|Failed query/i);

    const logs = t.logs.join('\n');
    expect(logs).toContain('secret internal reason 7731');
    expect(logs).toContain('request failed');
    expect(logs).not.toContain('$argon2');
    expect(logs).not.toContain(GOOD_PASSWORD);
    expect(logs).not.toContain('params:');
  });
});

describe('when the database goes away', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp();
  });
  afterAll(() => down.close());

  it('GET /readyz answers 503 and the API answers without internals', async () => {
    expect((await down.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await down.database.close();
    const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable', queue: 'off' });
    expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const login = await down.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    expect(login.headers['retry-after']).toBeDefined();
    expect(Object.keys(login.json())).toEqual(['message']);
    expect(login.body).not.toMatch(/pool|closed|PGlite|select|users/i);
  });
});
