import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import {
  OID4VCI_CONFIGURATION_ID,
  PRE_AUTHORIZED_CODE_GRANT,
  WALLET_MESSAGES,
  walletTokenParams,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preflight, readableByAnyOrigin, walletPreflight } from '../../lib/cross-origin';
import type { HttpError } from '../../lib/errors';
import { badRequest, gone, notFound } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { stands } from '../credentials';
import { findCertificate, findSpendableAccessToken, markWalletCredentialIssued, spendAccessToken } from './repository';
import { findWalletOffer, type Refusal, refusalOf, takeWalletOffer } from './wallet-offers';

type Json = Record<string, unknown>;

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** The answer to a secret that does not open the offer: 404 if never given, 410 once used or expired. */
export function refused(why: Refusal): HttpError {
  if (why === 'unknown') return notFound(WALLET_MESSAGES.unknown);
  return gone(why === 'used' ? WALLET_MESSAGES.used : WALLET_MESSAGES.expired);
}

/** Where a wallet reaches each path, from the secrets of a fresh offer. */
export function walletLinks(appUrl: string, secrets: { url: string; exchange: string; preAuthorizedCode: string }) {
  const exchangeUrl = `${appUrl}/api/wallet/exchanges/${secrets.exchange}`;
  // OID4VCI 1.0 §4.1.1: the offer by value, as the `credential_offer` parameter of the Wallet's
  // Credential Offer Endpoint (`openid-credential-offer://`, §4.1); no transaction code (§4.1.1:
  // `tx_code` is optional), since the holder is signed in on the screen that shows it.
  const offer = {
    credential_issuer: appUrl,
    credential_configuration_ids: [OID4VCI_CONFIGURATION_ID],
    grants: { [PRE_AUTHORIZED_CODE_GRANT]: { 'pre-authorized_code': secrets.preAuthorizedCode } },
  };
  // The Learner Credential Wallet's request (DCC): the VC-API exchange it runs, and the origin it
  // shows the holder. Its web page opens the app, or offers to install it.
  const lcwRequest = { credentialRequestOrigin: appUrl, protocols: { vcapi: exchangeUrl } };
  return {
    credentialUrl: `${appUrl}/api/wallet/credentials/${secrets.url}`,
    openidCredentialOffer: `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`,
    exchangeUrl,
    lcwLink: `https://lcw.app/request.html?request=${encodeURIComponent(JSON.stringify(lcwRequest))}`,
  };
}

/** did:key of an Ed25519 key (W3C CCG did:key v0.7 §3.1.2), the one kind of DID a wallet here may use. */
const ED25519_DID_KEY = /^did:key:(z6Mk[1-9A-HJ-NP-Za-km-z]{44})$/;

/** The DID document a did:key names (it is the key itself; nothing is fetched). */
function didKeyDocument(did: string): Json | undefined {
  const key = ED25519_DID_KEY.exec(did)?.[1];
  if (!key) return undefined;
  const method = `${did}#${key}`;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [{ id: method, type: 'Multikey', controller: did, publicKeyMultibase: key }],
    authentication: [method],
    assertionMethod: [method],
  };
}

/**
 * OAuth 2.0 (RFC 6749 §5.2) and OID4VCI 1.0 §8.3.1.2 errors: `{ error, error_description }`, and
 * the `message` every error answer of this API carries (ARCHITECTURE §4). A client ignores a
 * parameter it does not know (RFC 6749 §5.1, §5.2 and OAuth's extensibility, §8).
 */
function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description, message: description });
}

/**
 * Issue 31 (decision 0042): what a wallet calls to take a certificate's credential. No session and
 * no cookie: the single-use secret in the request is the key, so these routes are open to any
 * origin (a wallet may run in a browser), as the public verification resources are (decision 0035).
 */
