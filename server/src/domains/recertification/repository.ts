import {
  DEFAULT_RECERTIFICATION_RULES,
  OPEN_RENEWAL_STATUSES,
  type RecertificationRules,
  recertificationRules,
  type RenewalListQuery,
  type RenewalSort,
  type RenewalStatus,
} from '@portal/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client';
import { asText, type CsvColumn, isoTimestamp } from '../../db/csv';
import { likePattern, listPage } from '../../db/paging';
import { ceActivities, certificates, renewalApplications } from '../../db/schema';
import { readSetting, writeSetting } from '../../db/settings';
import { live } from '../../lib/trash';

const SETTINGS_KEY = 'recertification';

/** Issue 33: the board's recertification rules; the defaults until it saves its own. */
export const readRules = (db: Tx): Promise<RecertificationRules> =>
  readSetting(db, SETTINGS_KEY, recertificationRules, DEFAULT_RECERTIFICATION_RULES);

export const writeRules = (db: Tx, rules: RecertificationRules, now: Date) =>
  writeSetting(db, SETTINGS_KEY, rules, now);

export type CeActivityRow = typeof ceActivities.$inferSelect;
export type RenewalRow = typeof renewalApplications.$inferSelect;

/**
 * The activities of a certificate, newest first, each with the status of the application that
 * last included it (an open or approved one holds it).
 */
export async function listActivities(db: Tx, certificateId: string) {
  return db
    .select({ activity: ceActivities, applicationStatus: renewalApplications.status })
    .from(ceActivities)
    .leftJoin(renewalApplications, eq(renewalApplications.id, ceActivities.applicationId))
    .where(eq(ceActivities.certificateId, certificateId))
    .orderBy(desc(ceActivities.completedOn), desc(ceActivities.createdAt), asc(ceActivities.id));
}

/** The activities of a certificate, locked until the transaction ends (an application counts them). */
export async function lockActivities(tx: Tx, certificateId: string) {
  return tx.select().from(ceActivities).where(eq(ceActivities.certificateId, certificateId)).for('update');
}

/** One activity, as it is now (unlocked). */
export async function findActivity(db: Tx, id: string) {
  const [row] = await db.select().from(ceActivities).where(eq(ceActivities.id, id));
  return row;
}

/** One activity, locked for a change. */
export async function findActivityForUpdate(tx: Tx, id: string) {
  const [row] = await tx.select().from(ceActivities).where(eq(ceActivities.id, id)).for('update');
  return row;
}

/**
 * The status of an application, read after the activity's lock (in its own statement, so that an
 * application that included the activity meanwhile is seen).
 */
export async function applicationStatusOf(tx: Tx, id: string | null) {
  if (!id) return undefined;
  const [row] = await tx
    .select({ status: renewalApplications.status })
    .from(renewalApplications)
    .where(eq(renewalApplications.id, id));
  return row?.status;
}

export async function insertActivity(tx: Tx, values: typeof ceActivities.$inferInsert) {
  const [row] = await tx.insert(ceActivities).values(values).returning();
  return row!;
}

/** Issue 33 (import): many activities in one statement. */
export async function insertActivities(tx: Tx, values: (typeof ceActivities.$inferInsert)[]) {
  if (!values.length) return;
  await tx.insert(ceActivities).values(values);
}

