import { and, eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { pageJson } from './paging';
import { addMinutes } from '../lib/clock';
import { live } from '../lib/trash';
import type { Db, Tx } from './client';
import { sessions, users } from './schema';

/** Every statement of the sessions (plugins/auth): the session read, its writes and its rule in SQL. */

export type UserRow = typeof users.$inferSelect;

/**
 * What a request knows of its signed-in user: the columns the access rules and the handlers'
 * owner checks read, and the language the answers are written in (issue 34: an error's message,
 * the member's own PDF), and nothing else. The password hash, the TOTP secrets and the profile
 * stay in the database (decision 0027); a handler that needs more reads it.
 */
export const SESSION_USER = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  isVerified: users.isVerified,
  mfaEnabled: users.mfaEnabled,
  language: users.language,
};
export type SessionUser = Pick<UserRow, keyof typeof SESSION_USER>;
/** The session columns a request is admitted by. */
export const SESSION = {
  id: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  mfaPending: sessions.mfaPending,
  steppedUpAt: sessions.steppedUpAt,
  stepUpFactorAddedAt: sessions.stepUpFactorAddedAt,
};

export interface SessionRow {
  session: Pick<typeof sessions.$inferSelect, keyof typeof SESSION>;
  user: SessionUser;
}

/**
 * The session of a token hash and its live user, with `user`'s columns and any `more`: one
 * statement, prepared by name, so that PostgreSQL parses and plans it once per connection.
 */
export const sessionStatement = <TUser extends typeof SESSION_USER, TMore extends Record<string, SQL>>(
  db: Db,
  name: string,
  user: TUser,
  more: TMore = {} as TMore,
) =>
  db
    .select({ session: SESSION, user, ...more })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A trashed account's sessions are ended with the move; this makes sure of it (issue 16).
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), live(users)))
    .prepare(name);

/**
 * The same rule in SQL, over the `sessions` and `users` of the session's statement, for a read
 * that looks its session up in its own statement (decision 0050): the page is computed only for a
 * session the rule lets through. `checkAccess` still decides the answer; this only keeps a member's
 * statement from computing an admin's page.
 */
export function accessInSql(access: 'member' | 'admin', adminMfa: 'required' | 'optional'): SQL {
  const member = sql`not ${sessions.mfaPending} and ${users.isVerified}`;
  if (access === 'member') return member;
  return adminMfa === 'required'
    ? sql`${member} and ${users.isAdmin} and ${users.mfaEnabled}`
    : sql`${member} and ${users.isAdmin}`;
}

/** The user's whole live row; undefined once the account is gone. */
export async function liveAccount(db: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), live(users)));
  return row;
}

export async function deleteSession(db: Tx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionByTokenHash(db: Tx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of the user. */
export async function deleteSessionsOf(db: Tx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function touchSession(db: Tx, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** A new session of the user, ending `minutes` from now; answers whether the user is an admin. */
export async function insertSession(
  tx: Tx,
  values: { tokenHash: string; userId: string; now: Date; minutes: number; mfaPending: boolean },
): Promise<boolean> {
  const { tokenHash, userId, now, minutes, mfaPending } = values;
  await tx.insert(sessions).values({
    tokenHash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: addMinutes(now, minutes),
    mfaPending,
  });
  const [user] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  return user?.isAdmin ?? false;
}

/** The session proved a second factor (or the password) now; the factor was added at `factorAddedAt`. */
export async function markSteppedUp(db: Tx, id: string, now: Date, factorAddedAt: Date | null) {
  await db.update(sessions).set({ steppedUpAt: now, stepUpFactorAddedAt: factorAddedAt }).where(eq(sessions.id, id));
}

/** The session's user id, as a page's statement (decision 0050) reads it. */
export const SESSION_USER_ID = sql`${users.id}`;
/** A user id as a value of a statement (the count of a page past the end). */
export const userIdValue = (id: string) => sql`${id}`;
/** The request's time, a value of a page's statement. */
export const NOW_PARAMETER = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * A page read with its session, in one statement (decision 0050): the page as JSON text, computed
 * only when the rule in SQL lets the session through.
 */
export const sessionPageStatement = (db: Db, name: string, rule: SQL, page: SQLWrapper, row: SQL<string>) =>
  sessionStatement(db, name, SESSION_USER, {
    page: sql<string | null>`case when ${rule} then ${pageJson(page, row)} end`,
  });
