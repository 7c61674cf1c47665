import crypto from 'node:crypto';
import {
  CERTIFICATE_MESSAGES,
  errorBody,
  statusListParams,
  VERIFICATION_ID_PATTERN,
  verification,
  verificationParams,
  type Verification,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verificationUrl } from '../../lib/serialize';
import { addVerificationViews, credentialWithDigest, verificationLookup, type VerifiedRow } from './repository';
import { credentialMatches, verificationStatus } from './verification';
import { renderNotFoundPage, renderVerificationPage } from './verify-page';

interface Signature {
  valid: boolean;
  signedAt: string | null;
}

/** How often counted page views are written (they are counted in memory in between). */
const VIEW_FLUSH_MS = 5_000;

/**
 * Issue 11: anyone can check a certificate, without an account. The public page and its JSON
 * show the minimum (board, holder's name, credential, number, dates, status, signature) and never
 * an e-mail, a phone number or another field. The DID document and the signed status lists let
 * any Verifiable Credentials verifier check a downloaded credential without us.
 */
async function verifyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];
  const board = { name: app.config.boardName, url: app.config.boardUrl, logoUrl: `${app.config.appUrl}/favicon.svg` };
  // Both routes are limited per client address; a verifier checking a handful never meets it.
  // The counter is kept under a keyed hash of the address, so that no visitor's address is
  // stored, not even for the minute a window lasts (issue 11).
  const visitor = (req: FastifyRequest) =>
    crypto.createHmac('sha256', app.keys.visitorHmac).update(req.ip).digest('base64url').slice(0, 22);
  const limited = {
    config: { rateLimit: { max: app.config.verifyRateLimit, timeWindow: 60_000, keyGenerator: visitor } },
  };

  /**
   * Views are counted per certificate and nothing else is kept (no address, no visitor data).
   * They are added up in memory and written every few seconds, so a popular page costs no
   * write per view (and no lock on its row); a crash loses at most those seconds of counts.
   */
  const views = new Map<string, number>();
  async function flush() {
    if (views.size === 0) return;
    const batch = new Map(views);
    views.clear();
    try {
      await addVerificationViews(app.db, batch);
    } catch (err) {
      for (const [id, n] of batch) views.set(id, (views.get(id) ?? 0) + n);
      app.log.warn({ err }, 'could not write verification page views; they are kept for the next try');
    }
  }
  const timer = setInterval(() => void flush(), VIEW_FLUSH_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  app.decorate('verificationViews', { flush });

  const findRow = verificationLookup(app.db);

  /**
   * One indexed read for a known id, an unknown one and a malformed one alike (a malformed id is
   * looked up as an id no row has), so the answer's timing does not tell them apart.
   */
  async function lookup(verificationId: string): Promise<Verification | undefined> {
    const row = await findRow(VERIFICATION_ID_PATTERN.test(verificationId) ? verificationId : '');
    if (!row) return undefined;
    views.set(row.id, (views.get(row.id) ?? 0) + 1);
    return toVerification(row);
  }

  /**
   * Whether a stored credential is the record's and its proof holds, kept per credential digest
   * and record facts: a view reads neither the credential nor checks its proof again, until the
   * credential or a fact it carries changes (both are in the key).
   */
  const checked = new Map<string, Signature>();
  async function signature(row: VerifiedRow, url: string): Promise<Signature> {
    const facts = [
      row.credentialDigest,
      url,
      row.validTill.toISOString(),
      row.awardedOn.toISOString(),
      row.name,
      row.certificateNo,
      row.holderName,
    ];
    const key = JSON.stringify(facts);
    const known = row.credentialDigest === null ? undefined : checked.get(key);
    if (known) return known;
    // Signed at start (credentials.signUnsigned); only a row loaded with SQL since then is signed
    // here, once, on its first check.
    const stored = row.credentialDigest === null ? undefined : await credentialWithDigest(app.db, row.id);
    const credential =
      stored?.credential ?? (await app.db.transaction((tx) => app.credentials.signCertificate(tx, row.id, row)));
    const valid = credentialMatches(credential, row, url) && (await app.credentials.verifySignature(credential));
    const result = { valid, signedAt: (credential.proof as { created?: string } | undefined)?.created ?? null };
    // Kept under the digest of the credential just checked (it may have changed since the row was read).
    if (stored?.credentialDigest) {
      if (checked.size >= 10_000) checked.delete(checked.keys().next().value!);
      checked.set(JSON.stringify([stored.credentialDigest, ...facts.slice(1)]), result);
    }
    return result;
  }

  async function toVerification(row: VerifiedRow): Promise<Verification> {
    const url = verificationUrl(app.config.appUrl, row.verificationId);
    const { valid, signedAt } = await signature(row, url);
    const { status, since } = verificationStatus(row, app.clock.now());
    return {
      verificationId: row.verificationId,
      board,
      holderName: row.holderName,
      credentialName: row.name,
      certificateNo: row.certificateNo,
      // Issue 31: "Issued" is the day the board awarded it, not the day its record was made.
      issuedOn: row.awardedOn.toISOString(),
      validTill: row.validTill.toISOString(),
      status,
      statusSince: since?.toISOString() ?? null,
      signature: { valid, issuer: app.credentials.did, signedAt },
    };
  }

  app.get(
    '/verify/:verificationId',
    { schema: { hide: true, params: verificationParams }, ...limited },
    async (req, reply) => {
      const found = await lookup(req.params.verificationId);
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      if (!found) return reply.status(404).send(renderNotFoundPage(board));
      return reply.send(renderVerificationPage(found, verificationUrl(app.config.appUrl, found.verificationId)));
    },
  );

  app.get(
    '/api/verify/:verificationId',
    { schema: { tags, params: verificationParams, response: { 200: verification, 404: errorBody } }, ...limited },
    async (req, reply) => {
      const found = await lookup(req.params.verificationId);
      reply.header('x-robots-tag', 'noindex, nofollow');
      if (!found) return reply.status(404).send({ message: CERTIFICATE_MESSAGES.notFound });
      return found;
    },
  );

  /** W3C Bitstring Status List v1.0: the signed BitstringStatusListCredential of one list. */
  app.get(
    '/api/status-lists/:purpose/:list',
    {
      schema: { tags, params: statusListParams, response: { 200: z.record(z.string(), z.unknown()), 404: errorBody } },
      ...limited,
    },
    async (req, reply) => {
      const credential = await app.credentials.statusListCredential(req.params.list, req.params.purpose);
      if (!credential) return reply.status(404).send({ message: 'Status list not found' });
      // Verifiers must see a flip from the next request on (issue 11).
      reply.header('cache-control', 'no-cache');
      return credential;
    },
  );

  /** did:web resolution (W3C CCG DID Method Web §3.2): every key the portal ever signed with. */
  app.get('/.well-known/did.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache').type('application/did+json');
    return JSON.stringify(await app.credentials.didDocument());
  });
}

export default fp(verifyRoutes, { name: 'verification', dependencies: ['credentials'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the verification page views counted since the last write (tests call it). */
    verificationViews: { flush(): Promise<void> };
  }
}
