import {
  bulkRenewalBody,
  bulkResult,
  bulkRevokeBody,
  bulkStatusBody,
  certificate,
  CERTIFICATE_MESSAGES,
  certificateBody,
  certificateEmailParams,
  certificateListQuery,
  certificatePdfQuery,
  certificateUpdateBody,
  credentialIdentifierBody,
  DATE_YEAR_RANGE,
  idParams,
  normalizeEmail,
  reinstateBody,
  revokeBody,
  selectionOf,
  toValidTill,
  TRASH_MESSAGES,
  WALLET_MESSAGES,
  WALLET_OFFER_MINUTES,
  walletOffer,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificates } from '../../db/schema';
import { evidenceOfCertificates } from '../recertification';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listRoute } from '../../lib/list-route';
import { assertVersion, CONDITIONAL_PUT, preconditionOf, withEtag } from '../../lib/preconditions';
import { requireStepUp, signedIn } from '../../plugins/auth';
import { type CertificateFacts, toCertificate, verificationUrl } from './certificate';
import { newCopyMail, reinstatedMail } from './mails';
import {
  addMonths,
  CERTIFICATE_TRASH_FIND,
  CERTIFICATE_TRASH_LABEL,
  certificateCsvColumns,
  certificateChoice,
  certificateJson,
  certificateSearch,
  type CertificateRow,
  findCertificateForUpdate,
  insertCertificate,
  listCertificates,
  numberTakenByOther,
  ownCertificatesPage,
  registryPage,
  updateCertificate,
} from './repository';
import {
  assertHolderOrAdmin,
  awardedOnOrRefuse,
  lockChosen,
  numberTaken,
  readableCertificate,
  revoke,
  saveEdit,
  snapshot,
} from './service';
import { verificationStatus } from './verification';
import { createWalletOffer } from './wallet-offers';
import { walletLinks } from './wallet-routes';
import { randomToken } from '../../lib/tokens';
import { addMinutes } from '../../lib/clock';
import { requestLanguage, wordsFor } from '../../lib/i18n';
import { languageOfAddress } from '../users';

/** A file name for a download: the certificate number, with anything unsafe replaced. */
const fileName = (row: CertificateRow, extension: string) =>
  `certificate-${row.certificateNo.replace(/[^A-Za-z0-9._-]+/g, '_')}.${extension}`;