export default async function walletRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const appUrl = app.config.appUrl;
  const anyOrigin = readableByAnyOrigin(['WWW-Authenticate']);
  const walletRoute = { onSend: anyOrigin, config: { noCookies: true } };

  /** The credential of the certificate an offer names, if it still stands (else the offer is void). */
  async function credentialOf(certificateId: string) {
    const row = await findCertificate(app.db, certificateId);
    if (!row || !stands(row)) throw gone(WALLET_MESSAGES.notActive);
    return row.credential ?? (await app.credentials.currentCredential(row.id))!;
  }

  for (const url of [
    '/api/wallet/credentials/:token',
    '/.well-known/openid-credential-issuer',
    '/.well-known/oauth-authorization-server',
  ]) {
    app.options(url, { schema: { hide: true } }, preflight);
  }
  for (const url of ['/api/wallet/exchanges/:token', '/api/wallet/oid4vci/token', '/api/wallet/oid4vci/credential']) {
    app.options(url, { schema: { hide: true } }, walletPreflight);
  }

  /**
   * 1. The single-use credential URL: the credential as the holder's download is (application/vc,
   * VC Data Model 2.0 §6.2), once, within ten minutes. The Learner Credential Wallet's "Add from
   * link" (or a scan of the QR) fetches it.
   */
  app.get(
    '/api/wallet/credentials/:token',
    { schema: { tags, params: walletTokenParams }, ...walletRoute },
    async (req, reply) => {
      const taken = await takeWalletOffer(app.db, 'credential-url', req.params.token, app.clock.now());
      if (typeof taken === 'string') throw refused(taken);
      const credential = await credentialOf(taken.certificateId);
      return reply.type('application/vc').send(JSON.stringify(credential, null, 2));
    },
  );

  /**
   * 2. A VC-API exchange (W3C CCG VC-API, "Exchanges"; the DCC Learner Credential Wallet's
   * `protocols.vcapi`): an empty POST is answered with a VerifiablePresentationRequest asking
   * for DIDAuthentication (VP Request Spec §3.1) with a challenge and our domain; the wallet posts
   * the presentation it signed with its did:key, and gets a copy issued to that DID.
   */
  const exchangeBody = z.looseObject({ verifiablePresentation: z.record(z.string(), z.unknown()).optional() });
  const domain = new URL(appUrl).host;
  app.post(
    '/api/wallet/exchanges/:token',
    { schema: { tags, params: walletTokenParams, body: exchangeBody.optional() }, ...walletRoute },
    async (req) => {
      const now = app.clock.now();
      const offer = await findWalletOffer(app.db, 'exchange', req.params.token);
      const refusal = refusalOf(offer, now);
      if (refusal) throw refused(refusal);
      const presentation = req.body?.verifiablePresentation;
      if (!presentation) {
        return {
          verifiablePresentationRequest: {
            query: [
              {
                type: 'DIDAuthentication',
                acceptedMethods: [{ method: 'key' }],
                acceptedCryptosuites: [{ cryptosuite: 'eddsa-rdfc-2022' }],
              },
            ],
            challenge: offer!.challenge,
            domain,
            interact: {
              service: [
                {
                  type: 'UnmediatedHttpPresentationService2021',
                  serviceEndpoint: `${appUrl}/api/wallet/exchanges/${req.params.token}`,
                },
              ],
            },
          },
        };
      }
      const holder = await didAuthenticated(presentation, offer!.challenge!, domain);
      const taken = await takeWalletOffer(app.db, 'exchange', req.params.token, app.clock.now());
      if (typeof taken === 'string') throw refused(taken);
      const credential = await app.credentials.boundTo(await credentialOf(taken.certificateId), holder);
      await markWalletCredentialIssued(app.db, taken.id, app.clock.now());
      return {
        verifiablePresentation: {
          '@context': [VC_CONTEXT],
          type: ['VerifiablePresentation'],
          verifiableCredential: [credential],
        },
      };
    },
  );

  /**
   * The holder's DID, once its presentation proves control of it for this challenge and domain
   * (Digital Bazaar's verifier, eddsa-rdfc-2022 over a did:key); 400 otherwise.
   */
  async function didAuthenticated(presentation: Json, challenge: string, expectedDomain: string): Promise<string> {
    const holder =
      typeof presentation.holder === 'string' ? presentation.holder : (presentation.holder as Json | undefined)?.id;
    if (typeof holder !== 'string' || !didKeyDocument(holder)) {
      throw badRequest('The presentation must name its holder by an Ed25519 did:key.');
    }
    const proofs = [presentation.proof].flat() as (Json | undefined)[];
    if (!proofs.some((p) => p?.challenge === challenge))
      throw badRequest('The presentation does not answer this challenge.');
    if (!proofs.some((p) => p?.domain === expectedDomain)) throw badRequest('The presentation is not for this domain.');
    if (
      !proofs.every((p) => typeof p?.verificationMethod === 'string' && p.verificationMethod.startsWith(`${holder}#`))
    ) {
      throw badRequest("The presentation must be signed with its holder's key.");
    }
    const documentLoader: vc.DocumentLoader = async (url) => {
      const did = url.split('#')[0]!;
      const doc = didKeyDocument(did);
      if (!doc) return app.credentials.documentLoader(url);
      if (url === did) return { contextUrl: null, documentUrl: url, document: doc };
      const method = (doc.verificationMethod as Json[]).find((m) => m.id === url);
      if (!method) throw new Error(`Unknown verification method ${url}`);
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': 'https://w3id.org/security/multikey/v1', ...method },
      };
    };
    const result = await vc
      .verify({
        presentation,
        challenge,
        domain: expectedDomain,
        suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
        documentLoader,
      })
      .catch((err: unknown) => ({ verified: false, error: err }));
    if (!result.verified) {
      app.log.info(
        { reason: String((result as { error?: unknown }).error ?? 'unverified') },
        'a wallet presentation did not verify',
      );
      throw badRequest('The presentation could not be verified.');
    }
    return holder;
  }

  /**
   * 3. OpenID for Verifiable Credential Issuance 1.0, pre-authorized code flow. We are our own
   * authorization server (§12.2.4: `authorization_servers` omitted), so the token endpoint is in
   * our OAuth metadata (RFC 8414).
   */
  const metadataRoute = { schema: { hide: true }, onSend: anyOrigin };
  app.get('/.well-known/openid-credential-issuer', metadataRoute, async (_req, reply) =>
    reply.type('application/json').send({
      credential_issuer: appUrl,
      credential_endpoint: `${appUrl}/api/wallet/oid4vci/credential`,
      display: [
        {
          name: app.config.boardName,
          locale: 'en-US',
          logo: { uri: app.config.boardLogoUrl, alt_text: `Logo of ${app.config.boardName}` },
        },
      ],
      credential_configurations_supported: {
        [OID4VCI_CONFIGURATION_ID]: {
          format: 'ldp_vc',
          // Appendix A.1.2: the credential's contexts and types; its proof's cryptosuite.
          credential_definition: {
            '@context': [VC_CONTEXT, OB_CONTEXT],
            type: ['VerifiableCredential', 'OpenBadgeCredential'],
          },
          credential_signing_alg_values_supported: ['eddsa-rdfc-2022'],
          credential_metadata: { display: [{ name: 'Recycling advocate certificate', locale: 'en-US' }] },
        },
      },
    }),
  );
  app.get('/.well-known/oauth-authorization-server', metadataRoute, async (_req, reply) =>
    reply.type('application/json').send({
      issuer: appUrl,
      token_endpoint: `${appUrl}/api/wallet/oid4vci/token`,
      grant_types_supported: [PRE_AUTHORIZED_CODE_GRANT],
      response_types_supported: [],
      // OID4VCI 1.0 §12.3: a wallet need not authenticate as a client to use the code.
      'pre-authorized_grant_anonymous_access_supported': true,
    }),
  );

  // The token request is a form (RFC 6749 §4.1.3, OID4VCI 1.0 §6.1), parsed only on these routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 6749 §3.2: unknown parameters are ignored, so the form is not strict.
  const tokenForm = z.looseObject({ grant_type: z.string().optional(), 'pre-authorized_code': z.string().optional() });
  app.post(
    '/api/wallet/oid4vci/token',
    {
      schema: { tags, body: tokenForm, consumes: ['application/x-www-form-urlencoded'] },
      attachValidation: true,
      ...walletRoute,
    },
    async (req, reply) => {
      const form = (req.body ?? {}) as z.infer<typeof tokenForm>;
      if (form.grant_type !== PRE_AUTHORIZED_CODE_GRANT) {
        return oauthError(reply, 400, 'unsupported_grant_type', 'Only the pre-authorized code grant is supported.');
      }
      const code = form['pre-authorized_code'];
      if (!code) return oauthError(reply, 400, 'invalid_request', 'pre-authorized_code is missing.');
      const accessToken = randomToken();
      const now = app.clock.now();
      const taken = await takeWalletOffer(app.db, 'pre-authorized-code', code, now, {
        accessTokenHash: sha256(accessToken),
      });
      // OID4VCI 1.0 §6.3: a wrong, used or expired pre-authorized code is `invalid_grant` (400).
      if (typeof taken === 'string') return oauthError(reply, 400, 'invalid_grant', refused(taken).message);
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: Math.max(1, Math.floor((taken.expiresAt.getTime() - now.getTime()) / 1000)),
      });
    },
  );

  // OID4VCI 1.0 §8.2: the request names the configuration; other members (a proof) are not needed.
  const credentialRequest = z.looseObject({ credential_configuration_id: z.string().optional() });
  app.post(
    '/api/wallet/oid4vci/credential',
    { schema: { tags, body: credentialRequest }, attachValidation: true, ...walletRoute },
    async (req, reply) => {
      const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '')?.[1];
      const now = app.clock.now();
      const invalidToken = () => {
        // RFC 6750 §3.1: an unknown, spent or expired token.
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        return oauthError(reply, 401, 'invalid_token', 'The access token is not valid, or was used already.');
      };
      // §8.3.1.2: a request that is not a JSON object is malformed, whoever sends it (400 first,
      // as for every malformed body of this API).
      if (req.validationError) {
        return oauthError(reply, 400, 'invalid_credential_request', 'The credential request must be a JSON object.');
      }
      if (!bearer) return invalidToken();
      const known = await findSpendableAccessToken(app.db, sha256(bearer), now);
      if (!known) return invalidToken();
      const body = (req.body ?? {}) as z.infer<typeof credentialRequest>;
      if (body.credential_configuration_id !== OID4VCI_CONFIGURATION_ID) {
        return oauthError(reply, 400, 'unknown_credential_configuration', `Ask for ${OID4VCI_CONFIGURATION_ID}.`);
      }
      // One statement spends the token, so of two requests with it only one gets the credential.
      const offer = await spendAccessToken(app.db, known.id, sha256(bearer), now);
      if (!offer) return invalidToken();
      return { credentials: [{ credential: await credentialOf(offer.certificateId) }] };
    },
  );
}
