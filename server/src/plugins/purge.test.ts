import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../../test/harness';
import { sessions, verificationCodes } from '../db/schema';
import { addMinutes } from '../lib/clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the purge job (decision 0009)', () => {
  it('removes ended sessions and long-expired codes, and keeps what is still in use', async () => {
    const live = await createUser(t);
    const gone = await createUser(t);
    const now = t.clock.now();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: addMinutes(now, -1) })
      .where(eq(sessions.userId, gone.user.id));
    await t.database.db.insert(verificationCodes).values([
      { userId: gone.user.id, codeHash: 'old', expiresAt: addMinutes(now, -25 * 60) },
      { userId: live.user.id, codeHash: 'recent', expiresAt: addMinutes(now, -5) },
    ]);

    const removed = await t.app.purge.run();
    expect(removed.sessions).toBe(1);
    expect(removed.codes).toBe(1);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, gone.user.id))).toEqual([]);
    const codes = await t.database.db.select().from(verificationCodes);
    expect(codes.map((c) => c.codeHash)).toEqual(['recent']);
    // The live member is still signed in.
    expect((await call(t.app, live.cookie, { method: 'GET', url: '/api/auth/check-auth' })).statusCode).toBe(200);
  });
});
