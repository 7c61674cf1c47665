import {
  CERTIFICATE_MESSAGES,
  credentialVersionParams,
  errorBody,
  type Language,
  LANGUAGES,
  VERIFICATION_ID_PATTERN,
  verificationAnswer,
  verificationParams,
  type Verification,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_CONTROL, perVisitorMinute, preflight, readableByAnyOrigin } from '../../lib/cross-origin';
import { requestLanguage, wordsFor } from '../../lib/i18n';
import { lazy } from '../../lib/lazy';
import { sendTagged } from '../../lib/preconditions';
import { statesRecord } from '../credentials';
import { verificationUrl } from './certificate';
import {
  addVerificationViews,
  credentialWithDigest,
  findCopy,
  verificationLookup,
  type VerifiedRow,
} from './repository';
import { renewalInProgress } from '../recertification';
import { type CheckedCredential, readCredential, verificationChecks, verificationStatus } from './verification';
import { renderNotFoundPage, renderSupersededPage, renderVerificationPage, statusLine, verdict } from './verify-page';

/** The preview image's renderer (sharp, fonts): loaded by the first preview asked for, not at start. */
const loadPreview = lazy('certificate-preview', () => import('./preview'));

/** How often counted page views are written (they are counted in memory in between). */
const VIEW_FLUSH_MS = 5_000;

/**
 * Issue 11: anyone can check a certificate, without an account. The public page and its JSON
 * show the minimum (board, holder's name, credential, number, dates, status, signature; issue 31:
 * the credential's signed words and each check made) and never the holder's e-mail, a phone number
 * or another field. The DID document and the signed status lists let any Verifiable Credentials
 * verifier check a downloaded credential without us.
 */
