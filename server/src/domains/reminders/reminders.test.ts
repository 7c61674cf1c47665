import { renewalPagePath } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, sessionCookie, type TestApp } from '../../../test/harness';
import { auditLog, certificates, inboxItems, outbox, renewalReminders, settings, users } from '../../db/schema';

/** Issue 15: renewal reminders, the member's inbox and bulk renewal, through HTTP. */

const DAY = 24 * 60;
let t: TestApp;
let adminUser: { email: string; password: string };
beforeAll(async () => {
  t = await createTestApp({ RECERTIFICATION: 'portal' });
  adminUser = await createUser(t, { isAdmin: true });
});
afterAll(() => t.close());

/** A fresh session: the tests move the clock by days, past any session's lifetime. */
async function signIn(user: { email: string; password: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return sessionCookie(res);
}
const adminCall = async (opts: Parameters<typeof call>[2]) => call(t.app, await signIn(adminUser), opts);

/** The UTC date `days` after the test clock's today, as the certificate form sends it. */
const dayFromNow = (days: number) => new Date(t.clock.now().getTime() + days * DAY * 60_000).toISOString().slice(0, 10);

async function member() {
  return createUser(t, { name: 'Rita Holder' });
}

/** A certificate issued by an admin to the member's address (theirs at once), valid through that day. */
async function issue(email: string, validTill: string, extra: Record<string, unknown> = {}) {
  const res = await adminCall({
    method: 'POST',
    url: '/api/certificates',
    payload: {
      userEmail: email,
      certificateNo: `CRA-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Certified Recycling Advocate',
      validTill,
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string; certificateNo: string; validTill: string }>();
}

const remindersOf = (certificateId: string) =>
  t.database.db
    .select()
    .from(renewalReminders)
    .where(eq(renewalReminders.certificateId, certificateId))
    .orderBy(asc(renewalReminders.createdAt));
const mailsTo = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.createdAt));
const inboxOf = async (user: { email: string; password: string }) => {
  const res = await call(t.app, await signIn(user), { method: 'GET', url: '/api/inbox' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    items: { _id: string; kind: string; title: string; read: boolean; certificateId: string }[];
    unread: number;
  }>();
};
const advanceDays = (days: number) => t.clock.advanceMinutes(days * DAY);
const setOffsets = (offsetsDays: unknown) =>
  adminCall({ method: 'PUT', url: '/api/settings/renewal-reminders', payload: { offsetsDays } });

describe('renewal reminders', () => {
  it('sends exactly one reminder at each offset (60, 30, 7, 0 days), by mail and in the inbox', async () => {
    const holder = await member();
    const cert = await issue(holder.email, dayFromNow(61));
    const sentOffsets = async () => (await remindersOf(cert._id)).map((r) => r.offsetDays);

    await t.app.reminders.run();
    expect(await sentOffsets()).toEqual([]);

    const steps: [days: number, offsets: number[], when: string][] = [
      [1, [60], 'in 60 days'],
      [30, [60, 30], 'in 30 days'],
      [23, [60, 30, 7], 'in 7 days'],
      [7, [60, 30, 7, 0], 'today'],
    ];
    for (const [days, offsets, when] of steps) {
      advanceDays(days);
      await t.app.reminders.run();
      await t.app.reminders.run(); // a second run, as a second process would, sends nothing more
      expect(await sentOffsets()).toEqual(offsets);
      const mails = await mailsTo(holder.email);
      expect(mails).toHaveLength(offsets.length);
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe(`Renewal reminder: Certified Recycling Advocate expires ${when}`);
      expect(mail.text).toContain(cert.certificateNo);
      // Issue 33: renewing in the portal, the link is the certificate's Renewal tab, and the mail
      // says what is still to log (nothing is logged yet).
      expect(mail.text).toContain(`${t.config.appUrl}${renewalPagePath(cert._id)}`);
      expect(mail.text).toContain('20 of 20 hours still to log, 8 in Recycling practice, 4 in Outreach and ethics');
      const date = new Date(cert.validTill).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
      expect(mail.text).toContain(date);
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const inbox = await inboxOf(holder);
      expect(inbox.items.filter((i) => i.certificateId === cert._id)).toHaveLength(offsets.length);
    }

    // Expired: nothing more, ever.
    advanceDays(1);
    await t.app.reminders.run();
    expect(await sentOffsets()).toEqual([60, 30, 7, 0]);
  });

  it('gives a certificate created inside a window only the remaining reminders (7 days: 7 and 0)', async () => {
    const holder = await member();
    const cert = await issue(holder.email, dayFromNow(7));
    await t.app.reminders.run();
    expect((await remindersOf(cert._id)).map((r) => r.offsetDays)).toEqual([7]);
    advanceDays(3);
    await t.app.reminders.run();
    expect((await remindersOf(cert._id)).map((r) => r.offsetDays)).toEqual([7]);
    advanceDays(4);
    await t.app.reminders.run();
    expect((await remindersOf(cert._id)).map((r) => r.offsetDays)).toEqual([7, 0]);
    expect(await mailsTo(holder.email)).toHaveLength(2);
  });

  it('speaks the holder’s language (issue 34): the shortfall, the days left and the list in Spanish and Arabic', async () => {
    const spanish = await member();
    const arabic = await member();
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabic.user.id));
    const es = await issue(spanish.email, dayFromNow(7));
    const ar = await issue(arabic.email, dayFromNow(1));
    await t.app.reminders.run();
    const [esMail] = await mailsTo(spanish.email);
    expect(esMail!.subject).toBe('Recordatorio de renovación: Certified Recycling Advocate vence en 7 días');
    expect(esMail!.text).toContain(
      'Faltan 20 de 20 horas por registrar, 8 en Recycling practice, 4 en Outreach and ethics',
    );
    expect(esMail!.text).toContain(`(N.º ${es.certificateNo})`);
    const [arMail] = await mailsTo(arabic.email);
    expect(arMail!.subject).toBe('تذكير بالتجديد: تنتهي صلاحية Certified Recycling Advocate غدًا');
    expect(arMail!.text).toContain('بقي تسجيل 20 من 20 ساعة، 8 في Recycling practice، 4 في Outreach and ethics');
    expect(arMail!.text).toContain(`(رقم ${ar.certificateNo})`);
    expect((await inboxOf(arabic)).items[0]!.title).toBe('تنتهي صلاحية «Certified Recycling Advocate» غدًا');
  });

  it('sends no second reminder after an edit that keeps validTill, and starts a new cycle when it changes', async () => {
    const holder = await member();
    const cert = await issue(holder.email, dayFromNow(20));
    await t.app.reminders.run();
    expect((await remindersOf(cert._id)).map((r) => r.offsetDays)).toEqual([30]);

    const edit = (validTill: string, name = 'Certified Recycling Advocate (renamed)') =>
      adminCall({
        method: 'PUT',
        url: `/api/certificates/${cert._id}`,
        payload: { userEmail: holder.email, certificateNo: cert.certificateNo, name, validTill },
      });
    expect((await edit(dayFromNow(20))).statusCode).toBe(200);
    await t.app.reminders.run();
    expect(await remindersOf(cert._id)).toHaveLength(1);

    // Renewed for a year: no stale reminder of the old date.
    expect((await edit(dayFromNow(385))).statusCode).toBe(200);
    await t.app.reminders.run();
    expect(await remindersOf(cert._id)).toHaveLength(1);

    // Moved to 5 days from now: a new cycle, inside its 7-day window.
    expect((await edit(dayFromNow(5))).statusCode).toBe(200);
    await t.app.reminders.run();
    const rows = await remindersOf(cert._id);
    expect(rows.map((r) => r.offsetDays)).toEqual([30, 7]);
    expect(rows[1]!.validTill.toISOString().slice(0, 10)).toBe(dayFromNow(5));
    // Two reminders; each edit also told the holder to download the new copy (decision 0037).
    const mails = await mailsTo(holder.email);
    expect(mails.filter((m) => !m.subject.startsWith('Download your updated certificate'))).toHaveLength(2);
    expect(mails).toHaveLength(5);
  });

  it('reminds no revoked, suspended, expired or unclaimed certificate', async () => {
    const holder = await member();
    const revoked = await issue(holder.email, dayFromNow(6));
    const revoke = await adminCall({
      method: 'POST',
      url: `/api/certificates/${revoked._id}/revoke`,
      payload: { reason: 'Exam fraud' },
    });
    expect(revoke.statusCode).toBe(200);
    const suspended = await issue(holder.email, dayFromNow(6), { status: 'Inactive' });
    const expired = await issue(holder.email, dayFromNow(-1));
    const unclaimed = await issue('nobody.yet@example.org', dayFromNow(6));
    await t.app.reminders.run();
    for (const cert of [revoked, suspended, expired, unclaimed]) expect(await remindersOf(cert._id)).toEqual([]);
    expect(await mailsTo(holder.email)).toEqual([]);
    // The revocation itself is in the holder's inbox.
    const inbox = await inboxOf(holder);
    expect(inbox.items.map((i) => i.kind)).toEqual(['revocation']);
    expect(inbox.items[0]!.certificateId).toBe(revoked._id);
  });

  it('keeps in-app reminders but sends no mail when the member switched reminder e-mails off', async () => {
    const holder = await member();
    const put = await call(t.app, holder.cookie, {
      method: 'PUT',
      url: `/api/users/${holder.user.id}`,
      payload: { name: 'Rita Holder', reminderEmails: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ reminderEmails: boolean }>().reminderEmails).toBe(false);
    // A later profile save without the field leaves it off.
    await call(t.app, holder.cookie, {
      method: 'PUT',
      url: `/api/users/${holder.user.id}`,
      payload: { name: 'Rita H. Holder' },
    });
    const cert = await issue(holder.email, dayFromNow(3));
    await t.app.reminders.run();
    expect((await remindersOf(cert._id)).map((r) => [r.offsetDays, r.mailed])).toEqual([[7, false]]);
    expect(await mailsTo(holder.email)).toEqual([]);
    expect((await inboxOf(holder)).unread).toBe(1);
  });

  it('switches reminder e-mails off with the one-click List-Unsubscribe POST (RFC 8058)', async () => {
    const holder = await member();
    await issue(holder.email, dayFromNow(2));
    await t.app.reminders.run();
    const [mail] = await mailsTo(holder.email);
    const url = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);

    // A forged or altered token changes nothing.
    const forged = url.search.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const bad = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    const stillOn = await t.database.db.select().from(users).where(eq(users.id, holder.user.id));
    expect(stillOn[0]!.reminderEmails).toBe(true);

    // A browser opening the link gets a page with a button; the GET itself changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await t.database.db.select().from(users).where(eq(users.id, holder.user.id)))[0]!.reminderEmails).toBe(
      true,
    );

    // What a mail client sends: no session, no Origin, a form body.
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, holder.user.id));
    expect(after!.reminderEmails).toBe(false);

    advanceDays(2);
    await t.app.reminders.run();
    expect(await mailsTo(holder.email)).toHaveLength(1);
    expect((await inboxOf(holder)).items).toHaveLength(2);
  });
});

describe('renewal reminder settings', () => {
  it('starts at 60, 30, 7 and 0 days and takes the board’s own offsets', async () => {
    const res = await adminCall({ method: 'GET', url: '/api/settings/renewal-reminders' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ offsetsDays: [60, 30, 7, 0] });

    const put = await setOffsets([3, 14]);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ offsetsDays: [14, 3] });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.renewal-reminders'));
    expect(audit?.details).toEqual({ before: [60, 30, 7, 0], after: [14, 3] });

    // The new offsets decide: 20 days out is in no window; 14 days out is.
    const holder = await member();
    const far = await issue(holder.email, dayFromNow(20));
    const near = await issue(holder.email, dayFromNow(14));
    await t.app.reminders.run();
    expect(await remindersOf(far._id)).toEqual([]);
    expect((await remindersOf(near._id)).map((r) => r.offsetDays)).toEqual([14]);

    expect((await setOffsets([60, 30, 7, 0])).statusCode).toBe(200);
  });

  it.each([
    ['a negative offset', [-1]],
    ['an offset over 365', [366]],
    ['a fraction', [1.5]],
    ['text', ['7']],
    ['seven offsets', [1, 2, 3, 4, 5, 6, 7]],
    ['a duplicate', [7, 7]],
    ['no array', 7],
  ])('refuses %s with 400 and changes nothing', async (_, offsetsDays) => {
    const before = await t.database.db.select().from(settings);
    const res = await setOffsets(offsetsDays);
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(settings)).toEqual(before);
  });

  it('is the admins’ alone (403 for a member)', async () => {
    const holder = await member();
    expect(
      (await call(t.app, holder.cookie, { method: 'GET', url: '/api/settings/renewal-reminders' })).statusCode,
    ).toBe(403);
    const put = await call(t.app, holder.cookie, {
      method: 'PUT',
      url: '/api/settings/renewal-reminders',
      payload: { offsetsDays: [1] },
    });
    expect(put.statusCode).toBe(403);
    const res = await adminCall({ method: 'GET', url: '/api/settings/renewal-reminders' });
    expect(res.json()).toEqual({ offsetsDays: [60, 30, 7, 0] });
  });
});

describe('the member inbox', () => {
  it('shows a member only their own items, and marks them read', async () => {
    const a = await member();
    const b = await member();
    await issue(a.email, dayFromNow(1));
    await issue(a.email, dayFromNow(2));
    await t.app.reminders.run();

    const inboxA = await inboxOf(a);
    expect(inboxA.unread).toBe(2);
    expect(inboxA.items.every((i) => i.kind === 'renewal-reminder' && !i.read)).toBe(true);
    expect(await inboxOf(b)).toEqual({ items: [], unread: 0 });

    // B cannot read or mark A's item: not found, and A's stays unread.
    const itemOfA = inboxA.items[0]!._id;
    const wrong = await call(t.app, b.cookie, { method: 'POST', url: `/api/inbox/${itemOfA}/read` });
    expect(wrong.statusCode).toBe(404);
    await call(t.app, b.cookie, { method: 'POST', url: '/api/inbox/read-all' });
    expect((await inboxOf(a)).unread).toBe(2);

    const one = await call(t.app, a.cookie, { method: 'POST', url: `/api/inbox/${itemOfA}/read` });
    expect(one.statusCode).toBe(200);
    expect((await inboxOf(a)).unread).toBe(1);
    expect((await call(t.app, a.cookie, { method: 'POST', url: '/api/inbox/read-all' })).statusCode).toBe(200);
    const read = await inboxOf(a);
    expect(read.unread).toBe(0);
    expect(read.items.every((i) => i.read)).toBe(true);
    const unreadRows = await t.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.userId, a.user.id), isNull(inboxItems.readAt)));
    expect(unreadRows).toEqual([]);
  });
});

describe('bulk renewal', () => {
  const renew = (cookie: string, payload: object) =>
    call(t.app, cookie, { method: 'POST', url: '/api/certificates/bulk-renew', payload });
  let admin = '';
  beforeAll(async () => {
    admin = await signIn(adminUser);
  });
  const validTills = async (ids: string[]) =>
    (await t.database.db.select().from(certificates))
      .filter((c) => ids.includes(c.id))
      .sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id))
      .map((c) => c.validTill.toISOString());

  it('extends the chosen certificates by N months in one go, one audit row each', async () => {
    const holder = await member();
    const ids = [
      (await issue(holder.email, '2027-01-31'))._id,
      (await issue(holder.email, '2027-03-15'))._id,
      (await issue(holder.email, '2027-06-30'))._id,
    ];
    const res = await renew(admin, { ids, extendMonths: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3, message: '3 certificates renewed' });
    expect(await validTills(ids)).toEqual([
      '2027-02-28T23:59:59.999Z',
      '2027-04-15T23:59:59.999Z',
      '2027-07-30T23:59:59.999Z',
    ]);
    for (const id of ids) {
      const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(rows.filter((r) => r.action === 'certificate.renew')).toHaveLength(1);
    }
    // The credential states the new date.
    const credential = await call(t.app, holder.cookie, {
      method: 'GET',
      url: `/api/certificates/${ids[0]}/credential`,
    });
    expect(credential.json<{ validUntil: string }>().validUntil).toContain('2027-02-28');
  });

  it('sets a new date on every certificate the search matches', async () => {
    const tag = `BULK${Date.now()}`;
    const holder = await member();
    const a = await issue(holder.email, '2027-01-01', { certificateNo: `${tag}-1` });
    const b = await issue(holder.email, '2027-02-01', { certificateNo: `${tag}-2` });
    const other = await issue(holder.email, '2027-03-01');
    const res = await renew(admin, { q: tag, validTill: '2028-12-31' });
    expect(res.json()).toEqual({ count: 2, message: '2 certificates renewed' });
    expect(await validTills([a._id, b._id, other._id])).toEqual([
      '2028-12-31T23:59:59.999Z',
      '2028-12-31T23:59:59.999Z',
      '2027-03-01T23:59:59.999Z',
    ]);
  });

  it('refuses bad input (400), an unknown id (404) and a member (403), changing nothing', async () => {
    const holder = await member();
    const cert = await issue(holder.email, '2027-05-05');
    const before = await validTills([cert._id]);
    const audits = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, cert._id))).length;
    const auditsBefore = await audits();
    const cases: [object, number, string][] = [
      [{ ids: [cert._id] }, 400, admin],
      [{ ids: [cert._id], extendMonths: 0 }, 400, admin],
      [{ ids: [cert._id], extendMonths: 121 }, 400, admin],
      [{ ids: [cert._id], extendMonths: 2, validTill: '2029-01-01' }, 400, admin],
      [{ ids: [cert._id], q: 'x', extendMonths: 2 }, 400, admin],
      [{ ids: [], extendMonths: 2 }, 400, admin],
      [{ ids: [cert._id], validTill: 'soon' }, 400, admin],
      [{ ids: [cert._id, crypto.randomUUID()], extendMonths: 2 }, 404, admin],
      [{ ids: [cert._id], extendMonths: 2 }, 403, holder.cookie],
    ].map(([payload, status, cookie]) => [payload as object, status as number, cookie as string]);
    for (const [payload, status, cookie] of cases) {
      const res = await renew(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(await validTills([cert._id])).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });
});
