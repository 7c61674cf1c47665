import { MFA_MESSAGES } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { inDays } from '../../../test/certificates';
import { revokedBit } from '../../../test/copies';
import { auditLog, certificates, inboxItems, outbox } from '../../db/schema';

/**
 * Issue 35: the admin certificate list's bulk actions act on exactly what the list shows (its
 * search and its filters), and many certificates can be revoked at once, with one reason.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('bulk-admin'), steppedUp: true });
  member = await createUser(t, { email: uniqueEmail('bulk-holder') });
});
afterAll(() => t.close());

const asAdmin = (opts: InjectOptions) => call(t.app, admin.cookie, opts);
const post = (url: string, payload: Record<string, unknown>) => asAdmin({ method: 'POST', url, payload });

/** Certificates of the member's under one name of their own, so that a search finds just these. */
async function batch(specs: { status?: 'Active' | 'Inactive'; validTill?: string }[]) {
  const name = `Bulk ${crypto.randomUUID().slice(0, 8)}`;
  const ids: string[] = [];
  for (const spec of specs) {
    const res = await post('/api/certificates', {
      userEmail: member.email,
      certificateNo: `CRA-BK-${crypto.randomUUID().slice(0, 8)}`,
      name,
      status: spec.status ?? 'Active',
      validTill: spec.validTill ?? inDays(400),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ _id: string }>()._id);
  }
  return { name, ids };
}

const rows = async (ids: string[]) =>
  new Map(
    (await t.database.db.select().from(certificates).where(inArray(certificates.id, ids))).map((row) => [row.id, row]),
  );
const actionsOn = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action);

describe('bulk revoke', () => {
  it('revokes each chosen certificate as the single revoke does: reason, bit, inbox, audit, mail', async () => {
    const { ids } = await batch([{}, {}]);
    const res = await post('/api/certificates/bulk-revoke', {
      ids,
      reason: '  Board audit found forged hours  ',
      notifyHolder: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2, message: '2 certificates revoked' });
    const after = await rows(ids);
    for (const id of ids) {
      expect(after.get(id)).toMatchObject({ revocationReason: 'Board audit found forged hours' });
      expect(after.get(id)!.revokedAt).toBeInstanceOf(Date);
      expect(await revokedBit(t.database.db, id)).toBe(true);
      expect(await actionsOn(id)).toContain('certificate.revoke');
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'certificate.revoke')));
      expect(audit!.details).toMatchObject({ reason: 'Board audit found forged hours', bulk: true });
      const inbox = await t.database.db.select().from(inboxItems).where(eq(inboxItems.certificateId, id));
      expect(inbox.map((i) => i.kind)).toContain('revocation');
    }
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, member.email));
    expect(mails.filter((m) => m.subject.endsWith('was revoked'))).toHaveLength(2);
  });

  it('leaves a certificate already revoked as it was, and counts only those it revoked', async () => {
    const { ids } = await batch([{}, {}]);
    const first = await post(`/api/certificates/${ids[0]}/revoke`, { reason: 'First reason' });
    expect(first.statusCode, first.body).toBe(200);
    const res = await post('/api/certificates/bulk-revoke', { ids, reason: 'Second reason' });
    expect(res.json()).toEqual({ count: 1, message: '1 certificate revoked' });
    const after = await rows(ids);
    expect(after.get(ids[0]!)!.revocationReason).toBe('First reason');
    expect(after.get(ids[1]!)!.revocationReason).toBe('Second reason');
  });

  it('refuses bad input with a clear error and revokes nothing', async () => {
    const { ids, name } = await batch([{}]);
    for (const [payload, status, message] of [
      [{ ids }, 400, /reason/i],
      [{ ids, reason: '   ' }, 400, /A reason is required/],
      [{ ids, q: name, reason: 'x' }, 400, /ids or by q/],
      [{ ids, reason: 'x', filters: { status: 'Active' } }, 400, /Filters narrow a search/],
      [{ q: name, reason: 'x', filters: { status: 'Sleeping' } }, 400, /Status must be one of/],
      [{ q: name, reason: 'x', filters: { expiringWithin: 0 } }, 400, /1 to 366 days/],
      [{ q: name, reason: 'x', filters: { colour: 'red' } }, 400, /colour/],
      [{ ids: [crypto.randomUUID(), ids[0]], reason: 'x' }, 404, /not found/i],
    ] as const) {
      const res = await post('/api/certificates/bulk-revoke', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await rows(ids)).get(ids[0]!)!.revokedAt).toBeNull();
  });

  it('needs a fresh second factor, and is for admins only', async () => {
    const { ids } = await batch([{}]);
    const fresh = await createUser(t, { isAdmin: true });
    const unstepped = await call(t.app, fresh.cookie, {
      method: 'POST',
      url: '/api/certificates/bulk-revoke',
      payload: { ids, reason: 'x' },
    });
    expect(unstepped.statusCode).toBe(401);
    expect(unstepped.json()).toEqual({ message: MFA_MESSAGES.stepUp, stepUp: true });
    const byMember = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/certificates/bulk-revoke',
      payload: { ids, reason: 'x' },
    });
    expect(byMember.statusCode).toBe(403);
    expect((await rows(ids)).get(ids[0]!)!.revokedAt).toBeNull();
  });
});

