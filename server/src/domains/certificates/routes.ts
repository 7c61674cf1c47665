import {
  certificate,
  CERTIFICATE_MESSAGES,
  certificateBody,
  certificateEmailParams,
  certificateListQuery,
  idParams,
  normalizeEmail,
  TOTAL_COUNT_HEADER,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors';
import { toCertificate } from '../../lib/serialize';
import {
  type CertificateRow,
  deleteCertificate,
  findCertificate,
  insertCertificate,
  isReferenced,
  listCertificates,
  toValidTill,
  updateCertificate,
} from './repository';

/** What an audit row keeps of a certificate (the stored status, never the derived one). */
const snapshot = (row: CertificateRow) => ({
  userEmail: row.userEmail,
  certificateNo: row.certificateNo,
  name: row.name,
  status: row.status,
  validTill: row.validTill.toISOString(),
  downloadLink: row.downloadLink,
});

export default async function certificateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const list = z.array(certificate);

  /** ARCHITECTURE §5: a member reads only their own certificates; admins anyone's. */
  app.get(
    '/api/certificates/:userEmail',
    { schema: { tags, params: certificateEmailParams, querystring: certificateListQuery, response: { 200: list } } },
    async (req, reply) => {
      const userEmail = normalizeEmail(req.params.userEmail);
      const me = req.auth!.user;
      if (!me.isAdmin && userEmail !== me.email) throw forbidden(CERTIFICATE_MESSAGES.notYours);
      const now = app.clock.now();
      const { rows, total } = await listCertificates(app.db, req.query, { now, userEmail, defaultSort: 'validTill' });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((row) => toCertificate(row, now));
    },
  );

  app.get(
    '/api/certificates',
    { schema: { tags, querystring: certificateListQuery, response: { 200: list } } },
    async (req, reply) => {
      const now = app.clock.now();
      const { rows, total } = await listCertificates(app.db, req.query, { now, defaultSort: 'createdAt' });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((row) => toCertificate(row, now));
    },
  );

  app.post(
    '/api/certificates',
    { schema: { tags, body: certificateBody, response: { 201: certificate } } },
    async (req, reply) => {
      const now = app.clock.now();
      const values = {
        ...req.body,
        userEmail: normalizeEmail(req.body.userEmail),
        validTill: toValidTill(req.body.validTill),
      };
      const created = await app.db.transaction(async (tx) => {
        // A downloadLink must name an uploaded document; it is marked attached in this transaction.
        await app.files.attach(tx, [values.downloadLink], { kinds: ['document'] });
        const row = await insertCertificate(tx, { ...values, createdAt: now });
        await app.audit(tx, req, {
          action: 'certificate.create',
          targetType: 'certificate',
          targetId: row.id,
          details: { after: snapshot(row) },
        });
        return row;
      });
      return reply.status(201).send(toCertificate(created, now));
    },
  );

  app.put(
    '/api/certificates/:id',
    { schema: { tags, params: idParams, body: certificateBody, response: { 200: certificate } } },
    async (req) => {
      const values = {
        ...req.body,
        userEmail: normalizeEmail(req.body.userEmail),
        validTill: toValidTill(req.body.validTill),
      };
      const { before, after } = await app.db.transaction(async (tx) => {
        const current = await findCertificate(tx, req.params.id);
        if (!current) throw notFound(CERTIFICATE_MESSAGES.notFound);
        if (values.downloadLink && values.downloadLink !== current.downloadLink) {
          await app.files.attach(tx, [values.downloadLink], { kinds: ['document'] });
        }
        const row = (await updateCertificate(tx, current.id, values))!;
        await app.audit(tx, req, {
          action: 'certificate.update',
          targetType: 'certificate',
          targetId: row.id,
          details: { before: snapshot(current), after: snapshot(row) },
        });
        return { before: current, after: row };
      });
      // The replaced document belongs to no record any more.
      if (before.downloadLink && before.downloadLink !== after.downloadLink) {
        await removeQuietly(app, before.downloadLink);
      }
      return toCertificate(after, app.clock.now());
    },
  );

  app.delete(
    '/api/certificates/:id',
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const removed = await app.db.transaction(async (tx) => {
        const row = await deleteCertificate(tx, req.params.id);
        if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
        await app.audit(tx, req, {
          action: 'certificate.delete',
          targetType: 'certificate',
          targetId: row.id,
          details: { before: snapshot(row) },
        });
        return row;
      });
      if (removed.downloadLink) await removeQuietly(app, removed.downloadLink);
      return reply.status(204).send(null);
    },
  );
}

/**
 * Removing a file runs after the record's transaction has committed, so a rolled-back change
 * never loses its file; a failure here must not turn a done change into an error, so it is
 * logged (with the URL, for a hand clean-up) instead.
 */
async function removeQuietly(app: FastifyInstance, url: string) {
  try {
    // The same upload may back another certificate (an admin reusing a document): keep it then.
    if (await isReferenced(app.db, url)) return;
    await app.files.remove([url]);
  } catch (err) {
    app.log.error({ err, url }, 'could not remove a file no record refers to any more');
  }
}
