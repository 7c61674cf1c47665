import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastMail, resetTokenFrom, type TestApp } from '../../../test/harness';
import { rotateDeviceKeySecrets } from '../../cli/rotate-pii';
import { users } from '../../db/schema';
import { loadKeys } from '../../lib/keys';
import { createPii, PiiError } from '../../lib/pii';
import { DEVICE_KEY_FIELD } from './repository';

/**
 * Issue 30 (F6, decision 0034): the secret that unlocks a member's drafts and outbox on a device
 * is released only to that member's sessions, never cached, and gone for good after a password
 * reset or the account's deletion, so a lost phone's drafts stay shut.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deviceKey = (cookie: string | undefined) => call(t.app, cookie, { method: 'GET', url: '/api/device-key' });
const keyOf = async (cookie: string) => {
  const res = await deviceKey(cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { key: string }).key;
};
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET /api/device-key', () => {
  it('gives a member the same 32 bytes in every session, never cached, and another member others', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await deviceKey(a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, userId } = res.json() as { key: string; userId: string };
    expect(userId).toBe(a.user.id);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);

    // A second session of A (another device) unwraps what the first wrapped.
    const again = await login(a.email, a.password);
    expect(await keyOf(`sid=${again.cookies.find((c) => c.name === 'sid')!.value}`)).toBe(key);
    expect(await keyOf(b.cookie)).not.toBe(key);
    // Stored sealed (lib/pii.ts), never as the bytes themselves.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.deviceKeySecret).toMatch(/^v1\./);
    expect(row?.deviceKeySecret).not.toContain(key);
  });

  it('gives a guest nothing (401), and a member whose e-mail is not verified nothing (403)', async () => {
    expect((await deviceKey(undefined)).statusCode).toBe(401);
    const unverified = await createUser(t, { isVerified: false });
    expect((await deviceKey(unverified.cookie)).statusCode).toBe(403);
  });

  it('is replaced by a password reset: the old key never comes back', async () => {
    const m = await createUser(t);
    const before = await keyOf(m.cookie);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: m.email } });
    const token = resetTokenFrom((await lastMail(t, m.email))?.text);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'Harbor-Willow-Quartz-58' },
    });
    expect(reset.statusCode).toBe(200);
    // The reset ended the old session: it gets nothing now.
    expect((await deviceKey(m.cookie)).statusCode).toBe(401);
    const signedIn = await login(m.email, 'Harbor-Willow-Quartz-58');
    const after = await keyOf(`sid=${signedIn.cookies.find((c) => c.name === 'sid')!.value}`);
    expect(after).not.toBe(before);
  });

  it('is removed when an admin deletes the account, and stays removed if it is restored', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const m = await createUser(t);
    const before = await keyOf(m.cookie);
    const del = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${m.user.id}` });
    expect(del.statusCode).toBe(204);
    expect((await deviceKey(m.cookie)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.deviceKeySecret).toBeNull();

    const restore = await call(t.app, admin.cookie, { method: 'POST', url: `/api/trash/user/${m.user.id}/restore` });
    expect(restore.statusCode).toBe(200);
    const signedIn = await login(m.email, m.password);
    expect(await keyOf(`sid=${signedIn.cookies.find((c) => c.name === 'sid')!.value}`)).not.toBe(before);
  });

  it('is re-sealed by a PII key rotation, so it still opens once the old key is gone', async () => {
    const m = await createUser(t);
    const key = await keyOf(m.cookie);
    const oldKey = loadKeys(undefined, t.config.dataDir).pii;
    const newKey = crypto.randomBytes(32);
    const result = await rotateDeviceKeySecrets(t.database.db, createPii([newKey, oldKey]), { batchSize: 1 });
    expect(result.failed).toEqual([]);
    expect(result.rotated).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.user.id));
    expect(createPii([newKey]).decrypt(row!.deviceKeySecret!, m.user.id, DEVICE_KEY_FIELD)).toBe(key);
    expect(() => createPii([oldKey]).decrypt(row!.deviceKeySecret!, m.user.id, DEVICE_KEY_FIELD)).toThrow(PiiError);
  });
});
