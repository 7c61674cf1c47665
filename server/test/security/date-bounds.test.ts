import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, reports } from '../../src/db/schema';
import { call, createTestApp, type TestApp } from '../harness';
import { type Actor, certificatePayload, expectOk, makeActor, makeWorld, type World } from './world';

/**
 * Issue 12, L3: a year PostgreSQL cannot store (0000) or an ISO string cannot write (10000) was
 * a 500. Every date the API takes is bounded to the years 1 to 9999 by the contract, in UTC, so
 * such a date is a 400 that names the field and the range, and changes nothing.
 */
const RANGE = /between the years 1 and 9999/;

/** Calendar dates outside the range: the format admits them, the bound does not. */
const OUT_OF_RANGE_DATES = ['0000-01-01', '0000-02-29', '0000-12-31'];
/** Timestamps outside the range, some only once their offset is applied (the bound is in UTC). */
const OUT_OF_RANGE_TIMESTAMPS = [
  '0000-01-01T00:00:00Z',
  '0000-06-15T12:00:00.000+02:00',
  '0001-01-01T00:30:00+01:00',
  '9999-12-31T23:30:00-01:00',
];
/** Not dates at all: the format refuses them already. */
const MALFORMED = ['10000-01-01', '+010000-01-01T00:00:00Z', '2023-02-29', '1900-02-29'];

const EDGE_DATES = ['0001-01-01', '9999-12-31', '2024-02-29', '2000-02-29'];

let t: TestApp;
let w: World;
let member: Actor;
let certificateId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  member = await makeActor(t, { prefix: 'reporter' });
  const created = await expectOk(
    t,
    w.admin,
    { method: 'POST', url: '/api/certificates', payload: certificatePayload(w.memberA.email) },
    201,
  );
  certificateId = created._id as string;
});
afterAll(() => t.close());

const reportCount = async () =>
  (await t.database.db.select({ n: count() }).from(reports).where(eq(reports.userId, member.id)))[0]!.n;
const certificateCount = async () => (await t.database.db.select({ n: count() }).from(certificates))[0]!.n;

/** A 400 for `field` whose message says what the range is. */
function expectRefused(res: { statusCode: number; body: string; json(): unknown }, field: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; issues?: { path: string; message: string }[] };
  expect(body.issues?.find((i) => i.path === field)?.message, res.body).toMatch(message);
  expect(body.message, res.body).toMatch(new RegExp(`^${field}: `));
}

describe('dates out of the years 1 to 9999 are 400, not 500', () => {
  it.each(['projectStartDate', 'dob', 'approximateDateHomelessnessStarted'])(
    'POST /api/reports with a %s out of range files nothing',
    async (field) => {
      const before = await reportCount();
      for (const value of OUT_OF_RANGE_DATES) {
        const res = await call(t.app, member.cookie, {
          method: 'POST',
          url: '/api/reports',
          payload: { clientName: 'Dated client', [field]: value },
        });
        expectRefused(res, field, RANGE);
      }
      for (const value of [...MALFORMED, '0000-01-01T00:00:00Z']) {
        const res = await call(t.app, member.cookie, {
          method: 'POST',
          url: '/api/reports',
          payload: { clientName: 'Dated client', [field]: value },
        });
        expectRefused(res, field, /valid (ISO )?date/);
      }
      expect(await reportCount()).toBe(before);
    },
  );

  it('POST /api/certificates with a validTill out of range creates nothing', async () => {
    const before = await certificateCount();
    for (const validTill of [...OUT_OF_RANGE_DATES, ...OUT_OF_RANGE_TIMESTAMPS]) {
      const res = await call(t.app, w.admin.cookie, {
        method: 'POST',
        url: '/api/certificates',
        payload: { ...certificatePayload(w.memberB.email), validTill },
      });
      expectRefused(res, 'validTill', RANGE);
    }
    for (const validTill of MALFORMED) {
      const res = await call(t.app, w.admin.cookie, {
        method: 'POST',
        url: '/api/certificates',
        payload: { ...certificatePayload(w.memberB.email), validTill },
      });
      expectRefused(res, 'validTill', /valid date/);
    }
    expect(await certificateCount()).toBe(before);
  });

  it('PUT /api/certificates/{id} with a validTill out of range leaves the certificate as it was', async () => {
    const [before] = await t.database.db.select().from(certificates).where(eq(certificates.id, certificateId));
    for (const validTill of [...OUT_OF_RANGE_DATES, ...OUT_OF_RANGE_TIMESTAMPS]) {
      const res = await call(t.app, w.admin.cookie, {
        method: 'PUT',
        url: `/api/certificates/${certificateId}`,
        payload: { ...certificatePayload(w.memberA.email), name: 'Renamed', validTill },
      });
      expectRefused(res, 'validTill', RANGE);
    }
    const [after] = await t.database.db.select().from(certificates).where(eq(certificates.id, certificateId));
    expect(after).toEqual(before);
  });

  it.each(['from', 'to'])('GET /api/audit-log with %s out of range is 400', async (field) => {
    for (const value of [...OUT_OF_RANGE_DATES, ...OUT_OF_RANGE_TIMESTAMPS]) {
      const res = await call(t.app, w.admin.cookie, {
        method: 'GET',
        url: `/api/audit-log?${new URLSearchParams({ [field]: value }).toString()}`,
      });
      expectRefused(res, field, RANGE);
    }
  });
});

describe('the first and last days of the range are dates like any other', () => {
  it('a report keeps them as sent', async () => {
    for (const value of EDGE_DATES) {
      const created = await expectOk(
        t,
        member,
        { method: 'POST', url: '/api/reports', payload: { projectStartDate: value, dob: value } },
        201,
      );
      const stored = await expectOk(t, w.admin, { method: 'GET', url: `/api/reports/${created._id as string}` }, 200);
      expect(stored).toMatchObject({ projectStartDate: value });
    }
  });

  // Years below 100 too: `new Date('0049-06-01 23:59:59.999+00')` is 2049 (schema.ts, instant).
  it('a certificate keeps them as sent', async () => {
    for (const validTill of [
      '0001-01-01',
      '0049-06-01',
      '0100-01-01',
      '9999-12-31',
      '2024-02-29',
      '0001-01-01T00:00:00Z',
      '0099-12-31T12:00:00Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      const created = await expectOk(
        t,
        w.admin,
        { method: 'POST', url: '/api/certificates', payload: { ...certificatePayload(w.memberB.email), validTill } },
        201,
      );
      // spec §5: a bare date is valid through that whole day.
      const expected = validTill.length === 10 ? `${validTill}T23:59:59.999Z` : validTill;
      expect(Date.parse(created.validTill as string), validTill).toBe(Date.parse(expected));
    }
  });

  it('the audit log takes them as bounds', async () => {
    for (const [from, to] of [
      ['0001-01-01', '9999-12-31'],
      ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'],
    ]) {
      const res = await call(t.app, w.admin.cookie, {
        method: 'GET',
        url: `/api/audit-log?${new URLSearchParams({ from: from!, to: to! }).toString()}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as unknown[]).length).toBeGreaterThan(0);
    }
  });
});
