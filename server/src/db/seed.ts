import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { live } from '../lib/trash';
import type { Db, Tx } from './client';
import { helpContent, users } from './schema';

/** The start-up's statements (bootstrap.ts): the first administrator, the help page, the demo data. */

/** The live user with this (normalized) e-mail, if any. */
export async function liveUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), live(users)));
  return row?.id;
}

export const countUsers = async (db: Db) => Number((await db.select({ n: count() }).from(users))[0]?.n ?? 0);

/** Writes the help page unless one is there. */
export async function insertHelpContentOnce(db: Db, content: Omit<typeof helpContent.$inferInsert, 'id'>) {
  await db
    .insert(helpContent)
    .values({ id: 1, ...content })
    .onConflictDoNothing();
}

/** Inserts seed rows as given, answering them as stored. */
export const insertRows = <T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) =>
  tx.insert(table).values(rows).returning();
