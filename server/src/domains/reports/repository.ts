import { emptyReport, type ReportFields, type ReportListQuery, type ReportSort } from '@portal/contract';
import { and, asc, desc, eq, gt, ilike, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reports, users } from '../../db/schema';
import { asText, type CsvColumn, isoTimestamp } from '../../db/csv';
import { likePattern, listPage } from '../../db/paging';
import type { Pii } from '../../lib/pii';
import { live } from '../../lib/trash';

export type ReportRow = typeof reports.$inferSelect;

/**
 * How a report is stored. The columns in clear are only what the admin list shows and searches
 * (client name, project start date, media links); SSN and DOB are sealed in their own columns,
 * and everything else (disabilities, criminal record, domestic violence…) is sealed as one JSON
 * document in `data` ({ enc }). Each value is bound to the row id and its column.
 */
const SEALED = 'v1';

type Sealed = Omit<ReportFields, 'clientName' | 'projectStartDate' | 'imageUrl' | 'videoUrl' | 'ssn' | 'dob'>;

export function toRowValues(pii: Pii, id: string, userId: string, fields: ReportFields, now: Date) {
  const { clientName, projectStartDate, imageUrl, videoUrl, ssn, dob, ...rest } = fields;
  const sealed: Sealed = rest;
  return {
    id,
    userId,
    clientName,
    projectStartDate: projectStartDate || null,
    imageUrl,
    videoUrl,
    ssnEnc: ssn ? pii.encrypt(ssn, id, 'ssn') : null,
    dobEnc: dob ? pii.encrypt(dob, id, 'dob') : null,
    // Issue 17: only this bit is in clear, for the HMIS export; who consented how stays sealed.
    hmisConsent: fields.consent.shareWithHmis === 'Yes',
    data: { [SEALED]: pii.encrypt(JSON.stringify(sealed), id, 'data') },
    createdAt: now,
  };
}

/** Every field in clear, SSN included: callers mask it unless it is being revealed. */
export function openRow(pii: Pii, row: ReportRow): ReportFields {
  const sealedValue = row.data[SEALED];
  if (typeof sealedValue !== 'string') throw new Error(`Report ${row.id} has no sealed data`);
  const rest = JSON.parse(pii.decrypt(sealedValue, row.id, 'data')) as Sealed;
  return {
    // A report filed before issue 17 has no consent or HMIS answers: they read as unanswered.
    ...emptyReport(),
    ...rest,
    clientName: row.clientName,
    projectStartDate: row.projectStartDate ?? '',
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    ssn: row.ssnEnc ? pii.decrypt(row.ssnEnc, row.id, 'ssn') : '',
    dob: row.dobEnc ? pii.decrypt(row.dobEnc, row.id, 'dob') : '',
  };
}

/** The column of each sort key the contract allows (REPORT_SORTS; the route refuses any other). */
const SORTABLE: Record<ReportSort, SQLWrapper> = {
  createdAt: reports.createdAt,
  clientName: sql`lower(${reports.clientName})`,
  projectStartDate: reports.projectStartDate,
};

/** What a list of reports shows of each (reportSummary): nothing sealed. */
const SUMMARY_COLUMNS = {
  id: reports.id,
  clientName: reports.clientName,
  projectStartDate: reports.projectStartDate,
  imageUrl: reports.imageUrl,
  createdAt: reports.createdAt,
};

/** One page of reports (newest first unless asked otherwise) and the total that matched. */
export async function listReports(db: Tx, query: ReportListQuery) {
  return listPage(db, reports, { ...reportSearch(query), offset: query.offset, limit: query.limit }, SUMMARY_COLUMNS);
}

/**
 * One page of the reports one member filed (issue 35, "My reports"), in the same orders and search
 * as the admin list, and how many match. A member files a handful, so the total is a window over
 * their rows (reports_user_id_idx).
 */
export async function listOwnReports(db: Tx, userId: string, query: ReportListQuery) {
  const { where, orderBy } = reportSearch(query);
  return listPage(
    db,
    reports,
    {
      where: and(eq(reports.userId, userId), where),
      orderBy,
      offset: query.offset,
      limit: query.limit,
      total: 'window',
    },
    SUMMARY_COLUMNS,
  );
}

/**
 * The reports export (issue 16): what the admin list shows and nothing sealed: no SSN, DOB or
 * other intake answer leaves through it (the HMIS export is the one that carries them).
 */
export const REPORT_CSV_COLUMNS: CsvColumn[] = [
  { header: 'clientName', value: reports.clientName },
  { header: 'projectStartDate', value: asText(reports.projectStartDate) },
  { header: 'filedAt', value: isoTimestamp(reports.createdAt) },
  { header: 'filedBy', value: sql`(select ${users.email} from ${users} where ${users.id} = ${reports.userId})` },
  { header: 'consentToShareWithHmis', value: sql`case when ${reports.hmisConsent} then 'Yes' else 'No' end` },
  { header: 'hasImage', value: sql`case when ${reports.imageUrl} <> '' then 'Yes' else 'No' end` },
  { header: 'hasVideo', value: sql`case when ${reports.videoUrl} <> '' then 'Yes' else 'No' end` },
];

/** The rows the report list (or its export, issue 16) shows, and their order. */
export function reportSearch(query: Pick<ReportListQuery, 'q' | 'sort' | 'order'>) {
  const sortKey = query.sort ?? 'createdAt';
  const column = SORTABLE[sortKey];
  const direction = (query.order ?? (sortKey === 'clientName' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const where = query.q ? ilike(reports.clientName, likePattern(query.q)) : undefined;
  return { where, orderBy: [direction(column), direction(reports.id)] };
}

/**
 * What the trash screen and the audit log show of a report: never the sealed intake, and no find
 * (a client's name would end up in an address).
 */
export const REPORT_TRASH_LABEL = sql<string>`case when ${reports.clientName} = '' then 'Report' else ${reports.clientName} end`;

/** Files a report: `values` as toRowValues seals them. */
export async function insertReport(tx: Tx, values: ReturnType<typeof toRowValues>) {
  await tx.insert(reports).values(values);
}

export async function findReport(db: Tx, id: string) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), live(reports)));
  return row;
}

/**
 * The row's sealed values, re-sealed with the current key (rotate-pii-key), or null when every
 * one is on it already. A value that does not open throws PiiError: nothing is re-sealed blind.
 */
export function resealRow(pii: Pii, row: ReportRow) {
  const sealedData = row.data[SEALED];
  const onCurrent = (value: unknown) => typeof value !== 'string' || pii.keyIdOf(value) === pii.currentKeyId;
  if (onCurrent(row.ssnEnc) && onCurrent(row.dobEnc) && onCurrent(sealedData)) return null;
  const reseal = (value: string | null, field: string) =>
    value === null ? null : pii.encrypt(pii.decrypt(value, row.id, field), row.id, field);
  return {
    ssnEnc: reseal(row.ssnEnc, 'ssn'),
    dobEnc: reseal(row.dobEnc, 'dob'),
    data: typeof sealedData === 'string' ? { ...row.data, [SEALED]: reseal(sealedData, 'data') } : row.data,
  };
}

/** The next reports after `after` (by id), locked: a batch of the key rotation (issue 12). */
export const lockReportsAfter = (tx: Tx, after: string, limit: number) =>
  tx.select().from(reports).where(gt(reports.id, after)).orderBy(asc(reports.id)).limit(limit).for('update');

/** Writes a report's re-sealed columns (resealRow's). */
export async function writeResealed(tx: Tx, id: string, values: Partial<typeof reports.$inferInsert>) {
  await tx.update(reports).set(values).where(eq(reports.id, id));
}
