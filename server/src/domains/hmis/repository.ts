import { and, asc, desc, eq, gt, gte, inArray, lt, min, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, reports, users } from '../../db/schema';
import { live } from '../../lib/trash';

/** Every statement of the HMIS export: the reports of a period, their authors, the export history. */

/** Reports filed from `from` (inclusive) to `toExclusive`. */
export interface Period {
  from: Date;
  toExclusive: Date;
}

// Reports in the trash are not exported (issue 16, decision 0017).
const inPeriod = ({ from, toExclusive }: Period) =>
  and(live(reports), gte(reports.createdAt, from), lt(reports.createdAt, toExclusive));

/**
 * Of the period's reports: how many have no consent to share, how many of those with consent are
 * excluded; and when the first live report of all was filed (the project's start).
 */
export async function periodCounts(db: Tx, period: Period, exclude: string[]) {
  const [counts] = await db
    .select({
      withoutConsent: sql<number>`count(*) filter (where not ${reports.hmisConsent})::int`,
      excluded: exclude.length
        ? sql<number>`count(*) filter (where ${reports.hmisConsent} and ${inArray(reports.id, exclude)})::int`
        : sql<number>`0`,
      first: sql<Date | string | null>`(select ${min(reports.createdAt)} from ${reports} where ${live(reports)})`,
    })
    .from(reports)
    .where(inPeriod(period));
  return counts;
}

/** The next page of the period's reports with consent, in filing order, after `after` (a keyset). */
export async function consentedReports(
  db: Tx,
  period: Period,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
) {
  return db
    .select()
    .from(reports)
    .where(
      and(
        inPeriod(period),
        eq(reports.hmisConsent, true),
        after
          ? or(
              gt(reports.createdAt, after.createdAt),
              and(eq(reports.createdAt, after.createdAt), gt(reports.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
}

/** The live accounts of these authors (a trashed or deleted one is absent). */
export async function liveAuthors(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(inArray(users.id, ids), live(users)));
}

/** The newest audit rows of an action (the export history), at most `limit`. */
export async function auditRowsOf(db: Tx, action: string, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
