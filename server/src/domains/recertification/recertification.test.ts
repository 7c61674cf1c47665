import { DEFAULT_RECERTIFICATION_RULES, RECERTIFICATION_MESSAGES, type RecertificationRules } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCallers, createTestApp, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema';

/** Issue 33: the board's recertification rules, through HTTP. */

let t: TestApp;
let cookies: Awaited<ReturnType<typeof createCallers>>['cookies'];
beforeAll(async () => {
  t = await createTestApp();
  ({ cookies } = await createCallers(t));
});
afterAll(() => t.close());

const URL = '/api/settings/recertification';
const read = (cookie = cookies.admin) => call(t.app, cookie, { method: 'GET', url: URL });
const save = (payload: object, cookie = cookies.admin) => call(t.app, cookie, { method: 'PUT', url: URL, payload });

const rules: RecertificationRules = {
  cycleMonths: 36,
  totalHours: 30,
  categories: [
    { key: 'practice', name: 'Recycling practice', minHours: 12 },
    { key: 'outreach', name: 'Outreach and ethics', minHours: 6 },
    { key: 'safety', name: 'Site safety', minHours: 2.5 },
  ],
  maxHoursPerActivity: 7.75,
  graceDays: 45,
  auditPercent: 5,
  lateFeeNote: 'A late fee of $25 applies during the grace period.',
};

describe('recertification rules', () => {
  it('are the defaults until the board saves its own, and only an administrator reads them', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_RECERTIFICATION_RULES);
    expect((await call(t.app, undefined, { method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await read(cookies.member)).statusCode).toBe(403);
    expect((await save(rules, cookies.member)).statusCode).toBe(403);
  });

  it('saves what an administrator puts, audited with what it replaced', async () => {
    const before = (await read()).json();
    const res = await save(rules);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(rules);
    expect((await read()).json()).toEqual(rules);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.recertification'), eq(auditLog.targetId, 'recertification')));
    expect(entry?.details).toEqual({ before, after: rules });
  });

  it('give the screens their lengths through /api/config: the first reminder and the grace period', async () => {
    const config = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json().renewalTimes;
    await save(rules);
    const offsets = await call(t.app, cookies.admin, {
      method: 'PUT',
      url: '/api/settings/renewal-reminders',
      payload: { offsetsDays: [7, 45, 14] },
    });
    expect(offsets.statusCode, offsets.body).toBe(200);
    expect(await config()).toEqual({ expiringDays: 45, graceDays: 45 });
    await save({ ...rules, graceDays: 10 });
    expect(await config()).toEqual({ expiringDays: 45, graceDays: 10 });
  });

  it('refuses rules that cannot hold, naming what is wrong, and changes nothing', async () => {
    await save(rules);
    const refused: [Partial<Record<keyof RecertificationRules, unknown>>, string][] = [
      [{ totalHours: 10 }, RECERTIFICATION_MESSAGES.minimumsOverTotal],
      [{ auditPercent: 101 }, 'The audit share is 0 to 100 %'],
      [{ auditPercent: -1 }, 'The audit share is 0 to 100 %'],
      [{ maxHoursPerActivity: 0 }, 'Hours per activity must be more than 0'],
      [{ maxHoursPerActivity: 2.3 }, RECERTIFICATION_MESSAGES.quarterHours('Hours per activity')],
      [{ maxHoursPerActivity: 1e-296 }, RECERTIFICATION_MESSAGES.quarterHours('Hours per activity')],
      [{ cycleMonths: 6 }, 'The cycle is 12 to 60 months'],
      [{ cycleMonths: 24.5 }, 'The cycle is a whole number of months'],
      [{ graceDays: 400 }, 'The grace period is 0 to 365 days'],
      [{ categories: [] }, 'At least one category'],
      [
        {
          categories: [
            { key: 'practice', name: 'A', minHours: 1 },
            { key: 'practice', name: 'B', minHours: 1 },
          ],
        },
        RECERTIFICATION_MESSAGES.duplicateKey,
      ],
      [{ categories: [{ key: 'Practice 1', name: 'A', minHours: 1 }] }, RECERTIFICATION_MESSAGES.categoryKey],
    ];
    for (const [change, message] of refused) {
      const res = await save({ ...rules, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toContain(message);
    }
    // Unknown fields and missing ones are refused too.
    expect((await save({ ...rules, fee: 25 })).statusCode).toBe(400);
    const { graceDays: _, ...withoutGrace } = rules;
    expect((await save(withoutGrace)).statusCode).toBe(400);
    expect((await read()).json()).toEqual(rules);
  });
});
