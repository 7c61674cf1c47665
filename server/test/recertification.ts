import { type CeActivity, utcDay } from '@portal/contract';
import { expect } from 'vitest';
import { certificates } from '../src/db/schema';
import { call, type createUser, type TestApp } from './harness';
import { multipart, pdf } from './uploads';

/** Issue 33: what the recertification tests set up. */

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof createUser>>;

let serial = 0;

/** A day `days` from the test clock's now. */
export const daysFromNow = (t: TestApp, days: number) => new Date(t.clock.now().getTime() + days * DAY);

/** A certificate `holder` holds, awarded and valid till the given days from now. */
export async function holdCertificate(
  t: TestApp,
  holder: User,
  { awarded = -600, validTill = 130, revoked = false } = {},
) {
  const [row] = await t.database.db
    .insert(certificates)
    .values({
      userEmail: holder.email,
      certificateNo: `CRA-CE-${Date.now()}-${++serial}`,
      name: 'Certified Recycling Advocate',
      holderName: holder.user.name,
      awardedOn: daysFromNow(t, awarded),
      validTill: daysFromNow(t, validTill),
      holderId: holder.user.id,
      claimedAt: t.clock.now(),
      ...(revoked ? { revokedAt: t.clock.now(), revocationReason: 'Test' } : {}),
    })
    .returning();
  return row!;
}

/** What a member sends for an activity a month ago: 4 hours of practice, unless `change` says otherwise. */
export const activityPayload = (t: TestApp, certificateId: string, change: Record<string, unknown> = {}) => ({
  certificateId,
  title: `Sorting workshop ${++serial}`,
  provider: 'County Recycling Academy',
  completedOn: utcDay(daysFromNow(t, -30)),
  hours: 4,
  category: 'practice',
  ...change,
});

/** Logs an activity as `holder`; answers the response. */
export const logActivity = (t: TestApp, holder: User, payload: object) =>
  call(t.app, holder.cookie, { method: 'POST', url: '/api/ce-activities', payload });

/** Logs what the default rules ask (20 hours, 12 in practice and 8 in outreach); answers the activities. */
export async function meetRules(t: TestApp, holder: User, certificateId: string, change: Record<string, unknown> = {}) {
  const logged: { _id: string }[] = [];
  for (const [category, hours] of [
    ['practice', 8],
    ['practice', 4],
    ['outreach', 8],
  ] as const) {
    const res = await logActivity(t, holder, activityPayload(t, certificateId, { category, hours, ...change }));
    expect(res.statusCode, res.body).toBe(201);
    logged.push(res.json());
  }
  return logged;
}

/** Applies for renewal as `holder`. */
export const applyForRenewal = (
  t: TestApp,
  holder: User,
  certificateId: string,
  payload: object = { attestation: true },
) => call(t.app, holder.cookie, { method: 'POST', url: `/api/certificates/${certificateId}/renewals`, payload });

/** A PDF (or, named .png, an image) `cookie`'s member uploads as evidence; answers its URL. */
export async function uploadEvidence(
  t: TestApp,
  cookie: string,
  file: { filename: string; data: Buffer } = { filename: 'attendance.pdf', data: pdf() },
) {
  const contentType = file.filename.endsWith('.pdf') ? 'application/pdf' : 'image/png';
  const res = await call(t.app, cookie, {
    method: 'POST',
    url: '/api/upload-file',
    ...multipart({ filename: file.filename, contentType, data: file.data }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().fileUrl as string;
}

/** Sends an activity as its answer reads, with `change`, back to PUT /api/ce-activities/{id} as `holder`. */
export function editActivity(t: TestApp, holder: User, activity: CeActivity, change: Record<string, unknown> = {}) {
  const { title, provider, completedOn, hours, category, evidenceUrl } = activity;
  return call(t.app, holder.cookie, {
    method: 'PUT',
    url: `/api/ce-activities/${activity._id}`,
    payload: { title, provider, completedOn, hours, category, evidenceUrl, ...change },
  });
}
