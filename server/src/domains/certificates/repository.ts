import type { CertificateListQuery } from '@portal/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates } from '../../db/schema';

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

export async function listCertificates(
  db: Tx,
  query: CertificateListQuery,
  { now, userEmail, defaultSort }: { now: Date; userEmail?: string; defaultSort: keyof ReturnType<typeof sortColumns> },
): Promise<{ rows: CertificateRow[]; total: number }> {
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
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(certificates)
      .where(where)
      // The id breaks ties so that pages never overlap or skip a row.
      .orderBy(direction(column), direction(certificates.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(certificates)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
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