describe('"all matching" carries the list\'s filters', () => {
  it('chooses exactly the rows the list shows for the search and filters', async () => {
    const { name, ids } = await batch([
      { status: 'Inactive' },
      {},
      { validTill: inDays(20) },
      { validTill: inDays(45) },
    ]);
    const [inactive, active, soon, later] = ids as [string, string, string, string];
    const listed = async (query: string) =>
      (await asAdmin({ method: 'GET', url: `/api/certificates?q=${encodeURIComponent(name)}&${query}` }))
        .json<{ _id: string }[]>()
        .map((c) => c._id)
        .sort();

    // The list shows the suspended one for status=Inactive; the bulk revoke takes that one only.
    expect(await listed('status=Inactive')).toEqual([inactive]);
    const revoke = await post('/api/certificates/bulk-revoke', {
      q: name,
      filters: { status: 'Inactive' },
      reason: 'Suspended too long',
    });
    expect(revoke.json()).toEqual({ count: 1, message: '1 certificate revoked' });
    let after = await rows(ids);
    expect([inactive, active, soon, later].map((id) => after.get(id)!.revokedAt !== null)).toEqual([
      true,
      false,
      false,
      false,
    ]);

    // Those ending within 30 days: the renewal moves just that one.
    expect(await listed('expiringWithin=30')).toEqual([soon]);
    const renew = await post('/api/certificates/bulk-renew', {
      q: name,
      filters: { expiringWithin: 30 },
      extendMonths: 12,
    });
    expect(renew.json()).toMatchObject({ count: 1 });
    after = await rows(ids);
    expect(after.get(soon)!.validTill.getTime()).toBeGreaterThan(Date.parse(inDays(300)));
    expect(after.get(later)!.validTill.toISOString().slice(0, 10)).toBe(inDays(45));

    // Suspending the Active ones: the revoked one is shown as Revoked, so it is not among them.
    const status = await post('/api/certificates/bulk-status', {
      q: name,
      filters: { status: 'Active' },
      status: 'Inactive',
    });
    expect(status.json()).toMatchObject({ count: 3 });
    expect(await actionsOn(inactive)).not.toContain('certificate.update');

    // And to the trash: only the one ending within 60 days (the renewed one ends later now).
    expect(await listed('expiringWithin=60')).toEqual([later]);
    const trash = await post('/api/bulk-delete', { type: 'certificate', q: name, filters: { expiringWithin: 60 } });
    expect(trash.json()).toMatchObject({ count: 1, ids: [later] });
    after = await rows(ids);
    expect(ids.filter((id) => after.get(id)!.deletedAt !== null)).toEqual([later]);
  });

  it('refuses filters on a list that has none, and filters with ticked rows', async () => {
    const { ids } = await batch([{}]);
    const job = await post('/api/bulk-delete', { type: 'job', q: 'x', filters: { status: 'Active' } });
    expect(job.statusCode).toBe(400);
    expect(job.json().message).toMatch(/Only the certificate list has filters/);
    const ticked = await post('/api/bulk-delete', { type: 'certificate', ids, filters: { status: 'Active' } });
    expect(ticked.statusCode).toBe(400);
    expect(ticked.json().message).toMatch(/Filters narrow a search/);
    expect((await rows(ids)).get(ids[0]!)!.deletedAt).toBeNull();
  });
});
