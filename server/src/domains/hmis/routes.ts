import {
  HMIS_EXPORT_MESSAGES,
  hmisExportBody,
  hmisExportCheck,
  hmisExportCheckBody,
  hmisExportFileName,
  hmisExportHistory,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStepUp, signedIn } from '../../plugins/auth';
import { buildExport, zipExport } from './export';
import { auditRowsOf } from './repository';

export const HMIS_EXPORT_ACTION = 'hmis.export';
/** Past exports the screen lists. */
const HISTORY = 50;

/**
 * Issue 17, part 3: the HMIS CSV (FY2026) export (docs/features.md, "HMIS export"). The zip holds full SSNs
 * and dates of birth, so it needs a reason and a step-up (issue 19: a second factor from the last
 * 5 minutes, the password where the admin has none), and is audited with its row counts; neither
 * the body nor the zip is ever logged.
 */
export default async function hmisRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['hmis export'];
  const { pii } = app;

  const build = (req: FastifyRequest, period: { from: string; to: string; exclude: string[] }) => {
    const { user } = signedIn(req);
    return buildExport(app.db, pii, app.config.hmis, {
      ...period,
      actor: { id: user.id, name: user.name, email: user.email },
      now: app.clock.now(),
    });
  };

  app.post(
    '/api/exports/hmis/check',
    { schema: { tags, body: hmisExportCheckBody, response: { 200: hmisExportCheck } } },
    async (req) => {
      const built = await build(req, req.body);
      return { ...built.summary, problems: built.problems };
    },
  );

  app.post(
    '/api/exports/hmis',
    { schema: { tags, body: hmisExportBody }, config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } } },
    async (req, reply) => {
      requireStepUp(req);
      const { reason, ...period } = req.body;
      const built = await build(req, period);
      if (built.problems.length > 0) {
        return reply
          .code(422)
          .send({ message: HMIS_EXPORT_MESSAGES.problems, ...built.summary, problems: built.problems });
      }
      // Audited before a byte leaves: who, why, which period and how many rows (no client data).
      await app.db.transaction((tx) =>
        app.audit(tx, req, {
          action: HMIS_EXPORT_ACTION,
          targetType: 'hmis-export',
          targetId: built.exportId,
          details: {
            reason,
            from: period.from,
            to: period.to,
            excluded: built.summary.excluded,
            counts: built.summary.counts,
          },
        }),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${hmisExportFileName(period.from, period.to)}"`)
        .header('cache-control', 'no-store')
        .send(zipExport(built.files));
    },
  );

  app.get('/api/exports/hmis', { schema: { tags, response: { 200: hmisExportHistory } } }, async () => {
    const rows = await auditRowsOf(app.db, HMIS_EXPORT_ACTION, HISTORY);
    return {
      items: rows.map((row) => {
        const d = (row.details ?? {}) as {
          reason?: string;
          from?: string;
          to?: string;
          counts?: Record<string, number>;
        };
        return {
          _id: row.id,
          actorEmail: row.actorEmail,
          createdAt: row.createdAt.toISOString(),
          from: d.from ?? '',
          to: d.to ?? '',
          reason: d.reason ?? '',
          counts: d.counts ?? {},
        };
      }),
    };
  });
}
