import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 31 (decision 0035): the public verification resources (the DID document, the status
 * lists, a verification's JSON) are read by pages of other origins too: an in-browser wallet, a
 * verifier's web app. Their answers hold nothing that a session could change, so any origin may
 * read them, and never with credentials: the Fetch standard's CORS check refuses `*` to a
 * request that includes credentials, so a cookie sent along makes nothing readable. Every other
 * route sends none of these headers and stays same-origin.
 *
 * Helmet's `Cross-Origin-Resource-Policy: same-origin` stays: it governs only no-cors loads, and
 * a CORS read passes it (web-platform-tests fetch/cross-origin-resource-policy/fetch.any.js).
 */
const ANY_ORIGIN = '*';

/**
 * How long a verifier, a wallet or a cache on the way may keep a public resource (a status list,
 * the DID document, a preview) without asking again (issue 31, decision 0035): a revocation
 * reaches a caching verifier within five minutes. W3C Bitstring Status List v1.0 §3.1: issuers
 * SHOULD publish status lists so that they can be cached. Asking again costs a 304 while nothing
 * changed.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/** The request headers a reader may send beyond the CORS-safelisted ones: a revalidation's above all. */
const ALLOWED_HEADERS = 'Accept, Cache-Control, If-None-Match';
/** How long a browser may keep a preflight's answer (Chromium keeps it 2 hours at most). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * A route's onSend hook that lets any origin read its answers, errors and 304s included (a
 * wallet must be able to read a 429's Retry-After). `exposed` are the response headers beyond the
 * CORS-safelisted ones that its script may read (Fetch: Access-Control-Expose-Headers).
 */
export function readableByAnyOrigin(exposed: string[]) {
  const expose = exposed.join(', ');
  return async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('access-control-allow-origin', ANY_ORIGIN);
    if (expose) reply.header('access-control-expose-headers', expose);
    return payload;
  };
}

/**
 * The answer to a CORS preflight (an OPTIONS request) of a public resource: GET (and HEAD) from
 * any origin, without credentials, with the headers a conditional GET sends.
 */
export async function preflight(_req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(204)
    .header('access-control-allow-origin', ANY_ORIGIN)
    .header('access-control-allow-methods', 'GET, HEAD')
    .header('access-control-allow-headers', ALLOWED_HEADERS)
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
    .send();
}

/**
 * The preflight of a wallet protocol route (decision 0042): a POST with a JSON body or a bearer
 * token, from any origin, without credentials (those routes read no cookie).
 */
export async function walletPreflight(_req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(204)
    .header('access-control-allow-origin', ANY_ORIGIN)
    .header('access-control-allow-methods', 'GET, HEAD, POST')
    .header('access-control-allow-headers', 'Accept, Authorization, Content-Type')
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
    .send();
}

/**
 * A public resource's allowance of requests per minute and per visitor. The counter is kept under
 * a keyed hash of the address, so that no visitor's address is stored, not even for the minute a
 * window lasts (issue 11).
 */
export function perVisitorMinute(visitorHmac: Buffer, max: number) {
  const keyGenerator = (req: FastifyRequest) =>
    crypto.createHmac('sha256', visitorHmac).update(req.ip).digest('base64url').slice(0, 22);
  return { config: { rateLimit: { max, timeWindow: 60_000, keyGenerator } } };
}
