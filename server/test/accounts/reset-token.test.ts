import { AUTH_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordResetTokens, sessions } from '../../src/db/schema';
import { sha256 } from '../../src/lib/tokens';
import { call, createTestApp, createUser, lastMail, resetTokenFrom, type TestApp } from '../harness';

/** Issue 2: the password reset token. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Granite-Meadow-Lark-73';
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function requestLink(email: string) {
  expect((await forgot(email)).statusCode).toBe(200);
  return resetTokenFrom((await lastMail(t, email))?.text)!;
}

describe('reset token', () => {
  it('carries at least 32 random bytes and is stored only as its SHA-256', async () => {
    const { email, user } = await createUser(t);
    const token = await requestLink(email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * 60_000);
    const other = await createUser(t);
    expect(await requestLink(other.email)).not.toBe(token);
  });

  it('is valid for 60 minutes and no longer', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const tokenA = await requestLink(a.email);
    const tokenB = await requestLink(b.email);
    t.clock.advanceMinutes(59.9);
    expect((await reset(tokenA)).statusCode).toBe(200);
    t.clock.advanceMinutes(0.2);
    const late = await reset(tokenB);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
  });

  it('20 concurrent uses of one token: exactly one succeeds', async () => {
    const { email } = await createUser(t);
    const token = await requestLink(email);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(token, `Concurrent-Pick-${i}-Zq`)));
    const winners = results.map((r, i) => [r.statusCode, i] as const).filter(([s]) => s === 200);
    expect(winners).toHaveLength(1);
    for (const r of results) expect([200, 400]).toContain(r.statusCode);
    // The winner's password is the one that holds.
    expect((await login(email, `Concurrent-Pick-${winners[0]![1]}-Zq`)).statusCode).toBe(200);
  });

  it('a newer token voids the older', async () => {
    const { email } = await createUser(t);
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it("ends every session of the user and mails 'password changed'", async () => {
    const { email, password, cookie, user } = await createUser(t);
    const second = await login(email, password);
    expect(second.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    const token = await requestLink(email);
    expect((await reset(token)).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(401);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails.map((m) => m.subject)).toContain('Your password was changed');
    expect((await lastMail(t, email))?.subject).toBe('Your password was changed');
  });
});
