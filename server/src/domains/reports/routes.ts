import crypto from 'node:crypto';
import {
  createReportResponse,
  idParams,
  reportListQuery,
  mediaConsentProblem,
  messageBody,
  report,
  reportBody,
  reportSummary,
  revealSsnBody,
  revealSsnResponse,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reports } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { claimKey, fingerprintOf, idempotencyKeyOf, recordAnswer } from '../../lib/idempotency';
import { listRoute } from '../../lib/list-route';
import { PiiError } from '../../lib/pii';
import { toReport, toReportSummary } from '../../lib/serialize';
import { requireStepUp, signedIn } from '../../plugins/auth';
import {
  findReport,
  insertReport,
  listOwnReports,
  listReports,
  openRow,
  REPORT_CSV_COLUMNS,
  REPORT_TRASH_LABEL,
  reportSearch,
  type ReportRow,
  toRowValues,
} from './repository';

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_DELETED = 'Report deleted successfully.';
export const REPORT_UNREADABLE = 'This report cannot be read: its stored data failed an integrity check.';

/**
 * Intake reports (spec §2, §7; ARCHITECTURE §5). Members file them; admins list, read, reveal
 * the SSN (with a reason, audited) and delete them. SSN, DOB and the rest of the intake are
 * encrypted at rest (repository.ts); neither the SSN nor the DOB is ever logged or audited.
 */
export default async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const { pii } = app;

  /** Decrypts a row; a value that fails its check is a loud 500, never a wrong plaintext. */
  const open = (row: ReportRow, log: FastifyBaseLogger) => {
    try {
      return openRow(pii, row);
    } catch (err) {
      if (!(err instanceof PiiError)) throw err;
      log.error({ reportId: row.id, reason: err.message }, 'report data failed decryption');
      throw new HttpError(500, REPORT_UNREADABLE);
    }
  };

  // Issue 16 (decision 0017): a deleted report waits in the trash with its media.
  app.trash.define<ReportRow>('report', {
    table: reports,
    notFound: REPORT_NOT_FOUND,
    label: REPORT_TRASH_LABEL,
    search: (q) => reportSearch({ q }).where,
    files: (row) => [row.imageUrl, row.videoUrl],
    // No client data in the log: it outlives the report.
    snapshot: (row) => ({ filedBy: row.userId, filedAt: row.createdAt.toISOString() }),
  });

  app.post(
    '/api/reports',
    { schema: { tags, body: reportBody, response: { 201: createReportResponse } } },
    async (req, reply) => {
      const fields = req.body;
      const userId = signedIn(req).user.id;
      // Issue 17: no photo or video without the client's consent to it; nothing is stored.
      const refused = mediaConsentProblem(fields);
      if (refused) throw badRequest(refused);
      // Issue 18: a retry under the same Idempotency-Key answers what the first attempt did.
      const key = idempotencyKeyOf(req);
      const request = key && {
        userId,
        scope: 'report',
        key,
        fingerprint: fingerprintOf(app.keys.idempotencyHmac, JSON.stringify(fields)),
      };
      // The id is chosen before the insert: it is the associated data of the encrypted values.
      const id = crypto.randomUUID();
      const answer = await app.db.transaction(async (tx) => {
        const earlier = request ? await claimKey(tx, request, app.clock.now()) : null;
        if (earlier) return earlier;
        if (fields.imageUrl) await app.files.attach(tx, [fields.imageUrl], { ownerId: userId, kinds: ['image'] });
        if (fields.videoUrl) await app.files.attach(tx, [fields.videoUrl], { ownerId: userId, kinds: ['video'] });
        await insertReport(tx, toRowValues(pii, id, userId, fields, app.clock.now()));
        const filed = { status: 201, body: { _id: id } };
        if (request) await recordAnswer(tx, request, filed);
        req.log.info({ reportId: id, userId, event: 'report_filed' }, 'report filed');
        return filed;
      });
      return reply.status(answer.status as 201).send(answer.body as { _id: string });
    },
  );

  // Issue 35: the reports the signed-in member filed, as the admin list shows them (nothing sealed).
  listRoute(app, {
    url: '/api/reports/mine',
    tags,
    querystring: reportListQuery,
    item: reportSummary,
    read: (db, query, req) => listOwnReports(db, signedIn(req).user.id, query),
    toItems: (rows) => rows.map(toReportSummary),
  });

  listRoute(app, {
    url: '/api/reports',
    tags,
    querystring: reportListQuery,
    item: reportSummary,
    read: listReports,
    toItems: (rows) => rows.map(toReportSummary),
    export: {
      name: 'reports',
      action: 'report.export',
      query: (query) => ({ table: reports, columns: REPORT_CSV_COLUMNS, ...reportSearch(query) }),
    },
  });

  app.get('/api/reports/:id', { schema: { tags, params: idParams, response: { 200: report } } }, async (req) => {
    const row = await findReport(app.db, req.params.id);
    if (!row) throw notFound(REPORT_NOT_FOUND);
    const fields = open(row, req.log);
    // Reading an intake (DOB, health, criminal record) is itself worth a trace.
    await app.audit(app.db, req, { action: 'report.view', targetType: 'report', targetId: row.id });
    return toReport(row, fields);
  });

  app.post(
    '/api/reports/:id/reveal-ssn',
    {
      schema: { tags, params: idParams, body: revealSsnBody, response: { 200: revealSsnResponse } },
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
    },
    async (req) => {
      // Issue 19: a fresh second factor (or, without one, the password) from the last 5 minutes.
      requireStepUp(req);
      return app.db.transaction(async (tx) => {
        const row = await findReport(tx, req.params.id);
        if (!row) throw notFound(REPORT_NOT_FOUND);
        const { ssn } = open(row, req.log);
        // The reason is recorded; the SSN never is.
        await app.audit(tx, req, {
          action: 'report.reveal_ssn',
          targetType: 'report',
          targetId: row.id,
          details: { reason: req.body.reason },
        });
        return { ssn };
      });
    },
  );

  app.delete(
    '/api/reports/:id',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      // To the trash, media kept: they go with the report when it is purged.
      await app.db.transaction((tx) => app.trash.move(tx, req, 'report', { ids: [req.params.id] }));
      return { message: REPORT_DELETED };
    },
  );
}