export default async function certificateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const present = (row: CertificateFacts) => toCertificate(row, app.clock.now(), app.config.appUrl);

  /**
   * Decision 0037: when a change issues a new copy, the holder is told in their inbox and by mail
   * that the credential they may have downloaded no longer verifies, in the same transaction.
   */
  app.credentials.onNewCopy(async (tx, row) => {
    const words = wordsFor(await languageOfAddress(tx, row.userEmail));
    await app.inbox.add(tx, {
      userId: row.holderId!,
      kind: 'new-copy',
      title: words.t('inbox.newCopy.title', { name: row.name }),
      message: words.t('inbox.newCopy.message', { name: row.name, certificateNo: row.certificateNo }),
      certificateId: row.id,
    });
    await app.mail.enqueue(tx, newCopyMail(words, row.userEmail, row, `${app.config.appUrl}/admin/certificates`));
  });

  /**
   * Issue 16 (decision 0017): a deleted certificate waits in the trash with its document. Its
   * current copy is revoked (decision 0006: a credential handed out must not keep verifying), for
   * good (decision 0037): a restored certificate gets a new copy.
   */
  app.trash.define<CertificateRow>('certificate', {
    table: certificates,
    notFound: CERTIFICATE_MESSAGES.notFound,
    label: CERTIFICATE_TRASH_LABEL,
    find: CERTIFICATE_TRASH_FIND,
    search: certificateChoice,
    files: (row) => [row.downloadLink],
    dependentFiles: evidenceOfCertificates,
    snapshot,
    async trashed(tx, row) {
      await app.credentials.settle(tx, { ...row, deletedAt: app.clock.now() });
    },
    async conflict(tx, row) {
      return (await numberTakenByOther(tx, row.certificateNo, row.id)) ? TRASH_MESSAGES.numberTaken : undefined;
    },
    async restored(tx, row) {
      await app.credentials.settle(tx, { ...row, deletedAt: null });
    },
  });

  /** A certificate's answer as PostgreSQL writes it, for the lists read with their session. */
  const asJson = (field: Parameters<typeof certificateJson>[0], now: Parameters<typeof certificateJson>[1]) =>
    certificateJson(field, now, app.config.appUrl);

  /**
   * ARCHITECTURE §5: a member reads only their own certificates, those their account holds
   * (issue 11: by id, whatever e-mail they were filed under); an admin reads those filed under
   * any e-mail.
   */
  listRoute(app, {
    url: '/api/certificates/:userEmail',
    tags,
    params: certificateEmailParams,
    querystring: certificateListQuery,
    item: certificate,
    // The dashboard's read: the session and the member's own page in one statement (decision 0050).
    withSession: {
      page: app.sessions.page(
        'own_certificates_with_session',
        'member',
        (me) => ownCertificatesPage(app.db, me),
        asJson,
      ),
      answers: (req) => normalizeEmail(req.params.userEmail) === signedIn(req).user.email,
    },
    read: (db, query, req) => {
      const userEmail = normalizeEmail(req.params.userEmail);
      const me = signedIn(req).user;
      if (!me.isAdmin && userEmail !== me.email) throw forbidden(CERTIFICATE_MESSAGES.notYours);
      const owner = userEmail === me.email ? { holderId: me.id } : { userEmail };
      return listCertificates(db, query, { now: app.clock.now(), owner, defaultSort: 'validTill' });
    },
    toItems: (rows) => rows.map(present),
  });

  listRoute(app, {
    url: '/api/certificates',
    tags,
    querystring: certificateListQuery,
    item: certificate,
    withSession: {
      page: app.sessions.page('certificates_registry_with_session', 'admin', () => registryPage(app.db), asJson),
    },
    read: (db, query) => listCertificates(db, query, { now: app.clock.now(), defaultSort: 'createdAt' }),
    toItems: (rows) => rows.map(present),
    // Issue 16: the whole list as CSV, in the columns an import reads back (plus the record's facts).
    export: {
      name: 'certificates',
      action: 'certificate.export',
      query: (query) => ({
        table: certificates,
        columns: certificateCsvColumns(app.config.appUrl),
        ...certificateSearch(query, { now: app.clock.now(), defaultSort: 'createdAt' }),
      }),
    },
  });

  app.post(
    '/api/certificates',
    { schema: { tags, body: certificateBody, response: { 201: certificate } } },
    async (req, reply) => {
      const now = app.clock.now();
      const userEmail = normalizeEmail(req.body.userEmail);
      const validTill = toValidTill(req.body.validTill);
      // Issue 31: today unless the request names the day it was awarded.
      const awardedOn = awardedOnOrRefuse(req.body.awardedOn, undefined, validTill, now);
      const created = await app.db
        .transaction(async (tx) => {
          // A downloadLink must name an uploaded document; it is marked attached in this transaction.
          await app.files.attach(tx, [req.body.downloadLink], { kinds: ['document'] });
          // Issued to a member's address, it is theirs at once (issue 11).
          const holder = await app.registry.holderFor(tx, userEmail);
          const row = await insertCertificate(tx, {
            ...req.body,
            userEmail,
            validTill,
            awardedOn,
            holderName: req.body.holderName || holder?.name || '',
            holderId: holder?.id ?? null,
            claimedAt: holder ? now : null,
            suspendedAt: req.body.status === 'Inactive' ? now : null,
            createdAt: now,
          });
          await app.credentials.settle(tx, row);
          await app.audit(tx, req, {
            action: 'certificate.create',
            targetType: 'certificate',
            targetId: row.id,
            details: { after: snapshot(row) },
          });
          return row;
        })
        .catch(numberTaken);
      // Issued inside a reminder window: its reminder goes out now, not at the next run.
      app.reminders.kick();
      return reply.status(201).send(withEtag(reply, present(created)));
    },
  );

  app.put(
    '/api/certificates/:id',
    {
      schema: {
        tags,
        description: CONDITIONAL_PUT.description,
        params: idParams,
        body: certificateUpdateBody,
        response: { 200: certificate, ...CONDITIONAL_PUT.conflict },
      },
    },
    async (req, reply) => {
      const now = app.clock.now();
      const { version, ...body } = req.body;
      const precondition = preconditionOf(req, version);
      const userEmail = normalizeEmail(body.userEmail);
      const { before, after } = await app.db
        .transaction(async (tx) => {
          const current = await findCertificateForUpdate(tx, req.params.id);
          if (!current) throw notFound(CERTIFICATE_MESSAGES.notFound);
          // Issue 16: a stale edit changes nothing (412 with the certificate as it is now).
          assertVersion(precondition, current, present);
          const validTill = toValidTill(body.validTill);
          // Issue 31: left out, or naming the day it has, the award date stays as it is.
          const awardedOn = awardedOnOrRefuse(body.awardedOn, current, validTill, now);
          if (body.downloadLink && body.downloadLink !== current.downloadLink) {
            await app.files.attach(tx, [body.downloadLink], { kinds: ['document'] });
          }
          // Filed under another e-mail, it goes to that address's account, or waits to be claimed.
          const moved = userEmail !== current.userEmail;
          const holder = moved ? await app.registry.holderFor(tx, userEmail) : undefined;
          const row = await saveEdit(
            app,
            tx,
            req,
            current,
            {
              ...body,
              userEmail,
              validTill,
              awardedOn,
              holderName: body.holderName || (moved ? holder?.name : current.holderName) || '',
              ...(moved ? { holderId: holder?.id ?? null, claimedAt: holder ? now : null } : {}),
              suspendedAt:
                body.status === 'Inactive' ? (current.status === 'Inactive' ? current.suspendedAt : now) : null,
            },
            (after) => ({ before: snapshot(current), after: snapshot(after) }),
          );
          return { before: current, after: row };
        })
        .catch(numberTaken);
      if (before.validTill.getTime() !== after.validTill.getTime() || before.status !== after.status) {
        app.reminders.kick();
      }
      // The replaced document belongs to no record any more.
      if (before.downloadLink && before.downloadLink !== after.downloadLink) {
        await app.files.release([before.downloadLink]);
      }
      return withEtag(reply, present(after));
    },
  );

  /**
   * Issue 15: renew many certificates at once, in one transaction: each gets its new validTill,
   * a re-signed credential and its own audit row; a missing id changes nothing (404).
   */
  app.post(
    '/api/certificates/bulk-renew',
    { schema: { tags, body: bulkRenewalBody, response: { 200: bulkResult } } },
    async (req) => {
      const { validTill, extendMonths } = req.body;
      const count = await app.db.transaction(async (tx) => {
        const rows = await lockChosen(app, tx, selectionOf(req.body));
        for (const current of rows) {
          // Issue 31: a renewal moves the end of a certificate, never the day it was awarded.
          const next = validTill !== undefined ? toValidTill(validTill) : addMonths(current.validTill, extendMonths!);
          // Every date stays within the years the API takes (issue 12, L3).
          if (next.getUTCFullYear() > DATE_YEAR_RANGE.max) {
            throw badRequest(`${current.certificateNo} would be valid past the year ${DATE_YEAR_RANGE.max}.`);
          }
          await saveEdit(
            app,
            tx,
            req,
            current,
            { validTill: next },
            (row) => ({
              before: { validTill: current.validTill.toISOString() },
              after: { validTill: row.validTill.toISOString() },
              bulk: true,
            }),
            'certificate.renew',
          );
        }
        return rows.length;
      });
      app.reminders.kick();
      return { count, message: `${count} ${count === 1 ? 'certificate' : 'certificates'} renewed` };
    },
  );

  /**
   * Issue 16: Active or Inactive for many certificates, in one transaction; each one changed is
   * edited as the dialog's save edits it (suspension bit, re-signed credential, its audit row).
   */
  app.post(
    '/api/certificates/bulk-status',
    { schema: { tags, body: bulkStatusBody, response: { 200: bulkResult } } },
    async (req) => {
      // Issue 30 (F10): suspending many at once is as sensitive as deleting them.
      requireStepUp(req);
      const { status } = req.body;
      const now = app.clock.now();
      const count = await app.db.transaction(async (tx) => {
        const rows = await lockChosen(app, tx, selectionOf(req.body));
        const changing = rows.filter((row) => row.status !== status);
        for (const current of changing) {
          await saveEdit(app, tx, req, current, { status, suspendedAt: status === 'Inactive' ? now : null }, (row) => ({
            before: { status: current.status },
            after: { status: row.status },
            bulk: true,
          }));
        }
        return changing.length;
      });
      if (count) app.reminders.kick();
      return { count, message: `${count} ${count === 1 ? 'certificate' : 'certificates'} set to ${status}` };
    },
  );

  app.delete(
    '/api/certificates/:id',
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      // To the trash (decision 0017): its revocation bit is set there, its document kept.
      await app.db.transaction((tx) => app.trash.move(tx, req, 'certificate', { ids: [req.params.id] }));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/certificates/:id/revoke',
    { schema: { tags, params: idParams, body: revokeBody, response: { 200: certificate } } },
    async (req, reply) => {
      const row = await app.db.transaction(async (tx) => {
        const current = await findCertificateForUpdate(tx, req.params.id);
        if (!current) throw notFound(CERTIFICATE_MESSAGES.notFound);
        if (current.revokedAt) throw conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
        return revoke(app, tx, req, current, req.body);
      });
      if (req.body.notifyHolder) app.mail.kick();
      return withEtag(reply, present(row));
    },
  );

  /**
   * Issue 35: many certificates revoked at once, in one transaction, each as the route above
   * revokes one (with the one reason); those already revoked are left as they are. Like a bulk
   * suspension (issue 30, F10), it needs a fresh second factor.
   */
  app.post(
    '/api/certificates/bulk-revoke',
    { schema: { tags, body: bulkRevokeBody, response: { 200: bulkResult } } },
    async (req) => {
      requireStepUp(req);
      const count = await app.db.transaction(async (tx) => {
        const rows = await lockChosen(app, tx, selectionOf(req.body));
        const revoking = rows.filter((row) => !row.revokedAt);
        for (const current of revoking) await revoke(app, tx, req, current, req.body, true);
        return revoking.length;
      });
      if (count && req.body.notifyHolder) app.mail.kick();
      return { count, message: `${count} ${count === 1 ? 'certificate' : 'certificates'} revoked` };
    },
  );

  app.post(
    '/api/certificates/:id/reinstate',
    { schema: { tags, params: idParams, body: reinstateBody, response: { 200: certificate } } },
    async (req, reply) => {
      const row = await app.db.transaction(async (tx) => {
        const current = await findCertificateForUpdate(tx, req.params.id);
        if (!current) throw notFound(CERTIFICATE_MESSAGES.notFound);
        if (!current.revokedAt) throw conflict(CERTIFICATE_MESSAGES.notRevoked);
        const reinstated = (await updateCertificate(tx, current.id, { revokedAt: null, revocationReason: null }))!;
        // The revoked copy stays revoked (decision 0037): the reinstated certificate gets a new one.
        await app.credentials.settle(tx, reinstated);
        await app.audit(tx, req, {
          action: 'certificate.reinstate',
          targetType: 'certificate',
          targetId: reinstated.id,
          details: {
            revokedAt: current.revokedAt.toISOString(),
            reason: current.revocationReason,
            notifyHolder: req.body.notifyHolder,
          },
        });
        if (req.body.notifyHolder) {
          const link = verificationUrl(app.config.appUrl, reinstated.verificationId);
          const words = wordsFor(await languageOfAddress(tx, reinstated.userEmail));
          await app.mail.enqueue(tx, reinstatedMail(words, reinstated.userEmail, reinstated, link));
        }
        return reinstated;
      });
      if (req.body.notifyHolder) app.mail.kick();
      return withEtag(reply, present(row));
    },
  );

  /** Issue 11: a printable certificate with its verification link and QR code. */
  app.get(
    '/api/certificates/:id/pdf',
    { schema: { tags, params: idParams, querystring: certificatePdfQuery } },
    async (req, reply) => {
      const row = await readableCertificate(app, req, req.params.id);
      // pdf-lib and the fonts load on the first PDF asked for, not at start.
      const { pdfLanguage, renderCertificatePdf } = await import('./pdf');
      // Issue 34: a member's own certificate in their profile's language; another's (an admin's
      // download) in the request's (`?lang=`, the `lang` cookie, Accept-Language).
      const me = signedIn(req).user;
      const language = pdfLanguage(row.holderId === me.id ? me.language : requestLanguage(req));
      const pdf = await renderCertificatePdf(
        {
          boardName: app.config.boardName,
          productName: app.config.productName,
          boardUrl: app.config.boardUrl,
          holderName: row.holderName,
          credentialName: row.name,
          certificateNo: row.certificateNo,
          // Issue 31: the day it was awarded, not the day its record was made.
          issuedOn: row.awardedOn,
          validTill: row.validTill,
          verificationUrl: verificationUrl(app.config.appUrl, row.verificationId),
          status: verificationStatus(row, app.clock.now()).status,
        },
        req.query.size,
        language,
      );
      return reply
        .type('application/pdf')
        .header('content-language', language)
        .header('vary', 'accept-language, cookie')
        .header('content-disposition', `attachment; filename="${fileName(row, 'pdf')}"`)
        .send(Buffer.from(pdf));
    },
  );

  /**
   * Finding F15 (decision 0063): what the credential names its holder by, the certificate number
   * (the default) or a salted hash of the e-mail. The holder's choice, which an admin may make for
   * them; a new copy of the credential is issued in the same transaction. The same choice changes nothing.
   */
  app.put(
    '/api/certificates/:id/identifier',
    { schema: { tags, params: idParams, body: credentialIdentifierBody, response: { 200: certificate } } },
    async (req, reply) => {
      const identifyByEmail = req.body.kind === 'email';
      const row = await app.db.transaction(async (tx) => {
        const current = await findCertificateForUpdate(tx, req.params.id);
        if (!current) throw notFound(CERTIFICATE_MESSAGES.notFound);
        assertHolderOrAdmin(req, current);
        if (current.identifyByEmail === identifyByEmail) return current;
        const changed = (await updateCertificate(tx, current.id, { identifyByEmail }))!;
        // A new copy (decision 0037); the holder who chose it needs no mail to say so.
        await app.credentials.settle(tx, changed, { quiet: changed.holderId === signedIn(req).user.id });
        await app.audit(tx, req, {
          action: 'certificate.identifier',
          targetType: 'certificate',
          targetId: changed.id,
          details: { before: current.identifyByEmail ? 'email' : 'certificateNo', after: req.body.kind },
        });
        return changed;
      });
      return withEtag(reply, present(row));
    },
  );

  /**
   * Issue 11: the signed Open Badges 3.0 credential, as stored when the certificate last changed
   * (signed now only for a row loaded with SQL since the start, which signs every row that has none).
   * Issue 31: typed application/vc, the media type of a verifiable credential (VC Data Model 2.0
   * §6.2, registered in §C.1; its proof is embedded), in a file still named .json for the holder.
   */
  app.get('/api/certificates/:id/credential', { schema: { tags, params: idParams } }, async (req, reply) => {
    const row = await readableCertificate(app, req, req.params.id);
    const credential = row.credential ?? (await app.credentials.currentCredential(row.id));
    return reply
      .type('application/vc')
      .header('content-disposition', `attachment; filename="${fileName(row, 'json')}"`)
      .send(JSON.stringify(credential, null, 2));
  });

  /**
   * Issue 31 (decision 0042): the holder's offer of their credential to a wallet, each path good
   * for ten minutes and one wallet. Only an active certificate is offered: a revoked, suspended or
   * lapsed one's copy would not verify in the wallet.
   */
  app.post(
    '/api/certificates/:id/wallet-offer',
    { schema: { tags, params: idParams, response: { 201: walletOffer } } },
    async (req, reply) => {
      const row = await readableCertificate(app, req, req.params.id);
      const now = app.clock.now();
      if (verificationStatus(row, now).status !== 'Active') throw conflict(WALLET_MESSAGES.notActive);
      const offer = { certificateId: row.id, createdBy: signedIn(req).user.id, now };
      const secrets = await app.db.transaction(async (tx) => ({
        url: (await createWalletOffer(tx, { ...offer, kind: 'credential-url' })).token,
        exchange: (await createWalletOffer(tx, { ...offer, kind: 'exchange', challenge: randomToken() })).token,
        preAuthorizedCode: (await createWalletOffer(tx, { ...offer, kind: 'pre-authorized-code' })).token,
      }));
      return reply.status(201).send({
        ...walletLinks(app.config.appUrl, secrets),
        expiresAt: addMinutes(now, WALLET_OFFER_MINUTES).toISOString(),
      });
    },
  );
}
