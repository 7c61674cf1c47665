import { getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** How long a record stays in the trash before the nightly purge deletes it for good (issue 16). */
export const TRASH_DAYS = 30;

/**
 * Issue 16 (decision 0017): users, certificates, reports, jobs and notifications are moved to the
 * trash (`deleted_at` set) rather than deleted. Every read outside the trash takes live rows only:
 * through this condition, which lists and exports add by themselves (`liveRows`).
 */
export const live = (table: { deletedAt: PgColumn }): SQL => isNull(table.deletedAt);

/** `live(table)` for a table with a trash; undefined for one without. */
export function liveRows(table: PgTable): SQL | undefined {
  const column = (getTableColumns(table) as Record<string, PgColumn | undefined>).deletedAt;
  return column ? isNull(column) : undefined;
}
