import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates, inboxItems } from '../../db/schema';

/** Items about a certificate in the trash are not shown (issue 16): they come back with it. */
const notAboutTrash = sql`not exists (select 1 from ${certificates} where ${certificates.id} = ${inboxItems.certificateId} and ${certificates.deletedAt} is not null)`;

/** How many of a member's newest items the popover shows. */
export const INBOX_PAGE = 50;

/** A member's newest items and their unread count; every query is bound to that member. */
export async function listInbox(db: Tx, userId: string) {
  const items = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), notAboutTrash))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(INBOX_PAGE);
  const [unread] = await db
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt), notAboutTrash));
  return { items, unread: unread?.n ?? 0 };
}

/** Marks one of the member's items read; undefined when it is not theirs (or not there). */
export async function markRead(db: Tx, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.id, id), eq(inboxItems.userId, userId)))
    .returning({ id: inboxItems.id });
  return row;
}

export async function markAllRead(db: Tx, userId: string, now: Date) {
  await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt)));
}

/** What a domain puts in one member's inbox. */
export type InboxEntry = Pick<
  typeof inboxItems.$inferInsert,
  'userId' | 'kind' | 'title' | 'message' | 'certificateId'
>;

export async function addInboxItem(db: Tx, entry: InboxEntry, now: Date) {
  await db.insert(inboxItems).values({ ...entry, createdAt: now });
}
