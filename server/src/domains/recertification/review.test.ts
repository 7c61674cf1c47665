import { CE_MESSAGES, DEFAULT_RECERTIFICATION_RULES, RENEWAL_MESSAGES, renewalPagePath } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastMail, type TestApp } from '../../../test/harness';
import {
  activityPayload,
  applyForRenewal,
  editActivity,
  holdCertificate,
  logActivity,
  meetRules,
  uploadEvidence,
} from '../../../test/recertification';
import { auditLog, certificates, inboxItems, renewalApplications } from '../../db/schema';
import { drawAudit } from './service';
import { schemaProblems } from '../../../test/open-badges';
import { verifyWith } from '../../../test/verifier';
import { addMonths } from '../certificates';

/** Issue 33: the board's review of renewal applications, through HTTP. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ RECERTIFICATION: 'portal' });
  admin = await createUser(t, { isAdmin: true });
  // Every application is Submitted: the draw at submission has its own test (ce-activities.test.ts).
  await as(admin.cookie, 'PUT', '/api/settings/recertification', { ...DEFAULT_RECERTIFICATION_RULES, auditPercent: 0 });
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookie, { method, url, ...(payload ? { payload } : {}) });

/** A member with a certificate and an application that meets the rules; answers all three. */
async function applied(
  dates: Parameters<typeof holdCertificate>[2] = {},
  { evidence = false, completedDaysAgo = 30 } = {},
) {
  const member = await createUser(t, { name: 'Rosa Diaz' });
  const cert = await holdCertificate(t, member, dates);
  const evidenceUrl = evidence ? await uploadEvidence(t, member.cookie) : undefined;
  const completedOn = new Date(t.clock.now().getTime() - completedDaysAgo * 86_400_000).toISOString().slice(0, 10);
  const activities = await meetRules(t, member, cert.id, { completedOn, ...(evidenceUrl ? { evidenceUrl } : {}) });
  const res = await applyForRenewal(t, member, cert.id);
  expect(res.statusCode, res.body).toBe(201);
  return { member, cert, activities, application: res.json() as { id: string; status: string } };
}

