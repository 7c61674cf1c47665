import type { ListQuery } from '@portal/contract';
import { asc, desc, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { likePattern, listPage } from '../../db/paging';

/** Sort keys a client may ask for (ARCHITECTURE §4), by their API names. */
const SORTABLE = {
  createdAt: notifications.createdAt,
  title: sql`lower(${notifications.title})`,
} as const;

/** One page of notifications, newest first unless asked otherwise, and the total that matched. */
export async function listNotifications(db: Tx, query: ListQuery) {
  const sortKey = query.sort ?? 'createdAt';
  if (!Object.hasOwn(SORTABLE, sortKey)) {
    throw badRequest(
      `Notifications cannot be sorted by '${sortKey}'. Use one of: ${Object.keys(SORTABLE).join(', ')}.`,
    );
  }
  const column = SORTABLE[sortKey as keyof typeof SORTABLE];
  const direction = (query.order ?? (sortKey === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = pattern ? or(ilike(notifications.title, pattern), ilike(notifications.message, pattern)) : undefined;
  return listPage(db, notifications, {
    where,
    orderBy: [direction(column), direction(notifications.id)],
    offset: query.offset,
    limit: query.limit,
    prepareAs: pattern ? undefined : `notifications_page_${sortKey}_${query.order ?? ''}`,
  });
}

/** What the trash screen and the audit log show of a notification. */
export const NOTIFICATION_TRASH_LABEL = sql<string>`${notifications.title}`;

export async function insertNotification(tx: Tx, values: typeof notifications.$inferInsert) {
  const [row] = await tx.insert(notifications).values(values).returning();
  return row!;
}
