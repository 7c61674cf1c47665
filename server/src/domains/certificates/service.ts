import { type BulkSelection, CERTIFICATE_MESSAGES, MAX_BULK_SELECTION } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { signedIn } from '../../plugins/auth';
import { nextAwardedOn } from './awarded-on';
import { verificationUrl } from './certificate';
import { revokedMail } from './mails';
import { type CertificateRow, findCertificate, lockSelection, updateCertificate } from './repository';
import { wordsFor } from '../../lib/i18n';
import { languageOfAddress } from '../users';

/**
 * The rules several certificate routes share (the edit, the revocation, the bulk selection, who
 * may read one); the routes parse, call these in their transaction, and shape the answer.
 */

/** What an audit row keeps of a certificate (the stored status, never the derived one). */
export const snapshot = (row: CertificateRow) => ({
  userEmail: row.userEmail,
  certificateNo: row.certificateNo,
  name: row.name,
  status: row.status,
  validTill: row.validTill.toISOString(),
  awardedOn: row.awardedOn.toISOString(),
  downloadLink: row.downloadLink,
  holderName: row.holderName,
});

/** Issue 31: the award date a write leaves, or its 400 (which changes nothing). */
export function awardedOnOrRefuse(...args: Parameters<typeof nextAwardedOn>): Date {
  const next = nextAwardedOn(...args);
  if (next.problem !== undefined) throw invalidField(next.field, next.problem);
  return next.awardedOn;
}

/** The number is a live unique key (decision 0017): a taken one is a 409, not a 500. */
export const numberTaken = (err: unknown) => {
  throw isUniqueViolation(err) ? conflict(CERTIFICATE_MESSAGES.numberTaken) : err;
};

/**
 * One edit of a certificate, as the dialog's save and both bulk actions make it: the row, its
 * credential copies settled (a new copy for what changed, a revocation for a suspension;
 * decision 0037) and its own audit row (`details` gets the new row).
 */
export async function saveEdit(
  app: FastifyInstance,
  tx: Tx,
  req: FastifyRequest,
  current: CertificateRow,
  changes: Parameters<typeof updateCertificate>[2],
  details: (row: CertificateRow) => Record<string, unknown>,
  action: 'certificate.update' | 'certificate.renew' = 'certificate.update',
) {
  const row = (await updateCertificate(tx, current.id, changes))!;
  await app.credentials.settle(tx, row);
  await app.audit(tx, req, {
    action,
    targetType: 'certificate',
    targetId: row.id,
    details: details(row),
  });
  return row;
}

/**
 * The certificates a bulk action names, locked: 404 when one named by id is not there, 400 when
 * the search matches more than one action may change.
 */
export async function lockChosen(app: FastifyInstance, tx: Tx, selection: BulkSelection) {
  const rows = await lockSelection(tx, selection, MAX_BULK_SELECTION + 1, app.clock.now());
  if ('ids' in selection && rows.length !== selection.ids.length) throw notFound(CERTIFICATE_MESSAGES.notFound);
  if (rows.length > MAX_BULK_SELECTION) {
    throw badRequest(`At most ${MAX_BULK_SELECTION} certificates can be changed at once: narrow the search.`);
  }
  return rows;
}

/** A certificate is its holder's and every admin's; another member gets 403. */
export function assertHolderOrAdmin(req: FastifyRequest, row: CertificateRow) {
  const me = signedIn(req).user;
  if (!me.isAdmin && row.holderId !== me.id) throw forbidden(CERTIFICATE_MESSAGES.notYours);
}

/** The certificate for its holder or an admin; another member gets 403. */
export async function readableCertificate(app: FastifyInstance, req: FastifyRequest, id: string) {
  const row = await findCertificate(app.db, id);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  assertHolderOrAdmin(req, row);
  return row;
}

/**
 * Issue 11: revocation sets the current copy's bit in the revocation list in the same
 * transaction, so the next request anywhere (page, JSON, status list) sees it; for good. The
 * holder finds it in their inbox (issue 15), and by mail when the admin asks for one.
 */
export async function revoke(
  app: FastifyInstance,
  tx: Tx,
  req: FastifyRequest,
  current: CertificateRow,
  { reason, notifyHolder }: { reason: string; notifyHolder: boolean },
  bulk = false,
) {
  const revoked = (await updateCertificate(tx, current.id, {
    revokedAt: app.clock.now(),
    revocationReason: reason,
  }))!;
  await app.credentials.settle(tx, revoked);
  const words = wordsFor(await languageOfAddress(tx, revoked.userEmail));
  if (revoked.holderId) {
    await app.inbox.add(tx, {
      userId: revoked.holderId,
      kind: 'revocation',
      title: words.t('inbox.revoked.title', { name: revoked.name }),
      message: words.t('inbox.revoked.message', { name: revoked.name, certificateNo: revoked.certificateNo, reason }),
      certificateId: revoked.id,
    });
  }
  await app.audit(tx, req, {
    action: 'certificate.revoke',
    targetType: 'certificate',
    targetId: revoked.id,
    details: { reason, notifyHolder, ...(bulk ? { bulk: true } : {}) },
  });
  if (notifyHolder) {
    const link = verificationUrl(app.config.appUrl, revoked.verificationId);
    await app.mail.enqueue(tx, revokedMail(words, revoked.userEmail, revoked, reason, link, app.config.supportEmail));
  }
  return revoked;
}
