import { DEFAULT_REMINDER_OFFSETS, renewalReminderSettings } from '@portal/contract';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates, renewalReminders, users } from '../../db/schema';
import { readSetting, writeSetting } from '../../db/settings';
import { bumpVersion } from '../../db/columns';
import { live } from '../../lib/trash';

const SETTINGS_KEY = 'renewal-reminders';

/** The offsets in days, largest first; the default until the board saves its own. */
export async function readOffsets(db: Tx): Promise<number[]> {
  const saved = await readSetting(db, SETTINGS_KEY, renewalReminderSettings, {
    offsetsDays: [...DEFAULT_REMINDER_OFFSETS],
  });
  return [...saved.offsetsDays].sort((a, b) => b - a);
}

export async function writeOffsets(db: Tx, offsetsDays: number[], now: Date) {
  const value = { offsetsDays: [...offsetsDays].sort((a, b) => b - a) };
  await writeSetting(db, SETTINGS_KEY, value, now);
  return value.offsetsDays;
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export interface DueReminder {
  certificateId: string;
  validTill: Date;
  offsetDays: number;
}

/**
 * Held, active certificates that have a reminder due and not yet sent. An offset d is due from
 * the start (UTC) of the day d days before validTill's day until the certificate expires; of the
 * offsets due, only the smallest counts, so a certificate entering a window late (created, or
 * renewed, inside it; or a server that was down) gets that window's reminder and the later ones,
 * never a stale one.
 */
export async function findDue(db: Tx, offsets: number[], now: Date, limit: number): Promise<DueReminder[]> {
  if (!offsets.length) return [];
  // Whole numbers from the validated settings: safe to write into the statement.
  const list = sql.raw(`array[${offsets.map((d) => Math.trunc(d)).join(',')}]::int[]`);
  const maxOffset = Math.max(...offsets);
  const today = utcDay(now);
  const horizon = new Date(`${today}T00:00:00.000Z`);
  horizon.setUTCDate(horizon.getUTCDate() + maxOffset + 1);
  const due = sql<number>`(
    select min(d) from unnest(${list}) as d
    where (${certificates.validTill} at time zone 'UTC')::date - d <= ${today}::date
  )`;
  const rows = await db
    .select({ certificateId: certificates.id, validTill: certificates.validTill, offsetDays: due })
    .from(certificates)
    .where(
      and(
        isNotNull(certificates.holderId),
        live(certificates),
        isNull(certificates.revokedAt),
        eq(certificates.status, 'Active'),
        gt(certificates.validTill, now),
        sql`${certificates.validTill} < ${horizon.toISOString()}::timestamptz`,
        sql`${due} is not null`,
        sql`not exists (select 1 from ${renewalReminders} r where r.certificate_id = ${certificates.id}
          and r.offset_days = ${due} and r.valid_till = ${certificates.validTill})`,
      ),
    )
    .orderBy(asc(certificates.validTill), asc(certificates.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, offsetDays: Number(r.offsetDays) }));
}

/**
 * The certificate and its holder, locked, if it still qualifies for this reminder: still held,
 * active and unexpired, with the validTill it was found with. (Compared as the driver reads
 * both, to the millisecond: a validTill written by SQL may carry microseconds.)
 */
export async function lockForReminder(tx: Tx, due: DueReminder, now: Date) {
  const [row] = await tx
    .select({ certificate: certificates, holder: users })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.holderId))
    .where(
      and(
        eq(certificates.id, due.certificateId),
        // Neither a trashed certificate nor a trashed holder is reminded (issue 16).
        live(certificates),
        live(users),
        isNull(certificates.revokedAt),
        eq(certificates.status, 'Active'),
        gt(certificates.validTill, now),
      ),
    )
    .for('update', { of: certificates });
  return row && row.certificate.validTill.getTime() === due.validTill.getTime() ? row : undefined;
}

/**
 * Records the reminder; false when it was already sent (the unique key says so). The validTill
 * recorded is the certificate's own, copied in the database, never a rounded copy of it.
 */
export async function recordReminder(
  tx: Tx,
  values: DueReminder & { userId: string; mailed: boolean; createdAt: Date },
): Promise<boolean> {
  const [row] = await tx
    .insert(renewalReminders)
    .values({
      ...values,
      validTill: sql`(select ${certificates.validTill} from ${certificates} where ${certificates.id} = ${values.certificateId})`,
    })
    .onConflictDoNothing({
      target: [renewalReminders.certificateId, renewalReminders.offsetDays, renewalReminders.validTill],
    })
    .returning({ id: renewalReminders.id });
  return Boolean(row);
}

export async function stopReminderEmails(db: Tx, userId: string) {
  const [row] = await db
    .update(users)
    // The profile edits this setting too: an edit, so its version goes up (issue 16).
    .set({ reminderEmails: false, version: bumpVersion(users.version) })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row;
}