async function verifyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];
  const board: Verification['board'] = {
    name: app.config.boardName,
    url: app.config.boardUrl,
    logoUrl: app.config.boardLogoUrl,
    contactEmail: app.config.boardContactEmail,
  };
  // The page and its JSON are limited per client address; a verifier checking a handful never
  // meets it.
  const limited = perVisitorMinute(app.keys.visitorHmac, app.config.verifyRateLimit);

  // Issue 31 (decision 0035): the JSON of a verification may be read by a page of any origin, and
  // answers its preflight (as the credentials' status lists and DID document do); nothing else here does.
  app.options('/api/verify/:verificationId', { schema: { hide: true } }, preflight);

  /**
   * Views are counted per certificate and nothing else is kept (no address, no visitor data).
   * They are added up in memory and written every few seconds, so a popular page costs no
   * write per view (and no lock on its row); a crash loses at most those seconds of counts.
   */
  const views = new Map<string, number>();
  /** One write at a time: a flush asked for while another is writing waits for it, then writes what is left. */
  let writing = Promise.resolve();
  const flush = () => (writing = writing.then(write));
  async function write() {
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
   * looked up as an id no row has), so the answer's timing does not tell them apart. A view of the
   * page or its JSON counts for the holder; the preview image (fetched by link previews) does not.
   */
  async function lookup(verificationId: string, { countView = true } = {}): Promise<Verification | undefined> {
    const row = await findRow(VERIFICATION_ID_PATTERN.test(verificationId) ? verificationId : '');
    if (!row) return undefined;
    if (countView) views.set(row.id, (views.get(row.id) ?? 0) + 1);
    return toVerification(row);
  }

  /**
   * Whether a stored credential is the record's and its proof holds, kept per credential digest
   * and record facts: a view reads neither the credential nor checks its proof again, until the
   * credential or a fact it carries changes (both are in the key).
   */
  const checked = new Map<string, CheckedCredential>();
  async function checkCredential(row: VerifiedRow): Promise<CheckedCredential> {
    const facts = [
      row.credentialDigest,
      row.copyId,
      row.validTill.toISOString(),
      row.awardedOn.toISOString(),
      row.name,
      row.certificateNo,
      row.holderName,
      row.userEmail,
      row.identifyByEmail,
    ];
    const key = JSON.stringify(facts);
    const known = row.credentialDigest === null ? undefined : checked.get(key);
    if (known) return known;
    // Signed at start (credentials.signUnsigned); only a row loaded with SQL since then is signed
    // here, once, on its first check.
    const stored = row.credentialDigest === null ? undefined : await credentialWithDigest(app.db, row.id);
    const credential = stored?.credential ?? (await app.credentials.currentCredential(row.id));
    const valid =
      !!credential &&
      statesRecord(credential, row, stored ? (row.copyId ?? '') : String(credential.id)) &&
      (await app.credentials.verifySignature(credential));
    const result = { ...readCredential(credential, app.credentials.did), valid };
    // Kept under the digest of the credential just checked (it may have changed since the row was read).
    if (stored?.credentialDigest) {
      if (checked.size >= 10_000) checked.delete(checked.keys().next().value!);
      checked.set(JSON.stringify([stored.credentialDigest, ...facts.slice(1)]), result);
    }
    return result;
  }

  async function toVerification(row: VerifiedRow): Promise<Verification> {
    const credential = await checkCredential(row);
    // One reading of the clock for the status, the checks and the time they were made at.
    const now = app.clock.now();
    const { status, since } = verificationStatus(row, now);
    return {
      verificationId: row.verificationId,
      board,
      holderName: row.holderName,
      credentialName: row.name,
      // Issue 31: the words of the signed credential, so that the page says what the board signed;
      // a credential that does not check out is nobody's word.
      description: credential.valid ? credential.description : null,
      criteria: credential.valid ? credential.criteria : null,
      certificateNo: row.certificateNo,
      // Issue 31: "Issued" is the day the board awarded it, not the day its record was made.
      issuedOn: row.awardedOn.toISOString(),
      validTill: row.validTill.toISOString(),
      status,
      statusSince: since?.toISOString() ?? null,
      renewalInProgress: status === 'Expired' && (await renewalInProgress(app.db, row, now)),
      checks: verificationChecks(row, credential, now),
      checkedAt: now.toISOString(),
      signature: {
        valid: credential.valid,
        issuer: app.credentials.did,
        signedAt: credential.signedAt,
        cryptosuite: credential.cryptosuite,
        credentialId: credential.credentialId,
        statusListCredential: credential.statusListCredential,
      },
    };
  }

  /**
   * Issue 34: the page in the reader's language (`?lang=`, the `lang` cookie, Accept-Language),
   * said in Content-Language; caches keep one copy per language asked for.
   */
  const readersWords = (req: FastifyRequest, reply: FastifyReply) => {
    const words = wordsFor(requestLanguage(req));
    reply.header('content-language', words.language).header('vary', 'accept-language, cookie');
    return words;
  };

  /**
   * The addresses the page links to (all absolute: the page may be read saved, or in a preview).
   * Issue 34: the picture of a page in another language than English is in that language too,
   * whoever fetches it (a chat's crawler sends no cookie, and its own Accept-Language).
   */
  const linksOf = (verificationId: string, language: Language) => {
    const page = verificationUrl(app.config.appUrl, verificationId);
    return {
      page,
      preview: `${page}/preview.png${language === 'en' ? '' : `?lang=${language}`}`,
      json: `${app.config.appUrl}/api/verify/${encodeURIComponent(verificationId)}`,
      didDocument: `${app.config.appUrl}/.well-known/did.json`,
      // Issue 31: the holder's own certificates, where the wallet offer for this one opens.
      wallet: `${app.config.appUrl}/admin/certificates?wallet=${encodeURIComponent(verificationId)}`,
    };
  };

  app.get(
    '/verify/:verificationId',
    { schema: { hide: true, params: verificationParams }, ...limited },
    async (req, reply) => {
      const found = await lookup(req.params.verificationId);
      const words = readersWords(req, reply);
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      if (!found) return reply.status(404).send(renderNotFoundPage(board, words));
      return reply.send(renderVerificationPage(found, linksOf(found.verificationId, words.language), words));
    },
  );

  /**
   * Issue 31: the picture a link preview shows (Open Graph `og:image`, 1200 × 630): the status, the
   * holder's name, the credential and the board, nothing the page does not show. Rendered from
   * the same answer as the page, so it can show no more. Cached and revalidated as the status
   * lists are (decision 0035): a strong ETag of the bytes, five minutes; not compressed (PNG is).
   * Any site may show it (`Cross-Origin-Resource-Policy: cross-origin`): it is made to be shared.
   */
  app.get(
    '/verify/:verificationId/preview.png',
    { schema: { hide: true, params: verificationParams }, compress: false, ...limited },
    async (req, reply) => {
      const found = await lookup(req.params.verificationId, { countView: false });
      reply.header('x-robots-tag', 'noindex, nofollow');
      if (!found) return reply.status(404).send({ message: CERTIFICATE_MESSAGES.notFound });
      const { previewPng } = await loadPreview();
      // Issue 34: in the reader's language, as the page; caches keep one picture per language.
      const words = readersWords(req, reply);
      const png = await previewPng(found, new URL(app.config.appUrl).host, words);
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cross-origin-resource-policy', 'cross-origin');
      return sendTagged(req, reply, png, 'image/png');
    },
  );

  /**
   * Decision 0037: a copy's credential `id` is its own page. The current copy's is the
   * certificate's page; an earlier one says it was superseded and leads to the current one.
   */
  app.get(
    '/verify/:verificationId/versions/:number',
    { schema: { hide: true, params: credentialVersionParams }, ...limited },
    async (req, reply) => {
      const row = await findRow(
        VERIFICATION_ID_PATTERN.test(req.params.verificationId) ? req.params.verificationId : '',
      );
      const copy = row ? await findCopy(app.db, row.id, req.params.number) : undefined;
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-cache');
      const words = readersWords(req, reply);
      const page = verificationUrl(app.config.appUrl, req.params.verificationId);
      if (!row || !copy) {
        return reply.status(404).type('text/html; charset=utf-8').send(renderNotFoundPage(board, words));
      }
      if (copy.credentialId === row.copyId) return reply.redirect(page, 303);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          renderSupersededPage(
            board,
            { credentialName: row.name, number: copy.number, revokedAt: copy.revokedAt?.toISOString() ?? null },
            page,
            words,
          ),
        );
    },
  );

  app.get(
    '/api/verify/:verificationId',
    {
      schema: { tags, params: verificationParams, response: { 200: verificationAnswer, 404: errorBody } },
      onSend: readableByAnyOrigin(['Retry-After']),
      ...limited,
    },
    async (req, reply) => {
      const found = await lookup(req.params.verificationId);
      const words = readersWords(req, reply);
      reply.header('x-robots-tag', 'noindex, nofollow');
      if (!found) return reply.status(404).send({ message: CERTIFICATE_MESSAGES.notFound });
      return {
        ...found,
        language: words.language,
        languages: [...LANGUAGES],
        headline: verdict(found, words).headline,
        statusText: statusLine(found, words),
      };
    },
  );
}

export default fp(verifyRoutes, { name: 'verification', dependencies: ['credentials'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the verification page views counted since the last write (tests call it). */
    verificationViews: { flush(): Promise<void> };
  }
}
