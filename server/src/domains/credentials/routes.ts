import { errorBody, statusListParams } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CACHE_CONTROL, perVisitorMinute, preflight, readableByAnyOrigin } from '../../lib/cross-origin';
import { sendTagged } from '../../lib/preconditions';

/**
 * What a Verifiable Credentials verifier fetches to check a downloaded credential without us
 * (issue 31, decision 0035): the signed status lists and the issuer's DID document. Public, read
 * by pages of any origin (they answer a preflight), cached for five minutes and revalidated.
 */
async function credentialRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];
  // Issue 31: a verifier checks every credential it is shown against the status lists, so they
  // have their own, larger allowance (STATUS_LIST_RATE_LIMIT), counted apart from the page's.
  const statusListLimited = perVisitorMinute(app.keys.visitorHmac, app.config.statusListRateLimit);

  for (const url of ['/api/status-lists/:purpose/:list', '/.well-known/did.json']) {
    app.options(url, { schema: { hide: true } }, preflight);
  }

  /**
   * W3C Bitstring Status List v1.0: the signed BitstringStatusListCredential of one list, with a
   * strong ETag of the bytes sent, so that a verifier's cache asks again for a 304 (issue 31).
   * Not compressed, so that those bytes are the body's. Its type stays application/json, which
   * §4 (Media Types) allows beside application/vc: readers such as Digital Bazaar's http-client
   * parse only a type that says json (decision 0035).
   */
  app.get(
    '/api/status-lists/:purpose/:list',
    {
      schema: { tags, params: statusListParams, response: { 200: z.record(z.string(), z.unknown()), 404: errorBody } },
      compress: false,
      onSend: readableByAnyOrigin(['ETag', 'Retry-After']),
      ...statusListLimited,
    },
    async (req, reply) => {
      const credential = await app.credentials.statusListCredential(req.params.list, req.params.purpose);
      if (!credential) return reply.status(404).send({ message: 'Status list not found' });
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return sendTagged(req, reply, JSON.stringify(credential), 'application/json');
    },
  );

  /**
   * did:web resolution (W3C CCG DID Method Web §3.2): every key the portal ever signed with. A key
   * is never removed, so a copy kept for PUBLIC_CACHE_CONTROL's five minutes at worst lacks a key
   * added by a restart with a new ISSUER_KEY.
   */
  app.get(
    '/.well-known/did.json',
    { schema: { hide: true }, compress: false, onSend: readableByAnyOrigin(['ETag']) },
    async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return sendTagged(req, reply, JSON.stringify(await app.credentials.didDocument()), 'application/did+json');
    },
  );
}

export default fp(credentialRoutes, { name: 'credential-routes', dependencies: ['credentials'] });
