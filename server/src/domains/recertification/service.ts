import {
  CE_MESSAGES,
  type CeActivity,
  type CeActivityFields,
  latestAwardedOn,
  type RecertificationRules,
  type RecertificationShortfall,
  recertificationState,
  type RecertificationStatus,
  type RenewalStatus,
  utcDay,
} from '@portal/contract';
import { invalidField } from '../../lib/errors';
import { joinList, type Words } from '../../lib/i18n';
import type { CeActivityRow } from './repository';

const DAY_MS = 86_400_000;

/** What the recertification rules read of a certificate. */
export interface CycleFacts {
  awardedOn: Date;
  cycleStartsOn: Date | null;
  validTill: Date;
  revokedAt: Date | null;
}

/** What the rules read of an activity. */
export interface CountedFacts {
  completedOn: string;
  hours: number;
  category: string;
  status: 'Pending' | 'Approved' | 'Rejected';
}

/** The current cycle: from the award (or the last renewal) to validTill. */
export const cycleOf = (cert: CycleFacts) => ({ start: cert.cycleStartsOn ?? cert.awardedOn, end: cert.validTill });

/** The last moment of the grace period after validTill. */
export const graceEndOf = (cert: Pick<CycleFacts, 'validTill'>, graceDays: number) =>
  new Date(cert.validTill.getTime() + graceDays * DAY_MS);

/**
 * Whether a day of completion is inside the cycle: on or after the day it started, and before
 * the validTill moment (a course on the day a certificate lapses at midnight is outside it).
 */
export function insideCycle(completedOn: string, cycle: { start: Date; end: Date }) {
  return completedOn >= utcDay(cycle.start) && new Date(`${completedOn}T00:00:00Z`).getTime() < cycle.end.getTime();
}

/** The name the total's shortfall goes by. */
export const TOTAL_HOURS_NAME = 'Total';

/**
 * Issue 33: the hours the rules count (not rejected, inside the cycle), per category and in all,
 * and what is still missing: the total first, then each category below its minimum. Hours in a
 * category the board has since removed count towards the total only.
 */
export function countCredits<A extends CountedFacts>(
  rules: RecertificationRules,
  cycle: { start: Date; end: Date },
  activities: A[],
) {
  const counted = activities.filter((a) => a.status !== 'Rejected' && insideCycle(a.completedOn, cycle));
  const sum = (list: CountedFacts[]) => list.reduce((total, a) => total + a.hours, 0);
  const countedHours = sum(counted);
  const categories = rules.categories.map((c) => ({
    key: c.key,
    name: c.name,
    minHours: c.minHours,
    countedHours: sum(counted.filter((a) => a.category === c.key)),
  }));
  const shortfall: RecertificationShortfall[] = [];
  if (countedHours < rules.totalHours) {
    shortfall.push({ key: null, name: TOTAL_HOURS_NAME, hours: rules.totalHours - countedHours });
  }
  for (const c of categories) {
    if (c.countedHours < c.minHours) shortfall.push({ key: c.key, name: c.name, hours: c.minHours - c.countedHours });
  }
  return { counted, countedHours, categories, shortfall };
}

/**
 * The reminders' sentence (issue 33): "6 of 20 hours still to log, 2 in Outreach and ethics", or
 * undefined when nothing is missing; in the member's language (issue 34), the board's category
 * names as the board wrote them.
 */
export function shortfallText(
  words: Words,
  shortfall: RecertificationShortfall[],
  totalHours: number,
): string | undefined {
  if (!shortfall.length) return undefined;
  const total = shortfall.find((s) => s.key === null);
  const parts = shortfall
    .filter((s) => s.key !== null)
    .map((s) => words.t('renewal.progress.category', { hours: s.hours, category: s.name }));
  const head = total
    ? words.t('renewal.progress.missing', { missing: total.hours, totalHours })
    : words.t('renewal.progress.missingInCategories');
  return joinList(words, [head, ...parts]);
}

