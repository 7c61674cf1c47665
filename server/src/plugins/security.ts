import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
