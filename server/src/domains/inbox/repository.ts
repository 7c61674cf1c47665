import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inboxItems } from '../../db/schema';

/** How many of a member's newest items the popover shows. */
export const INBOX_PAGE = 50;

/** A member's newest items and their unread count; every query is bound to that member. */
export async function listInbox(db: Tx, userId: string) {
  const items = await db
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.userId, userId))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(INBOX_PAGE);
  const [unread] = await db
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt)));
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
