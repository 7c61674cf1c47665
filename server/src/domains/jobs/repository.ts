import type { JobListQuery, JobSort } from '@portal/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import { type CsvColumn, isoTimestamp } from '../../db/csv';
import { likePattern, listPage, pageSelect } from '../../db/paging';
import { JOB_FACTS, type JobFacts } from '../../lib/serialize';
import { jsonObjectText } from '../../db/json-rows';
import { bumpVersion } from '../../db/columns';
import { live } from '../../lib/trash';

/** The column of each sort key the contract allows (JOB_SORTS; the route refuses any other). */
const SORTABLE: Record<JobSort, SQLWrapper> = {
  createdAt: jobs.createdAt,
  title: sql`lower(${jobs.title})`,
  company: sql`lower(${jobs.company})`,
  location: sql`lower(${jobs.location})`,
};

/** One page of jobs, newest first unless asked otherwise, and the total that matched. */
export async function listJobs(db: Tx, query: JobListQuery) {
  return listPage(db, jobs, {
    ...jobSearch(query),
    offset: query.offset,
    limit: query.limit,
    // The job board as members open it: no search, so the same statement every time.
    prepareAs: query.q ? undefined : `jobs_page_${query.sort ?? ''}_${query.order ?? ''}`,
  });
}

/** The job board as it opens (no search, newest first), read with its session (decision 0050). */
export const jobBoardPage = (db: Tx) =>
  pageSelect(
    db,
    jobs,
    jobSearch({}),
    Object.fromEntries(JOB_FACTS.map((key) => [key, jobs[key]])) as Pick<typeof jobs, (typeof JOB_FACTS)[number]>,
  );

/** The jobs export (issue 16): every field of a job. */
export const JOB_CSV_COLUMNS: CsvColumn[] = [
  { header: 'title', value: jobs.title },
  { header: 'company', value: jobs.company },
  { header: 'location', value: jobs.location },
  { header: 'description', value: jobs.description },
  { header: 'applyLink', value: jobs.applyLink },
  { header: 'createdAt', value: isoTimestamp(jobs.createdAt) },
  { header: 'updatedAt', value: isoTimestamp(jobs.updatedAt) },
];

/** The rows the job list (or its export, issue 16) shows, and their order. */
export function jobSearch(query: Pick<JobListQuery, 'q' | 'sort' | 'order'>) {
  const sortKey = query.sort ?? 'createdAt';
  const column = SORTABLE[sortKey];
  const direction = (query.order ?? (sortKey === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = pattern
    ? or(
        ilike(jobs.title, pattern),
        ilike(jobs.company, pattern),
        ilike(jobs.location, pattern),
        ilike(jobs.description, pattern),
      )
    : undefined;
  return { where, orderBy: [direction(column), direction(jobs.id)] };
}

export type JobRow = typeof jobs.$inferSelect;

/** What the trash screen and the audit log show of a job. */
export const JOB_TRASH_LABEL = sql<string>`${jobs.title} || ' · ' || ${jobs.company}`;
/** What the job list is searched by to find a job, for a link from the audit log. */
export const JOB_TRASH_FIND = sql<string>`${jobs.title}`;

export async function insertJob(tx: Tx, values: typeof jobs.$inferInsert) {
  const [row] = await tx.insert(jobs).values(values).returning();
  return row!;
}

export async function findJobForUpdate(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), live(jobs)))
    .for('update');
  return row;
}

/** An edit of the job; its version goes up by one in the same statement (issue 16). */
export async function updateJob(tx: Tx, id: string, values: Partial<Omit<typeof jobs.$inferInsert, 'id' | 'version'>>) {
  const [row] = await tx
    .update(jobs)
    .set({ ...values, version: bumpVersion(jobs.version) })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}

/** `toJob` as PostgreSQL writes it (decision 0050); as the certificates' certificateJson. */
export const jobJson = (field: (key: keyof JobFacts) => SQL) =>
  jsonObjectText({
    _id: field('id'),
    title: field('title'),
    description: field('description'),
    location: field('location'),
    company: field('company'),
    applyLink: field('applyLink'),
    version: field('version'),
  });
