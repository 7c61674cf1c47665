import { idParams, job, jobBody, jobUpdateBody, jobListQuery, messageBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobs } from '../../db/schema';
import { listRoute } from '../../lib/list-route';
import { notFound } from '../../lib/errors';
import { assertVersion, CONDITIONAL_PUT, preconditionOf, withEtag } from '../../lib/preconditions';
import { toJob } from '../../lib/serialize';
import {
  findJobForUpdate,
  insertJob,
  JOB_CSV_COLUMNS,
  JOB_TRASH_FIND,
  JOB_TRASH_LABEL,
  jobBoardPage,
  jobJson,
  type JobRow,
  jobSearch,
  listJobs,
  updateJob,
} from './repository';

export const JOB_NOT_FOUND = 'Job not found';
export const JOB_DELETED = 'The job was deleted successfully.';

/** The job board (members read, admins manage); every change is audited in its transaction. */
export default async function jobRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];

  app.trash.define<JobRow>('job', {
    table: jobs,
    notFound: JOB_NOT_FOUND,
    label: JOB_TRASH_LABEL,
    find: JOB_TRASH_FIND,
    search: (q) => jobSearch({ q }).where,
    files: () => [],
    snapshot: toJob,
  });

  listRoute(app, {
    url: '/api/jobs',
    tags,
    querystring: jobListQuery,
    item: job,
    read: listJobs,
    toItems: (rows) => rows.map(toJob),
    // Decision 0050: the board as members open it, in one statement with the session.
    withSession: { page: app.sessions.page('jobs_board_with_session', 'member', () => jobBoardPage(app.db), jobJson) },
    export: {
      name: 'jobs',
      action: 'job.export',
      query: (query) => ({ table: jobs, columns: JOB_CSV_COLUMNS, ...jobSearch(query) }),
    },
  });

  app.post('/api/jobs', { schema: { tags, body: jobBody, response: { 201: job } } }, async (req, reply) => {
    const now = app.clock.now();
    const created = await app.db.transaction(async (tx) => {
      const row = await insertJob(tx, { ...req.body, createdAt: now, updatedAt: now });
      await app.audit(tx, req, {
        action: 'job.create',
        targetType: 'job',
        targetId: row.id,
        details: { after: toJob(row) },
      });
      return row;
    });
    return reply.status(201).send(withEtag(reply, toJob(created)));
  });

  app.put(
    '/api/jobs/:id',
    {
      schema: {
        tags,
        description: CONDITIONAL_PUT.description,
        params: idParams,
        body: jobUpdateBody,
        response: { 200: job, ...CONDITIONAL_PUT.conflict },
      },
    },
    async (req, reply) => {
      const { version, ...values } = req.body;
      const precondition = preconditionOf(req, version);
      const updated = await app.db.transaction(async (tx) => {
        const before = await findJobForUpdate(tx, req.params.id);
        if (!before) throw notFound(JOB_NOT_FOUND);
        // Issue 16: a stale edit changes nothing (412 with the job as it is now).
        assertVersion(precondition, before, toJob);
        const after = await updateJob(tx, before.id, { ...values, updatedAt: app.clock.now() });
        await app.audit(tx, req, {
          action: 'job.update',
          targetType: 'job',
          targetId: before.id,
          details: { before: toJob(before), after: toJob(after) },
        });
        return after;
      });
      return withEtag(reply, toJob(updated));
    },
  );

  app.delete('/api/jobs/:id', { schema: { tags, params: idParams, response: { 200: messageBody } } }, async (req) => {
    // Issue 16: to the trash (decision 0017), audited there.
    await app.db.transaction((tx) => app.trash.move(tx, req, 'job', { ids: [req.params.id] }));
    return { message: JOB_DELETED };
  });
}
