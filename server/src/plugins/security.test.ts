import { AUTH_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, GOOD_PASSWORD, type TestApp, uniqueEmail } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginWith = (email: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: GOOD_PASSWORD }, headers });

describe('CSRF: state-changing requests must come from our origin', () => {
  it('refuses a foreign Origin with 403', async () => {
    const { email } = await createUser(t);
    const res = await loginWith(email, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses an origin that only starts like ours', async () => {
    const { email } = await createUser(t);
    expect((await loginWith(email, { origin: 'http://localhost:3000.evil.example' })).statusCode).toBe(403);
    expect((await loginWith(email, { origin: 'http://localhost:3001' })).statusCode).toBe(403);
    expect((await loginWith(email, { origin: 'null' })).statusCode).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site with 403', async () => {
    const { email } = await createUser(t);
    expect((await loginWith(email, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('lets a signed-in user be logged out by nobody else', async () => {
    const { cookie } = await createUser(t);
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(200);
  });

  it('passes our own origin, same-origin fetches and clients that send no Origin', async () => {
    const { email } = await createUser(t);
    expect((await loginWith(email, { origin: t.config.appUrl })).statusCode).toBe(200);
    expect((await loginWith(email, { origin: t.config.appUrl, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await loginWith(email, {})).statusCode).toBe(200);
  });

  it('does not apply to reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('content types', () => {
  it('answers 415 when a JSON route is sent another content type', async () => {
    const email = uniqueEmail();
    const cases = [
      { type: 'text/plain', body: JSON.stringify({ email, password: GOOD_PASSWORD }) },
      { type: 'text/plain;charset=UTF-8', body: JSON.stringify({ email, password: GOOD_PASSWORD }) },
      { type: 'application/x-www-form-urlencoded', body: `email=${encodeURIComponent(email)}&password=x` },
      { type: 'application/xml', body: '<login/>' },
    ];
    for (const { type, body } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 415 on the profile update, whose body the handler parses by role', async () => {
    const { user, cookie } = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: JSON.stringify({ name: 'Plain Text' }),
      headers: { cookie, 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('accepts application/json with a charset', async () => {
    const { email } = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email, password: GOOD_PASSWORD }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.loggedIn);
  });

  it('answers 400 for malformed JSON without echoing internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and no-store on the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
