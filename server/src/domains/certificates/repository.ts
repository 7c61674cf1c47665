import type { CertificateListQuery } from '@portal/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates } from '../../db/schema';
import { listPage, pageWithTotal } from '../../lib/paging';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateValues = Pick<
  typeof certificates.$inferInsert,
  'userEmail' | 'certificateNo' | 'name' | 'status' | 'validTill' | 'downloadLink'
>;

/** `%` and `_` typed by a user are text, not wildcards. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * spec §5 validTill is a date: a bare date means the certificate is valid through that whole day
 * (stored as its last millisecond in UTC, so the first ten characters still give the date back).
 */
export function toValidTill(input: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(input) ? new Date(`${input}T23:59:59.999Z`) : new Date(input);
}

/**
 * Sort keys. Text sorts ignore case (the same order on every collation), and status sorts by
 * what people see, Expired included (ARCHITECTURE §6).
 */
const sortColumns = (now: Date) =>
  ({
    name: sql`lower(${certificates.name})`,
    certificateNo: sql`lower(${certificates.certificateNo})`,
    userEmail: certificates.userEmail,
    validTill: certificates.validTill,
    status: sql`case when ${certificates.validTill} <= ${now.toISOString()}::timestamptz then 'Expired' else ${certificates.status} end`,
    createdAt: certificates.createdAt,
  }) as const;

/**
 * A member's own certificates in the screen's order (valid till, ascending): the read every
 * member's dashboard makes, so it is built once and prepared by name, like the session lookup
 * (PostgreSQL plans it once per connection). Other orders and searches go through listPage.
 */
const ownInDefaultOrder = new WeakMap<Tx, ReturnType<typeof prepareOwnInDefaultOrder>>();
function prepareOwnInDefaultOrder(db: Tx) {
  return db
    .select({ ...getTableColumns(certificates), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(certificates)
    .where(eq(certificates.userEmail, sql.placeholder('userEmail')))
    .orderBy(asc(certificates.validTill), asc(certificates.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare('certificates_of_holder');
}

async function listOwnInDefaultOrder(db: Tx, userEmail: string, offset: number, limit: number) {
  let prepared = ownInDefaultOrder.get(db);
  if (!prepared) ownInDefaultOrder.set(db, (prepared = prepareOwnInDefaultOrder(db)));
  const page = await prepared.execute({ userEmail, offset, limit });
  return pageWithTotal(page, 'total', offset, async () => {
    const [row] = await db.select({ n: count() }).from(certificates).where(eq(certificates.userEmail, userEmail));
    return row?.n ?? 0;
  });
}

export async function listCertificates(
  db: Tx,
  query: CertificateListQuery,
  { now, userEmail, defaultSort }: { now: Date; userEmail?: string; defaultSort: keyof ReturnType<typeof sortColumns> },
): Promise<{ rows: CertificateRow[]; total: number }> {
  const defaultOrder =
    defaultSort === 'validTill' && (query.sort ?? 'validTill') === 'validTill' && (query.order ?? 'asc') === 'asc';
  if (userEmail !== undefined && !query.q && defaultOrder) {
    return listOwnInDefaultOrder(db, userEmail, query.offset, query.limit);
  }
  const filters: SQL[] = [];
  if (userEmail !== undefined) filters.push(eq(certificates.userEmail, userEmail));
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        ilike(certificates.name, pattern),
        ilike(certificates.certificateNo, pattern),
        ilike(certificates.userEmail, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns(now)[query.sort ?? defaultSort];
  const direction =
    (query.order ?? (query.sort ? 'asc' : defaultSort === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  return listPage(db, certificates, {
    where,
    // The id breaks ties so that pages never overlap or skip a row.
    orderBy: [direction(column), direction(certificates.id)],
    offset: query.offset,
    limit: query.limit,
    // One holder's certificates are a handful: counted in the same scan (lib/paging.ts).
    total: userEmail === undefined ? 'subquery' : 'window',
  });
}

export async function findCertificate(db: Tx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function insertCertificate(db: Tx, values: CertificateValues & { createdAt: Date }) {
  const [row] = await db.insert(certificates).values(values).returning();
  return row!;
}

export async function updateCertificate(db: Tx, id: string, values: CertificateValues) {
  const [row] = await db.update(certificates).set(values).where(eq(certificates.id, id)).returning();
  return row;
}

export async function deleteCertificate(db: Tx, id: string) {
  const [row] = await db.delete(certificates).where(eq(certificates.id, id)).returning();
  return row;
}

/** Whether any certificate still links to the file. */
export async function isReferenced(db: Tx, downloadLink: string): Promise<boolean> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.downloadLink, downloadLink))
    .limit(1);
  return !!row;
}
