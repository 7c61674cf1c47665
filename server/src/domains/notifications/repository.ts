import type { NotificationListQuery, NotificationSort } from '@portal/contract';
import { asc, desc, ilike, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { likePattern, listPage } from '../../db/paging';

/** The column of each sort key the contract allows (NOTIFICATION_SORTS; the route refuses any other). */
const SORTABLE: Record<NotificationSort, SQLWrapper> = {
  createdAt: notifications.createdAt,
  title: sql`lower(${notifications.title})`,
};

/** One page of notifications, newest first unless asked otherwise, and the total that matched. */
export async function listNotifications(db: Tx, query: NotificationListQuery) {
  const sortKey = query.sort ?? 'createdAt';
  const column = SORTABLE[sortKey];
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
