import {
  auditSampleBody,
  auditSampleResult,
  CE_MESSAGES,
  ceActivity,
  DATE_YEAR_RANGE,
  idParams,
  RENEWAL_MESSAGES,
  renewalApplied,
  renewalDetail,
  renewalListItem,
  renewalListQuery,
  renewalPagePath,
  reviewReasonBody,
  type RenewalListItem,
} from '@portal/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { renewalApplications } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { listRoute } from '../../lib/list-route';
import { wordsFor } from '../../lib/i18n';
import { signedIn } from '../../plugins/auth';
import { languageOfAddress } from '../users';
import { addMonths, type CertificateRow, findCertificateForUpdate, updateCertificate } from '../certificates';
import { renewalDecisionMail, renewedMail } from './mails';
import {
  activitiesOf,
  findActivity,
  findActivityForUpdate,
  findRenewal,
  listRenewals,
  lockRenewal,
  lockSubmitted,
  readRules,
  RENEWAL_CSV_COLUMNS,
  type RenewalListRow,
  type RenewalRow,
  renewalSearch,
  reviewActivities,
  setStatuses,
  updateRenewal,
} from './repository';
import { countCredits, cycleOf, drawAudit, nextCycle, toCeActivity } from './service';

const isOpen = (status: string | undefined) => status === 'Submitted' || status === 'Audit';

const toRenewalItem = (row: RenewalListRow): RenewalListItem => ({
  _id: row.id,
  certificateId: row.certificateId,
  certificateNo: row.certificateNo,
  certificateName: row.certificateName,
  holderName: row.holderName,
  holderEmail: row.holderEmail,
  status: row.status,
  countedHours: row.countedHours,
  validTill: row.validTill.toISOString(),
  submittedAt: row.submittedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  reason: row.reason,
  activityCount: row.activityCount,
  withoutEvidence: row.withoutEvidence,
});

/**
 * Issue 33: the board's review of renewal applications: the queue, the audit draw, the decision
 * on each activity and on each application. Usual admin rights, no step-up (the rule).
 */
