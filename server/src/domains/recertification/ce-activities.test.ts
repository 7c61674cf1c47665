import { CE_MESSAGES, DEFAULT_RECERTIFICATION_RULES, type RecertificationRules, utcDay } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { png } from '../../../test/uploads';
import {
  activityPayload,
  daysFromNow,
  holdCertificate as holdCertificateOf,
  editActivity,
  meetRules as meetRulesOf,
  uploadEvidence as uploadEvidenceOf,
} from '../../../test/recertification';
import { ceActivities, certificates, renewalApplications, uploads } from '../../db/schema';

/** Issue 33: a member's continuing education and renewal application, through HTTP. */

const DAY = 86_400_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, steppedUp: true });
  member = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

const dayFromNow = (days: number) => utcDay(daysFromNow(t, days));
const holdCertificate = (holder = member, dates: Parameters<typeof holdCertificateOf>[2] = {}) =>
  holdCertificateOf(t, holder, dates);
const activity = (certificateId: string, change: Record<string, unknown> = {}) =>
  activityPayload(t, certificateId, change);

const log = (payload: object, cookie = member.cookie) =>
  call(t.app, cookie, { method: 'POST', url: '/api/ce-activities', payload });
const list = (certificateId: string, cookie = member.cookie) =>
  call(t.app, cookie, { method: 'GET', url: `/api/ce-activities?certificateId=${certificateId}` });
const stateOf = (certificateId: string, cookie = member.cookie) =>
  call(t.app, cookie, { method: 'GET', url: `/api/certificates/${certificateId}/recertification` });
const apply = (certificateId: string, payload: object = { attestation: true }, cookie = member.cookie) =>
  call(t.app, cookie, { method: 'POST', url: `/api/certificates/${certificateId}/renewals`, payload });
const saveRules = (rules: RecertificationRules) =>
  call(t.app, admin.cookie, { method: 'PUT', url: '/api/settings/recertification', payload: rules });
const uploadEvidence = (cookie = member.cookie, file?: { filename: string; data: Buffer }) =>
  uploadEvidenceOf(t, cookie, file);
const activityRows = async (certificateId: string) =>
  t.database.db.select().from(ceActivities).where(eq(ceActivities.certificateId, certificateId));

const meetRules = (certificateId: string) => meetRulesOf(t, member, certificateId);

