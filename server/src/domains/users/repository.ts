import type { Language, UserListQuery } from '@portal/contract';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { asText, type CsvColumn, isoTimestamp } from '../../db/csv';
import { likePattern, listPage } from '../../db/paging';
import { bumpVersion } from '../../db/columns';
import { live } from '../../lib/trash';
import type { UserRow } from '../../plugins/auth';

/** Text sorts ignore case, the same order on every collation. */
const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: users.email,
  certificateNo: sql`lower(${users.certificateNo})`,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
} as const;

/**
 * spec §2: q is a case-insensitive part of the name or e-mail. ILIKE '%q%' is served by the
 * trigram indexes on both columns (migration 0001), so it stays fast over many users.
 */
export async function listUsers(db: Tx, query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  return listPage(db, users, {
    ...userSearch(query),
    offset: query.offset,
    limit: query.limit,
    prepareAs: query.q ? undefined : `users_page_${query.sort ?? ''}_${query.order ?? ''}`,
  });
}

/** The users export (issue 16): who they are and their access; no phone, address or age. */
export const USER_CSV_COLUMNS: CsvColumn[] = [
  { header: 'name', value: users.name },
  { header: 'email', value: users.email },
  { header: 'certificateNo', value: users.certificateNo },
  { header: 'job', value: users.job },
  { header: 'isAdmin', value: asText(users.isAdmin) },
  { header: 'isVerified', value: asText(users.isVerified) },
  { header: 'lastLogin', value: isoTimestamp(users.lastLogin) },
  { header: 'createdAt', value: isoTimestamp(users.createdAt) },
];

/** The rows the user list (or its export, issue 16) shows, and their order. */
export function userSearch(query: Pick<UserListQuery, 'q' | 'sort' | 'order'>) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const direction = (query.order ?? 'asc') === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sort ?? 'name'];
  // The id breaks ties so that pages never overlap or skip a row; never-logged-in users last.
  return { where, orderBy: [sql`${direction(column)} nulls last`, direction(users.id)] };
}

/** What the trash screen and the audit log show of a user. */
export const USER_TRASH_LABEL = sql<string>`${users.name} || ' <' || ${users.email} || '>'`;
/** What the user list is searched by to find a user, for a link from the audit log. */
export const USER_TRASH_FIND = sql<string>`${users.email}`;

/** The user, locked for the rest of the transaction. */
export async function findUserForUpdate(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), live(users)))
    .for('update');
  return row;
}

/**
 * Whether an administrator outside `ids` remains who can act as one: only a verified, live admin
 * can (an unverified one is refused everything but verification), so only those count (issue
 * 12). Locks every admin row, so two admins demoting or deleting each other at once cannot both
 * pass this check (the second waits and then sees the first one's change). Also answers whether
 * any of `ids` is an admin.
 */
export async function adminsBeyond(tx: Tx, ids: string[]) {
  const admins = await tx
    .select({ id: users.id, isVerified: users.isVerified })
    .from(users)
    .where(and(eq(users.isAdmin, true), live(users)))
    .orderBy(users.id)
    .for('update');
  const leaving = new Set(ids);
  return {
    othersRemain: admins.some((a) => !leaving.has(a.id) && a.isVerified),
    anyLeaving: admins.some((a) => leaving.has(a.id)),
  };
}

export async function anotherAdminExists(tx: Tx, id: string): Promise<boolean> {
  return (await adminsBeyond(tx, [id])).othersRemain;
}

export async function emailTakenByOther(tx: Tx, email: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id), live(users)))
    .limit(1);
  return !!row;
}

/** An edit of the user (profile or admin); its version goes up by one in the same statement (issue 16). */
export async function updateUser(tx: Tx, id: string, values: Partial<Omit<typeof users.$inferInsert, 'version'>>) {
  const [row] = await tx
    .update(users)
    .set({ ...values, version: bumpVersion(users.version) })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** A trashed account's way in ends at once: its sessions and any reset link it was sent. */
export async function endAccess(tx: Tx, id: string) {
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  // Issue 30 (F6): the drafts on the account's devices never open again, even if it is restored.
  await tx.update(users).set({ deviceKeySecret: null }).where(eq(users.id, id));
}

/**
 * Issue 34: the language of mail to an address: its live account's, else English (a certificate's
 * address may have no account yet).
 */
export async function languageOfAddress(db: Tx, email: string): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), live(users)))
    .limit(1);
  return row?.language ?? 'en';
}
