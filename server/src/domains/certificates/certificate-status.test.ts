import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { issueCertificate } from '../../../test/certificates';
import { certificateStatus } from './certificate';
import { certificateStatusSql } from './repository';

/**
 * One status rule for every reader (revoked, then Inactive, then expired, else Active): the
 * TypeScript and the SQL forms agree on every combination, and the member's list, the admin
 * registry's filter and the public page say the same word.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-06-01T12:00:00.000Z');
const cases = [null, new Date('2026-05-01T00:00:00.000Z')].flatMap((revokedAt) =>
  (['Active', 'Inactive'] as const).flatMap((status) =>
    [new Date(now.getTime() - 1), now, new Date(now.getTime() + 1)].map((validTill) => ({
      revokedAt,
      status,
      validTill,
    })),
  ),
);

describe('the certificate status rule', () => {
  it('ranks revoked over Inactive over expired, expired from the valid-till moment on', () => {
    const at = (validTill: Date) => ({ revokedAt: null, status: 'Active' as const, validTill });
    expect(certificateStatus({ ...at(now), revokedAt: now, status: 'Inactive' }, now)).toBe('Revoked');
    expect(certificateStatus({ ...at(now), status: 'Inactive' }, now)).toBe('Inactive');
    expect(certificateStatus(at(now), now)).toBe('Expired');
    expect(certificateStatus(at(new Date(now.getTime() + 1)), now)).toBe('Active');
  });

  it('is written the same by PostgreSQL, for every combination', async () => {
    for (const row of cases) {
      const values = {
        revokedAt: sql`${row.revokedAt?.toISOString() ?? null}::timestamptz`,
        status: sql`${row.status}::text`,
        validTill: sql`${row.validTill.toISOString()}::timestamptz`,
      };
      const { rows } = (await t.database.db.execute(
        sql`select ${certificateStatusSql((key) => values[key], sql`${now.toISOString()}::timestamptz`)} as status`,
      )) as unknown as { rows: [{ status: string }] };
      expect(rows[0].status, JSON.stringify(row)).toBe(certificateStatus(row, now));
    }
  });

  it('an Inactive certificate past its date reads Inactive to its holder, in the registry filter and on its page', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const member = await createUser(t);
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email, status: 'Inactive' });
    await t.database.db
      .update(certificates)
      .set({ validTill: new Date(Date.now() - 86_400_000) })
      .where(eq(certificates.id, cert._id));
    const own = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}?limit=200`,
    });
    expect(own.json().find((c: { _id: string }) => c._id === cert._id)?.status).toBe('Inactive');
    const filtered = (status: string) =>
      call(t.app, admin.cookie, {
        method: 'GET',
        url: `/api/certificates?q=${encodeURIComponent(cert.certificateNo)}&status=${status}`,
      });
    expect((await filtered('Inactive')).json().map((c: { _id: string }) => c._id)).toEqual([cert._id]);
    expect((await filtered('Inactive')).headers['x-total-count']).toBe('1');
    expect((await filtered('Expired')).json()).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/api/verify/${cert.verificationId}` });
    expect(page.json().status).toBe('Inactive');
  });
});

describe('a filter alone, without a search or an order', () => {
  it('filters the registry and a member’s own list, and counts only what it shows', async () => {
    const admin = await createUser(t, { isAdmin: true, steppedUp: true });
    const member = await createUser(t);
    const inactive = await issueCertificate(t.app, admin.cookie, { userEmail: member.email, status: 'Inactive' });
    await issueCertificate(t.app, admin.cookie, { userEmail: member.email });
    const registry = await call(t.app, admin.cookie, { method: 'GET', url: '/api/certificates?status=Inactive' });
    expect(registry.statusCode).toBe(200);
    expect(registry.json().every((c: { status: string }) => c.status === 'Inactive')).toBe(true);
    expect(registry.json().map((c: { _id: string }) => c._id)).toContain(inactive._id);
    expect(registry.headers['x-total-count']).toBe(String(registry.json().length));
    const own = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}?status=Inactive`,
    });
    expect(own.json().map((c: { _id: string }) => c._id)).toEqual([inactive._id]);
    expect(own.headers['x-total-count']).toBe('1');
    const soon = await call(t.app, member.cookie, {
      method: 'GET',
      url: `/api/certificates/${encodeURIComponent(member.email)}?expiringWithin=30`,
    });
    expect(soon.json()).toEqual([]);
  });
});
