import type { TrashListQuery, TrashType } from '@portal/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { likePattern } from '../../db/paging';
import { live } from '../../lib/trash';

/** Every statement of the trash, on any table with a trash (decision 0017). */

export type Row = { id: string; deletedAt: Date | null } & Record<string, unknown>;

/** A table with a trash: an id and the two trash columns (lib/trash.ts). */
export type TrashTable = PgTable & { id: PgColumn; deletedAt: PgColumn; deletedBy: PgColumn };

/** A record as the audit log names it (issue 35). */
export interface Described {
  label: string;
  find: string | null;
  inTrash: boolean;
}

/** The ids of live records that `search` picks (all when absent), in id order, at most `limit`. */
export async function liveIds(db: Tx, table: TrashTable, search: SQL | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(live(table), search))
    .orderBy(asc(table.id))
    .limit(limit);
  return rows.map((r) => r.id as string);
}

/** The live records of these ids, locked in one order (by id), so two bulk actions never deadlock. */
export async function lockLive(tx: Tx, table: TrashTable, ids: string[]): Promise<Row[]> {
  return (await tx
    .select()
    .from(table)
    .where(and(inArray(table.id, ids), live(table)))
    .orderBy(asc(table.id))
    .for('update')) as Row[];
}

/** The trashed records of these ids, locked in id order (as lockLive locks). */
export async function lockTrashed(tx: Tx, table: TrashTable, ids: string[]): Promise<Row[]> {
  return (await tx
    .select()
    .from(table)
    .where(and(inArray(table.id, ids), isNotNull(table.deletedAt)))
    .orderBy(asc(table.id))
    .for('update')) as Row[];
}

export async function markTrashed(tx: Tx, table: TrashTable, ids: string[], now: Date, by: string | null) {
  await tx
    .update(table)
    .set({ deletedAt: now, deletedBy: by } as never)
    .where(inArray(table.id, ids));
}

export async function markRestored(tx: Tx, table: TrashTable, id: string) {
  await tx
    .update(table)
    .set({ deletedAt: null, deletedBy: null } as never)
    .where(eq(table.id, id));
}

/** Deletes for good the trashed records `where` picks; answers them. */
export async function deleteTrashed(tx: Tx, table: TrashTable, where: SQL): Promise<Row[]> {
  return (await tx
    .delete(table)
    .where(and(isNotNull(table.deletedAt), where))
    .returning()) as Row[];
}

/** One page of the trash of these kinds, newest first, and its total (the trash is small: counted in the scan). */
export async function trashPage(
  db: Tx,
  kinds: { type: TrashType; table: TrashTable; label: SQL<string> }[],
  query: TrashListQuery & { offset: number; limit: number },
) {
  const parts = kinds.map(({ type, table, label }) =>
    db
      .select({
        type: sql<TrashType>`${type}::text`.as('type'),
        id: sql<string>`${table.id}`.as('id'),
        label: sql<string>`${label}`.as('label'),
        deletedAt: sql<Date>`${table.deletedAt}`.as('deleted_at'),
        deletedBy: sql<string | null>`${table.deletedBy}`.as('deleted_by'),
      })
      .from(table)
      .where(and(isNotNull(table.deletedAt), query.q ? ilike(label, likePattern(query.q)) : undefined)),
  );
  const [first, second, ...rest] = parts;
  if (!first) return { rows: [], total: 0 };
  const trash = db.$with('trash').as(second ? unionAll(first, second, ...rest) : first);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .with(trash)
    .select({
      type: trash.type,
      id: trash.id,
      label: trash.label,
      deletedAt: sql<Date>`${trash.deletedAt}`.mapWith((v: string | Date) => new Date(v)),
      // Qualified by hand: users has a deleted_by column of its own.
      deletedBy: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = "trash"."deleted_by")`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(trash)
    .orderBy(direction(trash.deletedAt), direction(trash.id))
    .offset(query.offset)
    .limit(query.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/**
 * Each record's label, the search that finds it on its list, and whether it is in the trash, in
 * one query, keyed `type:id`. Purged records are absent.
 */
export async function describeTargets(
  db: Tx,
  kinds: { type: TrashType; ids: string[]; table: TrashTable; label: SQL<string>; find?: SQL<string> }[],
): Promise<Map<string, Described>> {
  const parts = kinds.map(({ type, ids, table, label, find }) =>
    db
      .select({
        type: sql<TrashType>`${type}::text`.as('type'),
        id: sql<string>`${table.id}::text`.as('id'),
        label: sql<string>`${label}`.as('label'),
        find: sql<string | null>`${find ?? sql`null::text`}`.as('find'),
        inTrash: sql<boolean>`${table.deletedAt} is not null`.as('in_trash'),
      })
      .from(table)
      .where(inArray(table.id, ids)),
  );
  const [first, second, ...rest] = parts;
  if (!first) return new Map<string, Described>();
  const rows = (await (second ? unionAll(first, second, ...rest) : first)) as (Described & {
    type: TrashType;
    id: string;
  })[];
  return new Map(rows.map(({ type, id, ...target }) => [`${type}:${id}`, target]));
}
