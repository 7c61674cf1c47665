import { describe, expect, it } from 'vitest';
import { type Access, apiPath, ROUTES } from './routes';

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const withAccess = (access: Access) => ROUTES.filter((r) => r.access === access).map(keyOf);

describe('route table', () => {
  it('lists each API route once, with a method, an /api/ path and one of the five access rules', () => {
    for (const route of ROUTES) {
      expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], keyOf(route)).toContain(route.method);
      expect(route.path, keyOf(route)).toMatch(/^\/api\/[a-z]/);
      expect(['public', 'mfa', 'session', 'member', 'admin'], keyOf(route)).toContain(route.access);
    }
    expect(new Set(ROUTES.map(keyOf)).size).toBe(ROUTES.length);
  });

  // What a guest or an unverified account may reach is pinned here: widening it takes a change
  // to this test as well. server/test/security/access-matrix.test.ts checks every cell by HTTP.
  it('opens these routes, and no other, to guests', () => {
    expect(withAccess('public')).toEqual([
      'GET /api/config',
      'POST /api/auth/signup',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password/:token',
      // Issue 31 (decision 0042): what a wallet calls; the single-use secret is its only key.
      'GET /api/wallet/credentials/:token',
      'POST /api/wallet/exchanges/:token',
      'POST /api/wallet/oid4vci/token',
      'POST /api/wallet/oid4vci/credential',
      'GET /api/verify/:verificationId',
      'GET /api/status-lists/:purpose/:list',
      'GET /api/reminders/unsubscribe',
      'POST /api/reminders/unsubscribe',
    ]);
  });

  // Issue 19: a session whose password was given but not its second factor reaches these alone.
  it('opens these routes, and no other, to sessions waiting for their second factor', () => {
    expect(withAccess('mfa')).toEqual([
      'POST /api/auth/mfa/verify',
      'POST /api/auth/mfa/passkeys/authentication-options',
    ]);
  });

  it('opens these routes, and no other, to signed-in accounts whose e-mail is not verified', () => {
    expect(withAccess('session')).toEqual([
      'GET /api/auth/check-auth',
      'POST /api/auth/verify-email',
      'POST /api/auth/resend-code',
    ]);
  });
});

describe('apiPath', () => {
  it('answers a path without segments as the table writes it', () => {
    expect(apiPath('/api/jobs')).toBe('/api/jobs');
    expect(apiPath('/api/certificates/export.csv', undefined, {})).toBe('/api/certificates/export.csv');
  });

  it('fills each :name segment with its value, encoded', () => {
    expect(apiPath('/api/certificates/:userEmail', { userEmail: 'a+b@example.org' })).toBe(
      '/api/certificates/a%2Bb%40example.org',
    );
    expect(apiPath('/api/trash/:type/:id/restore', { type: 'job', id: '../x y/?#' })).toBe(
      '/api/trash/job/..%2Fx%20y%2F%3F%23/restore',
    );
    expect(apiPath('/api/help-content/emails/:index', { index: 0 })).toBe('/api/help-content/emails/0');
  });

  it('appends the query, encoded, leaving out undefined values', () => {
    expect(apiPath('/api/jobs', undefined, { offset: 0, limit: 20, q: 'a&b=c ä', sort: undefined })).toBe(
      '/api/jobs?offset=0&limit=20&q=a%26b%3Dc+%C3%A4',
    );
    expect(apiPath('/api/certificates/import', undefined, { dryRun: false })).toBe(
      '/api/certificates/import?dryRun=false',
    );
    expect(apiPath('/api/reports/:id', { id: 'r1' }, { q: undefined })).toBe('/api/reports/r1');
  });

  it('refuses, as a type error, a path the table does not list and a missing segment value', () => {
    // @ts-expect-error: no such route.
    expect(apiPath('/api/no-such-route')).toBe('/api/no-such-route');
    // @ts-expect-error: the :id segment has no value.
    expect(() => apiPath('/api/jobs/:id')).toThrow('/api/jobs/:id:id');
    // @ts-expect-error: :type is missing.
    expect(() => apiPath('/api/trash/:type/:id', { id: 'x' })).toThrow(':type');
    // @ts-expect-error: a path without segments takes no values.
    expect(apiPath('/api/jobs', { id: 'x' })).toBe('/api/jobs');
  });
});