export default async function renewalReviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['recertification'];

  listRoute(app, {
    url: '/api/renewals',
    tags,
    querystring: renewalListQuery,
    item: renewalListItem,
    read: listRenewals,
    toItems: (rows) => rows.map(toRenewalItem),
    export: {
      name: 'renewals',
      action: 'renewal.export',
      query: (query) => ({ table: renewalApplications, columns: RENEWAL_CSV_COLUMNS, ...renewalSearch(query) }),
    },
  });

  app.get(
    '/api/renewals/:id',
    { schema: { tags, params: idParams, response: { 200: renewalDetail } } },
    async (req) => {
      const row = await findRenewal(app.db, req.params.id);
      if (!row) throw notFound(RENEWAL_MESSAGES.notFound);
      const activities = await activitiesOf(app.db, row.id);
      return { ...toRenewalItem(row), activities: activities.map((a) => toCeActivity(a, row.status)) };
    },
  );

  app.post(
    '/api/renewals/audit-sample',
    { schema: { tags, body: auditSampleBody, response: { 200: auditSampleResult } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const submitted = await lockSubmitted(tx);
        const drawn = drawAudit(
          submitted.map((row) => row.id),
          req.body.percent,
          (below) => randomInt(below),
        );
        await setStatuses(tx, drawn, 'Audit');
        const result = { selected: drawn.length, of: submitted.length, ids: drawn };
        await app.audit(tx, req, {
          action: 'renewal.audit-sample',
          targetType: 'renewal',
          targetId: 'audit-sample',
          details: { percent: req.body.percent, ...result },
        });
        return result;
      }),
  );

  /** An open application and its certificate, locked in that order (the certificate's first, as applying does). */
  async function openApplication(tx: Tx, id: string) {
    const found = await findRenewal(tx, id);
    if (!found) throw notFound(RENEWAL_MESSAGES.notFound);
    const cert = await findCertificateForUpdate(tx, found.certificateId);
    const application = await lockRenewal(tx, id);
    if (!cert || !application) throw notFound(RENEWAL_MESSAGES.notFound);
    if (!isOpen(application.status)) throw conflict(RENEWAL_MESSAGES.notOpen);
    return { cert, application };
  }

  /** Closes an application as Rejected or Returned: the member is told in the inbox and by mail. */
  async function close(
    tx: Tx,
    req: FastifyRequest,
    { cert, application }: { cert: CertificateRow; application: RenewalRow },
    status: 'Rejected' | 'Returned',
    reason: string,
  ) {
    const closed = await updateRenewal(tx, application.id, {
      status,
      reason,
      decidedAt: app.clock.now(),
      decidedBy: signedIn(req).user.id,
    });
    const words = wordsFor(await languageOfAddress(tx, cert.userEmail));
    if (cert.holderId) {
      await app.inbox.add(tx, {
        userId: cert.holderId,
        kind: 'renewal',
        title: words.t('inbox.renewalDecision.title', { decision: status, name: cert.name }),
        message: words.t('inbox.renewalDecision.message', { reason }),
        certificateId: cert.id,
      });
    }
    const link = `${app.config.appUrl}${renewalPagePath(cert.id)}`;
    await app.mail.enqueue(tx, renewalDecisionMail(words, cert.userEmail, cert, status, reason, link));
    await app.audit(tx, req, {
      action: status === 'Rejected' ? 'renewal.reject' : 'renewal.return',
      targetType: 'certificate',
      targetId: cert.id,
      details: { applicationId: application.id, reason },
    });
    return closed;
  }

  app.post(
    '/api/renewals/:id/approve',
    { schema: { tags, params: idParams, response: { 200: renewalApplied } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const { cert, application } = await openApplication(tx, req.params.id);
        if (cert.revokedAt) throw conflict(CE_MESSAGES.revoked);
        // The board moved the dates since (an edit, a bulk renewal): the cycle this application
        // counted is gone, and approving it would extend the certificate a second time.
        if (application.validTill.getTime() !== cert.validTill.getTime()) {
          throw conflict(RENEWAL_MESSAGES.validityChanged);
        }
        const activities = await activitiesOf(tx, application.id, { lock: true });
        if (application.status === 'Audit' && activities.some((a) => a.evidenceUrl === '')) {
          throw conflict(RENEWAL_MESSAGES.evidenceMissing);
        }
        const rules = await readRules(tx);
        const now = app.clock.now();
        const next = nextCycle(cert, rules, now, addMonths);
        if (next.end.getUTCFullYear() > DATE_YEAR_RANGE.max) throw badRequest(RENEWAL_MESSAGES.pastYear);
        // The credential states the hours counted for this renewal (issue 33), as Open Badges 3.0 has them.
        const { countedHours } = countCredits(rules, cycleOf(cert), activities);
        const renewed = (await updateCertificate(tx, cert.id, {
          validTill: next.end,
          cycleStartsOn: next.start,
          creditsEarned: countedHours,
          creditsAvailable: rules.totalHours,
        }))!;
        // The renewed copy (decision 0037); the member hears of it from the renewal's own mail.
        await app.credentials.settle(tx, renewed, { quiet: true });
        await reviewActivities(
          tx,
          activities.filter((a) => a.status === 'Pending').map((a) => a.id),
          { status: 'Approved', rejectionReason: '' },
        );
        const approved = await updateRenewal(tx, application.id, {
          status: 'Approved',
          decidedAt: now,
          decidedBy: signedIn(req).user.id,
        });
        const words = wordsFor(await languageOfAddress(tx, renewed.userEmail));
        if (renewed.holderId) {
          await app.inbox.add(tx, {
            userId: renewed.holderId,
            kind: 'renewal',
            title: words.t('inbox.renewed.title', { name: renewed.name }),
            message: words.t('inbox.renewed.message', { validTill: words.day(next.end) }),
            certificateId: renewed.id,
          });
        }
        const certificatesUrl = `${app.config.appUrl}/admin/certificates`;
        await app.mail.enqueue(tx, renewedMail(words, renewed.userEmail, renewed, next.end, certificatesUrl));
        await app.audit(tx, req, {
          action: 'renewal.approve',
          targetType: 'certificate',
          targetId: cert.id,
          details: {
            applicationId: application.id,
            before: { validTill: cert.validTill.toISOString() },
            after: { validTill: next.end.toISOString(), cycleStartsOn: next.start.toISOString() },
            reinstated: next.reinstated,
          },
        });
        return { id: approved.id, status: approved.status };
      }),
  );

  app.post(
    '/api/renewals/:id/reject',
    { schema: { tags, params: idParams, body: reviewReasonBody, response: { 200: renewalApplied } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const open = await openApplication(tx, req.params.id);
        const closed = await close(tx, req, open, 'Rejected', req.body.reason);
        return { id: closed.id, status: closed.status };
      }),
  );

  /**
   * An activity of an application under review, with that application and its certificate,
   * locked in the order every decision takes (certificate, application, activities), so that two
   * admins deciding on one application at once wait for each other instead of deadlocking.
   */
  async function activityInReview(tx: Tx, id: string) {
    const seen = await findActivity(tx, id);
    if (!seen) throw notFound(CE_MESSAGES.notFound);
    if (!seen.applicationId) throw conflict(RENEWAL_MESSAGES.notInReview);
    const open = await openApplication(tx, seen.applicationId).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 409 ? conflict(RENEWAL_MESSAGES.notInReview) : err;
    });
    const activity = await findActivityForUpdate(tx, id);
    // Moved to another application meanwhile (returned, then applied again): not this one's.
    if (activity?.applicationId !== open.application.id) throw conflict(RENEWAL_MESSAGES.notInReview);
    return { activity, ...open };
  }

  app.post(
    '/api/ce-activities/:id/approve',
    { schema: { tags, params: idParams, response: { 200: ceActivity } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const { activity, application } = await activityInReview(tx, req.params.id);
        await reviewActivities(tx, [activity.id], { status: 'Approved', rejectionReason: '' });
        await app.audit(tx, req, {
          action: 'ce-activity.approve',
          targetType: 'certificate',
          targetId: activity.certificateId,
          details: { activityId: activity.id, applicationId: application.id },
        });
        return toCeActivity({ ...activity, status: 'Approved', rejectionReason: '' }, application.status);
      }),
  );

  app.post(
    '/api/ce-activities/:id/reject',
    { schema: { tags, params: idParams, body: reviewReasonBody, response: { 200: ceActivity } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const open = await activityInReview(tx, req.params.id);
        const { activity, cert } = open;
        const { reason } = req.body;
        await reviewActivities(tx, [activity.id], { status: 'Rejected', rejectionReason: reason });
        await app.audit(tx, req, {
          action: 'ce-activity.reject',
          targetType: 'certificate',
          targetId: activity.certificateId,
          details: { activityId: activity.id, applicationId: open.application.id, reason },
        });
        // A rejection that brings the application below the rules returns it to the member.
        const held = await activitiesOf(tx, open.application.id);
        const { shortfall } = countCredits(await readRules(tx), cycleOf(cert), held);
        let status = open.application.status;
        if (shortfall.length) {
          const reasons = held
            .filter((a) => a.status === 'Rejected')
            .map((a) => `${a.title}: ${a.rejectionReason}`)
            .join('; ');
          status = (await close(tx, req, open, 'Returned', reasons)).status;
        }
        return toCeActivity({ ...activity, status: 'Rejected', rejectionReason: reason }, status);
      }),
  );
}
