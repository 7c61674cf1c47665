import {
  CE_MESSAGES,
  ceActivity,
  ceActivityBody,
  ceActivityFields,
  ceActivityListQuery,
  type CeActivityFields,
  idParams,
  messageBody,
  recertificationRules,
  recertificationStatus,
  renewalApplied,
  renewalApplyBody,
  renewalRefused,
} from '@portal/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { signedIn } from '../../plugins/auth';
import { type CertificateRow, findCertificate, findCertificateForUpdate } from '../certificates';
import { readOffsets } from '../reminders';
import {
  applicationStatusOf,
  deleteActivity,
  findActivityForUpdate,
  hasOpenApplication,
  includeActivities,
  insertActivity,
  insertApplication,
  latestApplication,
  listActivities,
  lockActivities,
  readRules,
  updateActivity,
  writeRules,
} from './repository';
import {
  assertActivityFits,
  countCredits,
  cycleOf,
  holdsActivities,
  recertificationStatusOf,
  toCeActivity,
} from './service';

export const CE_ACTIVITY_DELETED = 'The activity was deleted.';

/** Issue 33: recertification: the board's rules, a member's continuing education, the application. */
export default async function recertificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['recertification'];

  app.get('/api/settings/recertification', { schema: { tags, response: { 200: recertificationRules } } }, async () =>
    readRules(app.db),
  );

  app.put(
    '/api/settings/recertification',
    { schema: { tags, body: recertificationRules, response: { 200: recertificationRules } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const before = await readRules(tx);
        await writeRules(tx, req.body, app.clock.now());
        await app.audit(tx, req, {
          action: 'settings.recertification',
          targetType: 'settings',
          targetId: 'recertification',
          details: { before, after: req.body },
        });
        return req.body;
      }),
  );

  /**
   * The certificate for its holder; for an admin too when `adminReads`. Anyone else gets 404, as
   * for a certificate that does not exist: its activities are nobody else's business.
   */
  const certificateFor = (
    req: FastifyRequest,
    cert: CertificateRow | undefined,
    { adminReads = false } = {},
  ): CertificateRow => {
    const me = signedIn(req).user;
    if (!cert || (cert.holderId !== me.id && !(adminReads && me.isAdmin))) {
      throw notFound(CE_MESSAGES.certificateNotFound);
    }
    return cert;
  };

  /** Checks an activity against the rules and the certificate's cycle, and attaches its evidence. */
  async function admitActivity(tx: Tx, req: FastifyRequest, cert: CertificateRow, fields: CeActivityFields) {
    assertActivityFits(fields, await readRules(tx), cycleOf(cert), app.clock.now());
    const evidenceUrl = fields.evidenceUrl ?? '';
    await app.files
      .attach(tx, [evidenceUrl], { ownerId: signedIn(req).user.id, kinds: ['image', 'document'] })
      .catch((err: unknown) => {
        throw err instanceof HttpError && err.statusCode === 400 ? badEvidence() : err;
      });
    return { ...fields, evidenceUrl };
  }

  const badEvidence = () =>
    new HttpError(
      400,
      `evidenceUrl: ${CE_MESSAGES.evidence}`,
      {},
      {
        issues: [{ path: 'evidenceUrl', message: CE_MESSAGES.evidence }],
      },
    );
  const duplicateOr = (err: unknown) => (isUniqueViolation(err) ? conflict(CE_MESSAGES.duplicate) : err);

  app.get(
    '/api/ce-activities',
    { schema: { tags, querystring: ceActivityListQuery, response: { 200: z.array(ceActivity) } } },
    async (req) => {
      const cert = certificateFor(req, await findCertificate(app.db, req.query.certificateId), { adminReads: true });
      const rows = await listActivities(app.db, cert.id);
      return rows.map((row) => toCeActivity(row.activity, row.applicationStatus));
    },
  );

  app.post(
    '/api/ce-activities',
    { schema: { tags, body: ceActivityBody, response: { 201: ceActivity } } },
    async (req, reply) => {
      const { certificateId, ...fields } = req.body;
      const created = await app.db
        .transaction(async (tx) => {
          const cert = certificateFor(req, await findCertificate(tx, certificateId));
          const values = await admitActivity(tx, req, cert, fields);
          return insertActivity(tx, { ...values, certificateId: cert.id });
        })
        .catch((err: unknown) => {
          throw duplicateOr(err);
        });
      return reply.status(201).send(toCeActivity(created, undefined));
    },
  );

  /** An activity its holder may still change: not held by an open or approved application. */
  async function changeableActivity(tx: Tx, req: FastifyRequest, id: string) {
    const activity = await findActivityForUpdate(tx, id);
    if (!activity) throw notFound(CE_MESSAGES.notFound);
    const cert = await findCertificate(tx, activity.certificateId);
    if (!cert || cert.holderId !== signedIn(req).user.id) throw notFound(CE_MESSAGES.notFound);
    if (holdsActivities(await applicationStatusOf(tx, activity.applicationId))) throw conflict(CE_MESSAGES.locked);
    return { activity, cert };
  }

  app.put(
    '/api/ce-activities/:id',
    { schema: { tags, params: idParams, body: ceActivityFields, response: { 200: ceActivity } } },
    async (req) => {
      const { updated, released } = await app.db
        .transaction(async (tx) => {
          const { activity, cert } = await changeableActivity(tx, req, req.params.id);
          const values = await admitActivity(tx, req, cert, req.body);
          // A changed activity is reviewed again.
          const row = await updateActivity(tx, activity.id, { ...values, status: 'Pending', rejectionReason: '' });
          return { updated: row, released: activity.evidenceUrl !== row.evidenceUrl ? activity.evidenceUrl : '' };
        })
        .catch((err: unknown) => {
          throw duplicateOr(err);
        });
      await app.files.release([released]);
      return toCeActivity(updated, await applicationStatusOf(app.db, updated.applicationId));
    },
  );

  app.delete(
    '/api/ce-activities/:id',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      const gone = await app.db.transaction(async (tx) => {
        const { activity } = await changeableActivity(tx, req, req.params.id);
        await deleteActivity(tx, activity.id);
        return activity;
      });
      await app.files.release([gone.evidenceUrl]);
      return { message: CE_ACTIVITY_DELETED };
    },
  );

  app.get(
    '/api/certificates/:id/recertification',
    { schema: { tags, params: idParams, response: { 200: recertificationStatus } } },
    async (req) => {
      const cert = certificateFor(req, await findCertificate(app.db, req.params.id), { adminReads: true });
      const [rules, offsets, activities, application] = await Promise.all([
        readRules(app.db),
        readOffsets(app.db),
        listActivities(app.db, cert.id),
        latestApplication(app.db, cert.id, cert.validTill),
      ]);
      return recertificationStatusOf({
        cert,
        rules,
        expiringDays: offsets[0] ?? 0,
        activities: activities.map((row) => row.activity),
        application,
        now: app.clock.now(),
      });
    },
  );

  app.post(
    '/api/certificates/:id/renewals',
    {
      schema: {
        tags,
        params: idParams,
        body: renewalApplyBody,
        response: { 201: renewalApplied, 422: renewalRefused },
      },
    },
    async (req, reply) => {
      const now = app.clock.now();
      const created = await app.db
        .transaction(async (tx) => {
          // The certificate's lock orders two applications side by side; the activities' lock
          // keeps an edit from changing what is counted between the count and the inclusion.
          const cert = certificateFor(req, await findCertificateForUpdate(tx, req.params.id));
          if (cert.revokedAt) throw conflict(CE_MESSAGES.revoked);
          if (await hasOpenApplication(tx, cert.id)) throw conflict(CE_MESSAGES.open);
          const rules = await readRules(tx);
          const { counted, countedHours, shortfall } = countCredits(
            rules,
            cycleOf(cert),
            await lockActivities(tx, cert.id),
          );
          if (shortfall.length) throw new HttpError(422, CE_MESSAGES.shortfall, {}, { shortfall });
          // Decision 0081: each application is drawn for audit at submission, with the board's
          // share as its chance, from the operating system's cryptographic generator.
          const audit = randomInt(10_000) < rules.auditPercent * 100;
          const application = await insertApplication(tx, {
            certificateId: cert.id,
            userId: signedIn(req).user.id,
            status: audit ? 'Audit' : 'Submitted',
            countedHours,
            validTill: cert.validTill,
            submittedAt: now,
          });
          await includeActivities(
            tx,
            application.id,
            counted.map((a) => a.id),
          );
          await app.audit(tx, req, {
            action: 'renewal.submit',
            targetType: 'certificate',
            targetId: cert.id,
            details: { applicationId: application.id, status: application.status, countedHours },
          });
          return application;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? conflict(CE_MESSAGES.open) : err;
        });
      return reply.status(201).send({ id: created.id, status: created.status });
    },
  );
}
