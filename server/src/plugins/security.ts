import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const mediaType = (header: string) => header.split(';')[0]!.trim().toLowerCase();

/**
 * A route with a body schema takes JSON (or what its schema's `consumes` lists); anything else
 * is 415 before it is parsed. Fastify would otherwise read text/plain as a string, a type a
 * cross-site form can send without a preflight.
 */
const acceptOnly =
  (types: string[]): onRequestHookHandler =>
  async (req) => {
    const header = req.headers['content-type'];
    if (header !== undefined && !types.includes(mediaType(header))) {
      throw new HttpError(415, 'This type of content is not accepted.');
    }
  };

/**
 * The headers helmet sets for these options, worked out once. Our options are static (no nonce,
 * nothing per request), so every response gets the same headers; @fastify/helmet would rebuild
 * the helmet middleware, and parse the CSP, on every request.
 */
function helmetHeaders(options: HelmetOptions): [name: string, value: string | string[]][] {
  const headers: [string, string | string[]][] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, typeof value === 'number' ? String(value) : (value as string | string[])]);
      return res;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

/**
 * Security headers and the CSRF rule of ARCHITECTURE §5: a state-changing request must come
 * from our own origin.
 */
export default fp(
  async (app: FastifyInstance) => {
    const origins = new Set(app.config.origins);
    // Issue 31: a board logo served from elsewhere (BOARD_LOGO_URL) shows on the verification
    // page; images of that one origin are allowed, nothing else is widened.
    const logoOrigin = new URL(app.config.boardLogoUrl).origin;
    const imageOrigins = logoOrigin === new URL(app.config.appUrl).origin ? [] : [logoOrigin];

    const securityHeaders = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables and some inline styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Issue 18, decision 0020: the app's service worker (/sw.js) and its manifest, said
          // outright rather than left to default-src (CSP Level 3 §6.1.13, Manifest §4.1).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: app.config.production ? [] : null,
        },
      },
      hsts: app.config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    // Set on the raw response as helmet does, so that a route's own value (a file's
    // `Content-Security-Policy: sandbox`) still wins.
    app.addHook('onRequest', (_req, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of securityHeaders) raw.setHeader(name, value);
      done();
    });

    app.addHook('onRoute', (route) => {
      const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
      if (!schema?.body) return;
      const types = (schema.consumes ?? ['application/json']).map(mediaType);
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), acceptOnly(types)];
    });

    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      if (SAFE_METHODS.has(req.method)) return;
      // Decision 0042: a wallet's protocol routes take no cookie (their secret is in the request), so
      // a request from another origin carries no ambient authority to abuse.
      if (req.routeOptions.config.noCookies) return;
      const origin = req.headers.origin;
      const site = req.headers['sec-fetch-site'];
      if ((origin && !origins.has(origin)) || site === 'cross-site') {
        req.log.warn({ origin, site }, 'cross-site request refused');
        return reply.status(403).send({ message: 'Cross-site request refused' });
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no cookie and no session: the CSRF rule does not apply (decision 0042). */
    noCookies?: boolean;
  }
}
