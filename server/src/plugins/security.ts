import helmet from '@fastify/helmet';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
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
 * Security headers and the CSRF rule of ARCHITECTURE §5: a state-changing request must come
 * from our own origin.
 */
export default fp(
  async (app: FastifyInstance) => {
    const appOrigin = new URL(app.config.appUrl).origin;

    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables and some inline styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
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

    app.addHook('onRoute', (route) => {
      const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
      if (!schema?.body) return;
      const types = (schema.consumes ?? ['application/json']).map(mediaType);
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), acceptOnly(types)];
    });

    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      if (SAFE_METHODS.has(req.method)) return;
      const origin = req.headers.origin;
      const site = req.headers['sec-fetch-site'];
      if ((origin && origin !== appOrigin) || site === 'cross-site') {
        req.log.warn({ origin, site }, 'cross-site request refused');
        return reply.status(403).send({ message: 'Cross-site request refused' });
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);