/** Issue 33 (import): the live certificates with these numbers or filed under these e-mails. */
export async function findImportTargets(db: Tx, numbers: string[], emails: string[]) {
  if (!numbers.length && !emails.length) return [];
  return db
    .select({
      id: certificates.id,
      certificateNo: certificates.certificateNo,
      userEmail: certificates.userEmail,
      awardedOn: certificates.awardedOn,
      cycleStartsOn: certificates.cycleStartsOn,
      validTill: certificates.validTill,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .where(
      and(
        or(
          numbers.length ? inArray(certificates.certificateNo, numbers) : undefined,
          emails.length ? inArray(certificates.userEmail, emails) : undefined,
        ),
        live(certificates),
      ),
    );
}
export type ImportTarget = Awaited<ReturnType<typeof findImportTargets>>[number];

/** Issue 33 (import): what tells the activities of these certificates apart (ce_activities_once_key). */
export async function activityKeysOf(db: Tx, certificateIds: string[]) {
  if (!certificateIds.length) return [];
  return db
    .select({
      certificateId: ceActivities.certificateId,
      title: ceActivities.title,
      provider: ceActivities.provider,
      completedOn: ceActivities.completedOn,
    })
    .from(ceActivities)
    .where(inArray(ceActivities.certificateId, certificateIds));
}

export async function updateActivity(tx: Tx, id: string, values: Partial<typeof ceActivities.$inferInsert>) {
  const [row] = await tx.update(ceActivities).set(values).where(eq(ceActivities.id, id)).returning();
  return row!;
}

export async function deleteActivity(tx: Tx, id: string) {
  await tx.delete(ceActivities).where(eq(ceActivities.id, id));
}

/** The latest application about a certificate's current validTill, if any. */
export async function latestApplication(db: Tx, certificateId: string, validTill: Date) {
  const [row] = await db
    .select()
    .from(renewalApplications)
    .where(and(eq(renewalApplications.certificateId, certificateId), eq(renewalApplications.validTill, validTill)))
    .orderBy(desc(renewalApplications.submittedAt), desc(renewalApplications.id))
    .limit(1);
  return row;
}

/**
 * Whether the certificate has an open application (Submitted or Audit); with `validTill`, one
 * about that validTill.
 */
export async function hasOpenApplication(db: Tx, certificateId: string, validTill?: Date) {
  const [row] = await db
    .select({ id: renewalApplications.id })
    .from(renewalApplications)
    .where(
      and(
        eq(renewalApplications.certificateId, certificateId),
        validTill ? eq(renewalApplications.validTill, validTill) : undefined,
        inArray(renewalApplications.status, OPEN_RENEWAL_STATUSES),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertApplication(tx: Tx, values: typeof renewalApplications.$inferInsert) {
  const [row] = await tx.insert(renewalApplications).values(values).returning();
  return row!;
}

/** Puts these activities into the application (they are then locked while it is open or approved). */
export async function includeActivities(tx: Tx, applicationId: string, ids: string[]) {
  if (!ids.length) return;
  await tx.update(ceActivities).set({ applicationId }).where(inArray(ceActivities.id, ids));
}

/**
 * Issue 33: the evidence the activities of the trashed certificates `where` picks name: files
 * that go with those certificates when they are purged (their activities go by cascade).
 */
export async function evidenceOfCertificates(tx: Tx, where: SQL): Promise<string[]> {
  const rows = await tx
    .select({ url: ceActivities.evidenceUrl })
    .from(ceActivities)
    .innerJoin(certificates, eq(certificates.id, ceActivities.certificateId))
    .where(and(isNotNull(certificates.deletedAt), where, ne(ceActivities.evidenceUrl, '')));
  return rows.map((row) => row.url);
}

/**
 * The application's own columns inside a correlated subquery, named with their table: in a
 * select list drizzle writes a column unqualified, and `id` would then be the subquery's.
 */
const outer = (column: 'id' | 'certificate_id') =>
  sql`${sql.identifier('renewal_applications')}.${sql.identifier(column)}`;

/** A field of the application's certificate, for the queue (a correlated read by primary key). */
const ofCertificate = <T>(column: SQLWrapper) =>
  sql<T>`(select ${column} from ${certificates} where ${certificates.id} = ${outer('certificate_id')})`;

/** What the renewals queue shows of an application (RenewalListItem). */
export const RENEWAL_COLUMNS = {
  id: renewalApplications.id,
  certificateId: renewalApplications.certificateId,
  status: renewalApplications.status,
  countedHours: renewalApplications.countedHours,
  validTill: renewalApplications.validTill,
  submittedAt: renewalApplications.submittedAt,
  decidedAt: renewalApplications.decidedAt,
  reason: renewalApplications.reason,
  certificateNo: ofCertificate<string>(certificates.certificateNo),
  certificateName: ofCertificate<string>(certificates.name),
  holderName: ofCertificate<string>(certificates.holderName),
  holderEmail: ofCertificate<string>(certificates.userEmail),
  activityCount: sql<number>`(select count(*)::int from ${ceActivities} where ${ceActivities.applicationId} = ${outer('id')})`,
  withoutEvidence: sql<number>`(select count(*)::int from ${ceActivities} where ${ceActivities.applicationId} = ${outer('id')} and ${ceActivities.evidenceUrl} = '')`,
};
export type RenewalListRow = SelectResultFields<typeof RENEWAL_COLUMNS>;

/** The column of each sort key the contract allows (RENEWAL_SORTS). */
const RENEWAL_SORTABLE: Record<RenewalSort, SQLWrapper> = {
  submittedAt: renewalApplications.submittedAt,
  status: renewalApplications.status,
  certificateNo: RENEWAL_COLUMNS.certificateNo,
  holderName: sql`lower(${RENEWAL_COLUMNS.holderName})`,
};

/**
 * The rows the queue (or its export) shows, and their order: oldest first, as a queue is worked;
 * only applications of live certificates (one in the trash is not reviewed).
 */
export function renewalSearch(query: Pick<RenewalListQuery, 'q' | 'sort' | 'order' | 'status'>) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const matches = pattern
    ? or(
        ilike(certificates.certificateNo, pattern),
        ilike(certificates.holderName, pattern),
        ilike(certificates.userEmail, pattern),
      )
    : undefined;
  const where = and(
    query.status ? eq(renewalApplications.status, query.status) : undefined,
    sql`exists (select 1 from ${certificates} where ${certificates.id} = ${renewalApplications.certificateId} and ${live(certificates)}${matches ? sql` and ${matches}` : sql``})`,
  );
  const sortKey = query.sort ?? 'submittedAt';
  const direction = (query.order ?? 'asc') === 'asc' ? asc : desc;
  return { where, orderBy: [direction(RENEWAL_SORTABLE[sortKey]), direction(renewalApplications.id)] };
}

/** One page of the renewals queue and the total that matched. */
export const listRenewals = (db: Tx, query: RenewalListQuery) =>
  listPage(
    db,
    renewalApplications,
    { ...renewalSearch(query), offset: query.offset, limit: query.limit },
    RENEWAL_COLUMNS,
  );

/** The queue's export: what the screen shows of each application. */
export const RENEWAL_CSV_COLUMNS: CsvColumn[] = [
  { header: 'certificateNo', value: RENEWAL_COLUMNS.certificateNo },
  { header: 'certificateName', value: RENEWAL_COLUMNS.certificateName },
  { header: 'holderName', value: RENEWAL_COLUMNS.holderName },
  { header: 'holderEmail', value: RENEWAL_COLUMNS.holderEmail },
  { header: 'status', value: renewalApplications.status },
  { header: 'countedHours', value: asText(renewalApplications.countedHours) },
  { header: 'activities', value: asText(RENEWAL_COLUMNS.activityCount) },
  { header: 'withoutEvidence', value: asText(RENEWAL_COLUMNS.withoutEvidence) },
  { header: 'validTill', value: isoTimestamp(renewalApplications.validTill) },
  { header: 'submittedAt', value: isoTimestamp(renewalApplications.submittedAt) },
  { header: 'decidedAt', value: isoTimestamp(renewalApplications.decidedAt) },
  { header: 'reason', value: renewalApplications.reason },
];

/** One application as the queue shows it. */
export async function findRenewal(db: Tx, id: string): Promise<RenewalListRow | undefined> {
  const [row] = await db
    .select(RENEWAL_COLUMNS)
    .from(renewalApplications)
    .where(and(eq(renewalApplications.id, id), renewalSearch({}).where));
  return row;
}

/** One application, locked for a decision. */
export async function lockRenewal(tx: Tx, id: string) {
  const [row] = await tx.select().from(renewalApplications).where(eq(renewalApplications.id, id)).for('update');
  return row;
}

export async function updateRenewal(tx: Tx, id: string, values: Partial<typeof renewalApplications.$inferInsert>) {
  const [row] = await tx.update(renewalApplications).set(values).where(eq(renewalApplications.id, id)).returning();
  return row!;
}

/** The activities an application holds, with the status it gives them; locked when `lock`. */
export async function activitiesOf(tx: Tx, applicationId: string, { lock = false } = {}) {
  const query = tx
    .select()
    .from(ceActivities)
    .where(eq(ceActivities.applicationId, applicationId))
    .orderBy(desc(ceActivities.completedOn), asc(ceActivities.id));
  return lock ? query.for('update') : query;
}

/** Sets the review status of these activities. */
export async function reviewActivities(
  tx: Tx,
  ids: string[],
  values: Pick<typeof ceActivities.$inferInsert, 'status' | 'rejectionReason'>,
) {
  if (!ids.length) return;
  await tx.update(ceActivities).set(values).where(inArray(ceActivities.id, ids));
}

/** The applications in Submitted (of live certificates), locked, oldest first: what the audit draw picks from. */
export async function lockSubmitted(tx: Tx) {
  return tx
    .select({ id: renewalApplications.id })
    .from(renewalApplications)
    .where(renewalSearch({ status: 'Submitted' }).where)
    .orderBy(asc(renewalApplications.submittedAt), asc(renewalApplications.id))
    .for('update');
}

export async function setStatuses(tx: Tx, ids: string[], status: RenewalStatus) {
  if (!ids.length) return;
  await tx.update(renewalApplications).set({ status }).where(inArray(renewalApplications.id, ids));
}