const certificateOf = async (id: string) =>
  (await t.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!;

describe('the renewals queue', () => {
  it('lists applications with their certificate and holder, filtered, searched, counted, and exported', async () => {
    const { cert, application } = await applied();
    const res = await as(admin.cookie, 'GET', `/api/renewals?status=Submitted&q=${cert.certificateNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        _id: application.id,
        certificateNo: cert.certificateNo,
        holderName: 'Rosa Diaz',
        status: 'Submitted',
        countedHours: 20,
        activityCount: 3,
        withoutEvidence: 3,
        decidedAt: null,
      }),
    ]);
    expect((await as(admin.cookie, 'GET', `/api/renewals?status=Approved&q=${cert.certificateNo}`)).json()).toEqual([]);
    const detail = await as(admin.cookie, 'GET', `/api/renewals/${application.id}`);
    expect(detail.json().activities).toHaveLength(3);
    expect(detail.json().activities.every((a: { locked: boolean }) => a.locked)).toBe(true);

    const csv = await as(admin.cookie, 'GET', `/api/renewals/export.csv?q=${cert.certificateNo}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'certificateNo,certificateName,holderName,holderEmail,status,countedHours,activities,withoutEvidence,validTill,submittedAt,decidedAt,reason',
    );
    expect(lines[1]).toContain(`${cert.certificateNo},Certified Recycling Advocate,Rosa Diaz`);
    expect(lines).toHaveLength(2);

    for (const query of ['status=Pending', 'sort=hours', 'limit=0']) {
      expect((await as(admin.cookie, 'GET', `/api/renewals?${query}`)).statusCode, query).toBe(400);
    }
    expect((await as(admin.cookie, 'GET', `/api/renewals/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('the audit draw', () => {
  it('sets exactly ⌈percent × n / 100⌉ of the Submitted applications to Audit, and records the draw', async () => {
    for (let i = 0; i < 7; i++) await applied();
    const submitted = async () =>
      (await t.database.db.select().from(renewalApplications).where(eq(renewalApplications.status, 'Submitted')))
        .length;
    const n = await submitted();
    expect(n).toBeGreaterThanOrEqual(7);
    const res = await as(admin.cookie, 'POST', '/api/renewals/audit-sample', { percent: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ selected: Math.ceil(n / 10), of: n });
    expect(await submitted()).toBe(n - Math.ceil(n / 10));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'renewal.audit-sample'));
    expect(entry!.details).toMatchObject({ percent: 10, selected: Math.ceil(n / 10), of: n, ids: res.json().ids });

    for (const percent of [0, 101, -5]) {
      expect((await as(admin.cookie, 'POST', '/api/renewals/audit-sample', { percent })).statusCode).toBe(400);
    }
  });

  it('draws every subset alike (chi-square over many seeded draws)', () => {
    // A seeded generator (mulberry32), so that the bound holds on every run.
    let seed = 0x2f6b_1d3c;
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return Math.floor((((x ^ (x >>> 14)) >>> 0) / 2 ** 32) * below);
    };
    const items = ['a', 'b', 'c', 'd', 'e'];
    const draws = 20_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      const drawn = drawAudit(items, 40, random);
      expect(drawn).toHaveLength(2);
      const key = [...drawn].sort().join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // 10 pairs, 9 degrees of freedom: the 0.999 quantile of chi-square is 27.88.
    expect(counts.size).toBe(10);
    const expected = draws / 10;
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88);
    expect(drawAudit(items, 100, random)).toHaveLength(5);
    expect(drawAudit(items, 1, random)).toHaveLength(1);
    expect(drawAudit([], 50, random)).toEqual([]);
  });
});

describe('approving a renewal', () => {
  it('continues the cycle from the old validTill, issues a new copy, and tells the member', async () => {
    const { member, cert, application } = await applied({ awarded: -700, validTill: 20 });
    const before = await as(member.cookie, 'GET', `/api/certificates/${cert.id}/credential`);
    const res = await as(admin.cookie, 'POST', `/api/renewals/${application.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: application.id, status: 'Approved' });

    const renewed = await certificateOf(cert.id);
    expect(renewed.validTill).toEqual(addMonths(cert.validTill, 24));
    expect(renewed.cycleStartsOn).toEqual(cert.validTill);
    const after = await as(member.cookie, 'GET', `/api/certificates/${cert.id}/credential`);
    expect(after.json().id).not.toBe(before.json().id);
    // The credential states it to the second (credential.ts, isoSeconds).
    expect(after.json().validUntil).toBe(`${renewed.validTill.toISOString().slice(0, 19)}Z`);
    // Open Badges 3.0: the hours counted for this renewal, and what a cycle asks; it verifies as before.
    expect(after.json().credentialSubject.creditsEarned).toBe(20);
    expect(after.json().credentialSubject.achievement.creditsAvailable).toBe(20);
    expect(schemaProblems(after.json())).toEqual([]);
    const verified = await verifyWith(t.app, after.json());
    expect(verified.verified, JSON.stringify(verified.error ?? verified.results)).toBe(true);
    expect(before.json().credentialSubject.creditsEarned).toBeUndefined();

    const mail = await lastMail(t, member.email);
    expect(mail!.subject).toBe(`Your certificate ${cert.certificateNo} was renewed`);
    const [item] = await t.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.userId, member.user.id), eq(inboxItems.kind, 'renewal')));
    expect(item!.title).toBe('"Certified Recycling Advocate" was renewed');

    // A new cycle, empty; the old activities are approved and stay locked.
    const state = (await as(member.cookie, 'GET', `/api/certificates/${cert.id}/recertification`)).json();
    expect(state).toMatchObject({ state: 'Active', countedHours: 0, application: null, canApply: false });
    const activities = (await as(member.cookie, 'GET', `/api/ce-activities?certificateId=${cert.id}`)).json();
    expect(activities.map((a: { status: string; locked: boolean }) => [a.status, a.locked])).toEqual([
      ['Approved', true],
      ['Approved', true],
      ['Approved', true],
    ]);
    const again = await as(admin.cookie, 'POST', `/api/renewals/${application.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENEWAL_MESSAGES.notOpen);
  });

  it('is refused once the board moved the certificate’s dates by hand, which it then returns instead', async () => {
    const { member, cert, application } = await applied({ awarded: -700, validTill: 20 });
    const moved = await as(admin.cookie, 'POST', '/api/certificates/bulk-renew', { ids: [cert.id], extendMonths: 12 });
    expect(moved.statusCode, moved.body).toBe(200);
    const extended = (await certificateOf(cert.id)).validTill;
    expect(extended).toEqual(addMonths(cert.validTill, 12));

    const res = await as(admin.cookie, 'POST', `/api/renewals/${application.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RENEWAL_MESSAGES.validityChanged);
    expect((await certificateOf(cert.id)).validTill).toEqual(extended);
    const returned = await as(admin.cookie, 'POST', `/api/renewals/${application.id}/reject`, {
      reason: 'Renewed by the board in the spring batch',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    // Closed, it no longer holds the member back from applying in the cycle the board set.
    const again = await applyForRenewal(t, member, cert.id);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('in the grace period continues from the old validTill; after a lapse starts on the day of approval', async () => {
    const grace = await applied({ awarded: -700, validTill: -10 }, { completedDaysAgo: 40 });
    expect((await as(admin.cookie, 'POST', `/api/renewals/${grace.application.id}/approve`)).statusCode).toBe(200);
    expect((await certificateOf(grace.cert.id)).validTill).toEqual(addMonths(grace.cert.validTill, 24));

    const lapsed = await applied({ awarded: -700, validTill: -31 }, { completedDaysAgo: 60 });
    const before = t.clock.now();
    const res = await as(admin.cookie, 'POST', `/api/renewals/${lapsed.application.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const reinstated = await certificateOf(lapsed.cert.id);
    expect(reinstated.cycleStartsOn!.getTime()).toBeGreaterThan(before.getTime());
    expect(reinstated.validTill).toEqual(addMonths(reinstated.cycleStartsOn!, 24));
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'renewal.approve'), eq(auditLog.targetId, lapsed.cert.id)));
    expect(entry!.details).toMatchObject({ reinstated: true });
  });

  it('needs evidence on every activity of an application drawn for audit', async () => {
    const bare = await applied();
    await t.database.db
      .update(renewalApplications)
      .set({ status: 'Audit' })
      .where(eq(renewalApplications.id, bare.application.id));
    const refused = await as(admin.cookie, 'POST', `/api/renewals/${bare.application.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RENEWAL_MESSAGES.evidenceMissing);
    expect((await certificateOf(bare.cert.id)).validTill).toEqual(bare.cert.validTill);

    const proven = await applied({}, { evidence: true });
    await t.database.db
      .update(renewalApplications)
      .set({ status: 'Audit' })
      .where(eq(renewalApplications.id, proven.application.id));
    expect((await as(admin.cookie, 'POST', `/api/renewals/${proven.application.id}/approve`)).statusCode).toBe(200);
  });
});

describe('rejecting', () => {
  it('an application closes it with the reason, mailed; the member may apply again', async () => {
    const { member, cert, application } = await applied();
    const url = `/api/renewals/${application.id}/reject`;
    for (const payload of [{}, { reason: '  ' }, { reason: 'x'.repeat(1001) }]) {
      expect((await as(admin.cookie, 'POST', url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await as(admin.cookie, 'POST', url, { reason: 'The provider is not accredited.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('Rejected');
    const mail = await lastMail(t, member.email);
    expect(mail!.subject).toBe(`Your renewal of certificate ${cert.certificateNo} was not approved`);
    expect(mail!.text).toContain('Reason: The provider is not accredited.');
    expect(mail!.text).toContain(renewalPagePath(cert.id));
    const state = (await as(member.cookie, 'GET', `/api/certificates/${cert.id}/recertification`)).json();
    expect(state).toMatchObject({
      canApply: true,
      application: { id: application.id, status: 'Rejected', reason: 'The provider is not accredited.' },
    });
    expect((await applyForRenewal(t, member, cert.id)).statusCode).toBe(201);
  });

  it('an activity that brings the application below the rules returns it to the member, with the reasons', async () => {
    const { member, cert, activities, application } = await applied();
    // Approving one changes nothing else.
    const ok = await as(admin.cookie, 'POST', `/api/ce-activities/${activities[0]!._id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'Approved', locked: true });

    const res = await as(admin.cookie, 'POST', `/api/ce-activities/${activities[2]!._id}/reject`, {
      reason: 'No certificate of attendance.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Rejected',
      rejectionReason: 'No certificate of attendance.',
      locked: false,
    });
    const state = (await as(member.cookie, 'GET', `/api/certificates/${cert.id}/recertification`)).json();
    expect(state.application).toMatchObject({ id: application.id, status: 'Returned' });
    expect(state.application.reason).toContain('No certificate of attendance.');
    expect(state.countedHours).toBe(12);
    expect((await lastMail(t, member.email))!.subject).toContain('needs more continuing education');

    // Returned: the member's activities are theirs to change again, and a new application is possible once met.
    const [rejected] = (await as(member.cookie, 'GET', `/api/ce-activities?certificateId=${cert.id}`))
      .json()
      .filter((a: { status: string }) => a.status === 'Rejected');
    const edit = await editActivity(t, member, rejected, { evidenceUrl: await uploadEvidence(t, member.cookie) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'Pending', rejectionReason: '', locked: false });
    expect((await applyForRenewal(t, member, cert.id)).statusCode).toBe(201);

    // An activity outside an open application is not reviewed.
    const loose = await logActivity(t, member, activityPayload(t, cert.id, { hours: 1 }));
    const refused = await as(admin.cookie, 'POST', `/api/ce-activities/${loose.json()._id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RENEWAL_MESSAGES.notInReview);
  });

  it('two decisions on one application at once: one waits for the other, neither fails', async () => {
    for (let round = 0; round < 3; round++) {
      const { activities, application } = await applied();
      const answers = await Promise.all([
        as(admin.cookie, 'POST', `/api/renewals/${application.id}/approve`),
        as(admin.cookie, 'POST', `/api/ce-activities/${activities[2]!._id}/reject`, { reason: 'Late' }),
        as(admin.cookie, 'POST', `/api/ce-activities/${activities[1]!._id}/approve`),
      ]);
      for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
      expect(answers[0]!.statusCode === 200 || answers[1]!.statusCode === 200).toBe(true);
    }
  });

  it('an application of a certificate revoked meanwhile cannot be approved', async () => {
    const { cert, application } = await applied();
    await t.database.db.update(certificates).set({ revokedAt: t.clock.now() }).where(eq(certificates.id, cert.id));
    const res = await as(admin.cookie, 'POST', `/api/renewals/${application.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CE_MESSAGES.revoked);
  });
});

describe('renewal reminders', () => {
  it('state what is still to log and link to the Renewal tab; with RECERTIFICATION=external, RENEWAL_URL as before', async () => {
    const member = await createUser(t, { name: 'Rosa Diaz' });
    const cert = await holdCertificate(t, member, { awarded: -700, validTill: 20 });
    for (const [category, hours] of [
      ['practice', 8],
      ['practice', 4],
      ['outreach', 2],
    ] as const) {
      expect((await logActivity(t, member, activityPayload(t, cert.id, { category, hours }))).statusCode).toBe(201);
    }
    await t.app.reminders.run();
    const mail = await lastMail(t, member.email);
    expect(mail!.text).toContain('6 of 20 hours still to log, 2 in Outreach and ethics');
    expect(mail!.text).toContain(`${t.config.appUrl}${renewalPagePath(cert.id)}`);
    const [item] = await t.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.userId, member.user.id), eq(inboxItems.kind, 'renewal-reminder')));
    expect(item!.message).toContain('6 of 20 hours still to log, 2 in Outreach and ethics');

    // A board that renews elsewhere.
    const elsewhere = await createTestApp({ RECERTIFICATION: 'external' });
    try {
      const holder = await createUser(elsewhere);
      await holdCertificate(elsewhere, holder, { awarded: -700, validTill: 20 });
      await elsewhere.app.reminders.run();
      const external = await lastMail(elsewhere, holder.email);
      expect(external!.text).toContain(elsewhere.config.renewalUrl);
      expect(external!.text).not.toContain('hours');
    } finally {
      await elsewhere.close();
    }
  });

  it('say the application is under review once the member applied', async () => {
    const { member } = await applied({ awarded: -700, validTill: 20 });
    await t.app.reminders.run();
    expect((await lastMail(t, member.email))!.text).toContain('Your renewal application is under review.');
  });
});

describe('the public verification page', () => {
  it('says "renewal in progress" of an expired certificate in its grace period with an open application, and only then', async () => {
    const verify = (verificationId: string) =>
      call(t.app, undefined, { method: 'GET', url: `/api/verify/${verificationId}` });
    const page = (verificationId: string) =>
      call(t.app, undefined, { method: 'GET', url: `/verify/${verificationId}` });

    const grace = await applied({ awarded: -700, validTill: -10 }, { completedDaysAgo: 40 });
    const answer = (await verify(grace.cert.verificationId)).json();
    expect(answer).toMatchObject({ status: 'Expired', renewalInProgress: true });
    expect((await page(grace.cert.verificationId)).body).toContain('; renewal in progress');

    // The application decided: plain Expired again.
    await as(admin.cookie, 'POST', `/api/renewals/${grace.application.id}/reject`, { reason: 'Incomplete' });
    expect((await verify(grace.cert.verificationId)).json()).toMatchObject({
      status: 'Expired',
      renewalInProgress: false,
    });

    // Past the grace period, an open application does not make it "in progress".
    const lapsed = await applied({ awarded: -700, validTill: -31 }, { completedDaysAgo: 60 });
    expect((await verify(lapsed.cert.verificationId)).json()).toMatchObject({
      status: 'Expired',
      renewalInProgress: false,
    });
    expect((await page(lapsed.cert.verificationId)).body).not.toContain('renewal in progress');

    // Not expired: never.
    const active = await applied();
    expect((await verify(active.cert.verificationId)).json()).toMatchObject({
      status: 'Active',
      renewalInProgress: false,
    });
  });
});
