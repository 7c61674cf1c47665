import { describe, expect, it } from 'vitest';
import { type Access, ROUTES } from './routes';

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