describe('continuing-education activities', () => {
  it('are logged by the holder and read by the holder and administrators only', async () => {
    const cert = await holdCertificate();
    const res = await log(activity(cert.id, { title: 'Composting basics', hours: 2.75 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      certificateId: cert.id,
      title: 'Composting basics',
      hours: 2.75,
      status: 'Pending',
      evidenceUrl: '',
      locked: false,
    });
    expect((await list(cert.id)).json()).toEqual([res.json()]);
    expect((await list(cert.id, admin.cookie)).json()).toEqual([res.json()]);

    // Another member learns nothing, not even that the certificate exists.
    const foreign = await list(cert.id, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(CE_MESSAGES.certificateNotFound);
    expect((await log(activity(cert.id), other.cookie)).statusCode).toBe(404);
    // An administrator reads, but logs for nobody.
    expect((await log(activity(cert.id), admin.cookie)).statusCode).toBe(404);
    expect(
      (await call(t.app, undefined, { method: 'GET', url: `/api/ce-activities?certificateId=${cert.id}` })).statusCode,
    ).toBe(401);
    expect(await activityRows(cert.id)).toHaveLength(1);
  });

  it('refuses what breaks the rules with 400 naming the field, and stores nothing', async () => {
    const cert = await holdCertificate(member, { awarded: -200, validTill: 300 });
    const refused: [Record<string, unknown>, string, string][] = [
      [{ hours: 0 }, 'hours', 'Hours must be more than 0'],
      [{ hours: -1 }, 'hours', 'Hours must be more than 0'],
      [{ hours: 8.25 }, 'hours', CE_MESSAGES.overMaximum(8)],
      [{ hours: 1.3 }, 'hours', 'Hours must be a multiple of 0.25 hours'],
      [{ completedOn: dayFromNow(2) }, 'completedOn', CE_MESSAGES.future],
      [{ completedOn: dayFromNow(-201) }, 'completedOn', 'Completed on must be inside the current cycle'],
      [{ completedOn: '2026-02-30' }, 'completedOn', 'Completed on must be a date'],
      [{ category: 'cooking' }, 'category', CE_MESSAGES.unknownCategory(['practice', 'outreach'])],
      [{ title: '  ' }, 'title', 'Title is required'],
      [{ provider: 'x'.repeat(201) }, 'provider', 'Provider must be at most 200 characters'],
      [{ evidenceUrl: 'https://example.org/cert.pdf' }, 'evidenceUrl', CE_MESSAGES.evidence],
      [{ certificateId: 'nope' }, 'certificateId', 'Not a valid certificate id'],
      [{ fee: 10 }, '', 'fee'],
    ];
    for (const [change, field, message] of refused) {
      const res = await log(activity(cert.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toContain(message);
      if (field) expect(res.json().message, JSON.stringify(change)).toContain(field);
    }
    expect(await activityRows(cert.id)).toEqual([]);
  });

  it('refuses the same title, provider and day twice on one certificate with 409', async () => {
    const cert = await holdCertificate();
    const first = activity(cert.id);
    expect((await log(first)).statusCode).toBe(201);
    const again = await log({ ...first, title: first.title.toUpperCase(), hours: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CE_MESSAGES.duplicate);
    // On another certificate it is another activity.
    const second = await holdCertificate();
    expect((await log({ ...first, certificateId: second.id })).statusCode).toBe(201);
  });

  it('keeps its evidence for the holder and administrators, and lets the file go with the activity', async () => {
    const cert = await holdCertificate();
    const evidence = await uploadEvidence();
    const res = await log(activity(cert.id, { evidenceUrl: evidence }));
    expect(res.statusCode, res.body).toBe(201);
    const read = (cookie: string) => call(t.app, cookie, { method: 'GET', url: evidence });
    expect((await read(member.cookie)).statusCode).toBe(200);
    expect((await read(admin.cookie)).statusCode).toBe(200);
    expect((await read(other.cookie)).statusCode).toBe(403);
    // An attached image is evidence too: not the "any member" rule of attached pictures.
    const photo = await uploadEvidence(member.cookie, { filename: 'attendance.png', data: await png() });
    expect((await log(activity(cert.id, { evidenceUrl: photo }))).statusCode).toBe(201);
    expect((await read(other.cookie)).statusCode).toBe(403);
    expect((await call(t.app, other.cookie, { method: 'GET', url: photo })).statusCode).toBe(403);

    // Someone else's upload is not evidence of mine.
    const theirs = await uploadEvidence(other.cookie);
    const stolen = await log(activity(cert.id, { evidenceUrl: theirs }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toContain(CE_MESSAGES.evidence);

    // A change of evidence lets the old file go; a deletion lets its file go.
    const replacement = await uploadEvidence();
    const id = res.json()._id as string;
    const { certificateId: _, ...fields } = activity(cert.id, { evidenceUrl: replacement });
    const put = await call(t.app, member.cookie, { method: 'PUT', url: `/api/ce-activities/${id}`, payload: fields });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().evidenceUrl).toBe(replacement);
    const exists = async (url: string) =>
      (
        await t.database.db
          .select()
          .from(uploads)
          .where(eq(uploads.id, url.split('/').pop()!))
      ).length === 1;
    expect(await exists(evidence)).toBe(false);
    const del = await call(t.app, member.cookie, { method: 'DELETE', url: `/api/ce-activities/${id}` });
    expect(del.statusCode).toBe(200);
    expect(await exists(replacement)).toBe(false);
    expect(await exists(photo)).toBe(true);

    // One certificate of attendance for two activities: the file stays while one still names it.
    const shared = await uploadEvidence();
    const [a, b] = [
      await log(activity(cert.id, { evidenceUrl: shared })),
      await log(activity(cert.id, { evidenceUrl: shared })),
    ];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    await call(t.app, member.cookie, { method: 'DELETE', url: `/api/ce-activities/${a.json()._id}` });
    expect(await exists(shared)).toBe(true);
    await call(t.app, member.cookie, { method: 'DELETE', url: `/api/ce-activities/${b.json()._id}` });
    expect(await exists(shared)).toBe(false);
  });

  it('lets the evidence go when its certificate is purged from the trash', async () => {
    const cert = await holdCertificate();
    const evidence = await uploadEvidence();
    expect((await log(activity(cert.id, { evidenceUrl: evidence }))).statusCode).toBe(201);
    expect(
      (await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${cert.id}` })).statusCode,
    ).toBe(204);
    const purge = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/certificate/${cert.id}` });
    expect(purge.statusCode, purge.body).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, evidence.split('/').pop()!)),
    ).toEqual([]);
  });
});

describe('the recertification state', () => {
  it('counts the hours inside the cycle that were not rejected, per category, with what is missing', async () => {
    const cert = await holdCertificate(member, { awarded: -400, validTill: 330 });
    expect((await log(activity(cert.id, { hours: 6 }))).statusCode).toBe(201);
    expect((await log(activity(cert.id, { hours: 2, category: 'outreach' }))).statusCode).toBe(201);
    const rejected = await log(activity(cert.id, { hours: 8, category: 'outreach' }));
    await t.database.db
      .update(ceActivities)
      .set({ status: 'Rejected' })
      .where(eq(ceActivities.id, rejected.json()._id));
    // Before the cycle: logged by the board's own load, never counted.
    await t.database.db.insert(ceActivities).values({ ...activity(cert.id), completedOn: dayFromNow(-401), hours: 8 });

    const res = await stateOf(cert.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      certificate: { name: 'Certified Recycling Advocate', certificateNo: cert.certificateNo },
      state: 'Active',
      cycleStart: cert.awardedOn.toISOString(),
      cycleEnd: cert.validTill.toISOString(),
      graceEnd: new Date(cert.validTill.getTime() + 30 * DAY).toISOString(),
      requiredHours: 20,
      countedHours: 8,
      maxHoursPerActivity: 8,
      categories: [
        { key: 'practice', name: 'Recycling practice', minHours: 8, countedHours: 6 },
        { key: 'outreach', name: 'Outreach and ethics', minHours: 4, countedHours: 2 },
      ],
      shortfall: [
        { key: null, name: 'Total', hours: 12 },
        { key: 'practice', name: 'Recycling practice', hours: 2 },
        { key: 'outreach', name: 'Outreach and ethics', hours: 2 },
      ],
      canApply: false,
      application: null,
      lateFeeNote: '',
    });
    expect((await stateOf(cert.id, admin.cookie)).statusCode).toBe(200);
    expect((await stateOf(cert.id, other.cookie)).statusCode).toBe(404);
  });

  it('follows the dates: Active, Expiring from the first reminder, Grace after validTill, then Lapsed', async () => {
    const states: [{ awarded: number; validTill: number; revoked?: boolean }, string][] = [
      [{ awarded: -300, validTill: 61 }, 'Active'],
      [{ awarded: -300, validTill: 59 }, 'Expiring'],
      [{ awarded: -300, validTill: 0.01 }, 'Expiring'],
      [{ awarded: -300, validTill: -0.01 }, 'Grace'],
      [{ awarded: -300, validTill: -29.9 }, 'Grace'],
      [{ awarded: -300, validTill: -30.1 }, 'Lapsed'],
      [{ awarded: -300, validTill: 100, revoked: true }, 'Revoked'],
    ];
    for (const [dates, state] of states) {
      const cert = await holdCertificate(member, dates);
      expect((await stateOf(cert.id)).json().state, JSON.stringify(dates)).toBe(state);
    }
  });
});

describe('applying for renewal', () => {
  it('is refused with 422 and the shortfall until the rules are met, then submitted once', async () => {
    const cert = await holdCertificate();
    expect((await log(activity(cert.id, { hours: 8 }))).statusCode).toBe(201);
    const early = await apply(cert.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      message: CE_MESSAGES.shortfall,
      shortfall: [
        { key: null, name: 'Total', hours: 12 },
        { key: 'outreach', name: 'Outreach and ethics', hours: 4 },
      ],
    });
    for (const payload of [{ attestation: false }, {}, { attestation: 'yes' }]) {
      const res = await apply(cert.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(CE_MESSAGES.attestation);
    }
    expect(
      await t.database.db.select().from(renewalApplications).where(eq(renewalApplications.certificateId, cert.id)),
    ).toEqual([]);

    expect((await log(activity(cert.id, { hours: 8, category: 'outreach' }))).statusCode).toBe(201);
    expect((await log(activity(cert.id, { hours: 4, category: 'outreach' }))).statusCode).toBe(201);
    expect((await stateOf(cert.id)).json()).toMatchObject({ countedHours: 20, shortfall: [], canApply: true });
    expect((await apply(cert.id, undefined, other.cookie)).statusCode).toBe(404);

    const res = await apply(cert.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(['Submitted', 'Audit']).toContain(res.json().status);
    expect((await stateOf(cert.id)).json()).toMatchObject({
      canApply: false,
      application: { id: res.json().id, status: res.json().status, reason: '' },
    });
    const again = await apply(cert.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CE_MESSAGES.open);

    // What the application holds can no longer change.
    const [held] = (await list(cert.id)).json();
    expect(held.locked).toBe(true);
    const edit = await editActivity(t, member, held, { hours: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(CE_MESSAGES.locked);
    expect(
      (await call(t.app, member.cookie, { method: 'DELETE', url: `/api/ce-activities/${held._id}` })).statusCode,
    ).toBe(409);
  });

  it('draws an application for audit with the board’s share as its chance', async () => {
    for (const [auditPercent, status] of [
      [100, 'Audit'],
      [0, 'Submitted'],
    ] as const) {
      expect((await saveRules({ ...DEFAULT_RECERTIFICATION_RULES, auditPercent })).statusCode).toBe(200);
      const cert = await holdCertificate();
      await meetRules(cert.id);
      const res = await apply(cert.id);
      expect(res.json().status, String(auditPercent)).toBe(status);
    }
    await saveRules(DEFAULT_RECERTIFICATION_RULES);
  });

  it('is refused for a revoked certificate with 409', async () => {
    const cert = await holdCertificate();
    await meetRules(cert.id);
    await t.database.db.update(certificates).set({ revokedAt: t.clock.now() }).where(eq(certificates.id, cert.id));
    const res = await apply(cert.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CE_MESSAGES.revoked);
  });

  it('takes one of two applications sent at once', async () => {
    const cert = await holdCertificate();
    await meetRules(cert.id);
    const answers = await Promise.all([apply(cert.id), apply(cert.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
