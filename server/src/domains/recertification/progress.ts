import type { RenewalTimes } from '@portal/contract';
import type { Tx } from '../../db/client';
import type { Words } from '../../lib/i18n';
import { readOffsets } from '../reminders';
import { hasOpenApplication, latestApplication, listActivities, readRules } from './repository';
import { countCredits, type CycleFacts, cycleOf, graceEndOf, progressSentence } from './service';

/**
 * Issue 33: a certificate's continuing education in one sentence, for the renewal reminders:
 * "6 of 20 hours still to log, 2 in Outreach and ethics".
 */
export async function renewalProgress(tx: Tx, cert: CycleFacts & { id: string }, words: Words): Promise<string> {
  const [rules, activities, application] = await Promise.all([
    readRules(tx),
    listActivities(tx, cert.id),
    latestApplication(tx, cert.id, cert.validTill),
  ]);
  const { shortfall } = countCredits(
    rules,
    cycleOf(cert),
    activities.map((row) => row.activity),
  );
  return progressSentence(words, shortfall, rules.totalHours, application);
}

/**
 * Issue 33: whether the public page says "renewal in progress" of an expired certificate: it is
 * in its grace period, and an application about it is open.
 */
export async function renewalInProgress(db: Tx, cert: { id: string; validTill: Date }, now: Date): Promise<boolean> {
  if (cert.validTill.getTime() > now.getTime()) return false;
  const rules = await readRules(db);
  if (now.getTime() >= graceEndOf(cert, rules.graceDays).getTime()) return false;
  return hasOpenApplication(db, cert.id, cert.validTill);
}

/**
 * When a certificate reads Expiring (the first renewal reminder's offset) and how long its grace
 * lasts: what `/api/config` gives the screens, so that every list shows the state by one rule.
 */
export async function readRenewalTimes(db: Tx): Promise<RenewalTimes> {
  const [rules, offsets] = await Promise.all([readRules(db), readOffsets(db)]);
  return { expiringDays: offsets[0] ?? 0, graceDays: rules.graceDays };
}
