import type { ListQuery } from '@portal/contract';
import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { listPage } from '../../lib/paging';

/** Sort keys a client may ask for (ARCHITECTURE §4), by their API names. */
const SORTABLE = {
  createdAt: jobs.createdAt,
  title: sql`lower(${jobs.title})`,
  company: sql`lower(${jobs.company})`,
  location: sql`lower(${jobs.location})`,
} as const;

/** `q` is matched literally: LIKE's wildcards in it are escaped. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of jobs, newest first unless asked otherwise, and the total that matched. */
export async function listJobs(db: Tx, query: ListQuery) {
  const sortKey = query.sort ?? 'createdAt';
  if (!Object.hasOwn(SORTABLE, sortKey)) {
    throw badRequest(`Jobs cannot be sorted by '${sortKey}'. Use one of: ${Object.keys(SORTABLE).join(', ')}.`);
  }
  const column = SORTABLE[sortKey as keyof typeof SORTABLE];
  const direction = (query.order ?? (sortKey === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern
    ? or(
        ilike(jobs.title, pattern),
        ilike(jobs.company, pattern),
        ilike(jobs.location, pattern),
        ilike(jobs.description, pattern),
      )
    : undefined;
  return listPage(db, jobs, {
    where,
    orderBy: [direction(column), direction(jobs.id)],
    offset: query.offset,
    limit: query.limit,
  });
}

export async function findJobForUpdate(tx: Tx, id: string) {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
  return row;
}