/** GET /api/certificates/{id}/recertification, from what the repository read. */
export function recertificationStatusOf(input: {
  cert: CycleFacts & { name: string; certificateNo: string };
  rules: RecertificationRules;
  expiringDays: number;
  activities: CountedFacts[];
  application: { id: string; status: RenewalStatus; reason: string } | undefined;
  now: Date;
}): RecertificationStatus {
  const { cert, rules, application } = input;
  const cycle = cycleOf(cert);
  const state = recertificationState(cert, { expiringDays: input.expiringDays, graceDays: rules.graceDays }, input.now);
  const { countedHours, categories, shortfall } = countCredits(rules, cycle, input.activities);
  const open = application?.status === 'Submitted' || application?.status === 'Audit';
  return {
    certificate: { name: cert.name, certificateNo: cert.certificateNo },
    state,
    cycleStart: cycle.start.toISOString(),
    cycleEnd: cycle.end.toISOString(),
    graceEnd: graceEndOf(cert, rules.graceDays).toISOString(),
    requiredHours: rules.totalHours,
    countedHours,
    maxHoursPerActivity: rules.maxHoursPerActivity,
    categories,
    shortfall,
    canApply: state !== 'Revoked' && !shortfall.length && !open,
    application: application ? { id: application.id, status: application.status, reason: application.reason } : null,
    lateFeeNote: rules.lateFeeNote,
  };
}

/**
 * The rules an activity must meet to be logged (issue 33), each a 400 naming its field: hours up
 * to the board's maximum for one activity, one of its categories, a day not in the future (in the
 * earliest time zone, as an award date) and inside the current cycle.
 */
export function assertActivityFits(
  fields: Pick<CeActivityFields, 'hours' | 'category' | 'completedOn'>,
  rules: RecertificationRules,
  cycle: { start: Date; end: Date },
  now: Date,
) {
  if (fields.hours > rules.maxHoursPerActivity) {
    throw invalidField('hours', CE_MESSAGES.overMaximum(rules.maxHoursPerActivity));
  }
  if (!rules.categories.some((c) => c.key === fields.category)) {
    throw invalidField('category', CE_MESSAGES.unknownCategory(rules.categories.map((c) => c.key)));
  }
  if (fields.completedOn > utcDay(latestAwardedOn(now))) throw invalidField('completedOn', CE_MESSAGES.future);
  if (!insideCycle(fields.completedOn, cycle)) {
    const lastDay = utcDay(new Date(cycle.end.getTime() - 1));
    throw invalidField('completedOn', CE_MESSAGES.outsideCycle(utcDay(cycle.start), lastDay));
  }
}

/** An application holds its activities while it is open, and for good once approved. */
export const holdsActivities = (status: RenewalStatus | null | undefined) =>
  status === 'Submitted' || status === 'Audit' || status === 'Approved';

/** The one place an activity row becomes its API shape. */
export function toCeActivity(row: CeActivityRow, applicationStatus: RenewalStatus | null | undefined): CeActivity {
  return {
    _id: row.id,
    certificateId: row.certificateId,
    title: row.title,
    provider: row.provider,
    completedOn: row.completedOn,
    hours: row.hours,
    category: row.category,
    evidenceUrl: row.evidenceUrl,
    status: row.status,
    rejectionReason: row.rejectionReason,
    locked: holdsActivities(applicationStatus),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Issue 33: the board's audit draw. Exactly ⌈percent × n / 100⌉ of the `n` candidates, each
 * subset of that size equally likely: a partial Fisher–Yates shuffle, with `random(k)` an integer
 * in [0, k) from the operating system's generator (crypto.randomInt) or, in a test, a seeded one.
 */
export function drawAudit<T>(candidates: readonly T[], percent: number, random: (below: number) => number): T[] {
  const pool = [...candidates];
  const count = Math.min(pool.length, Math.ceil((percent * pool.length) / 100));
  for (let i = 0; i < count; i++) {
    const j = i + random(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/**
 * Issue 33: the certificate's next cycle when a renewal is approved. Approved before the grace
 * period ends, the cycle continues from the old validTill; after a lapse, it starts on the day of
 * approval (reinstatement).
 */
export function nextCycle(
  cert: Pick<CycleFacts, 'validTill'>,
  rules: Pick<RecertificationRules, 'cycleMonths' | 'graceDays'>,
  now: Date,
  addMonths: (from: Date, months: number) => Date,
) {
  const reinstated = now.getTime() >= graceEndOf(cert, rules.graceDays).getTime();
  const start = reinstated ? now : cert.validTill;
  return { start, end: addMonths(start, rules.cycleMonths), reinstated };
}

/**
 * Issue 33: what a renewal reminder says of the member's continuing education: what is still to
 * log, that the rules are met and they can apply, or that their application is under review.
 */
export function progressSentence(
  words: Words,
  shortfall: RecertificationShortfall[],
  totalHours: number,
  application: { status: RenewalStatus } | undefined,
): string {
  if (application && holdsActivities(application.status) && application.status !== 'Approved') {
    return words.t('renewal.progress.underReview');
  }
  return shortfallText(words, shortfall, totalHours) ?? words.t('renewal.progress.complete', { totalHours });
}
