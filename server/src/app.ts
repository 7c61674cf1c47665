import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { type Language, LANGUAGES } from '@portal/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import auditPlugin from './domains/audit/plugin';
import auditRoutes from './domains/audit/routes';
import authRoutes from './domains/auth/routes';
import filesPlugin from './domains/files/plugin';
import fileRoutes from './domains/files/routes';
import resumableUploads from './domains/files/resumable';
import helpRoutes from './domains/help/routes';
import hmisRoutes from './domains/hmis/routes';
import deviceKeyRoutes from './domains/device-key/routes';
import inboxPlugin from './domains/inbox/plugin';
import inboxRoutes from './domains/inbox/routes';
import jobRoutes from './domains/jobs/routes';
import mfaRoutes from './domains/mfa/routes';
import notificationRoutes from './domains/notifications/routes';
import type { XlsxLimits } from './domains/certificates/import';
import certificateImportRoutes from './domains/certificates/import-routes';
import registryPlugin from './domains/certificates/registry';
import certificateRoutes from './domains/certificates/routes';
import verifyRoutes from './domains/certificates/verify-routes';
import walletRoutes from './domains/certificates/wallet-routes';
import opsRoutes from './domains/ops/routes';
import ceActivityImportRoutes from './domains/recertification/import-routes';
import recertificationRoutes from './domains/recertification/routes';
import renewalReviewRoutes from './domains/recertification/review-routes';
import remindersPlugin from './domains/reminders/plugin';
import reminderRoutes from './domains/reminders/routes';
import reportRoutes from './domains/reports/routes';
import trashPlugin from './domains/trash/plugin';
import trashRoutes from './domains/trash/routes';
import userRoutes from './domains/users/routes';
import { type Clock, systemClock } from './lib/clock';
import { firstScreenRoutes } from './lib/first-screens';
import { answerLanguage, translateMessage } from './lib/api-messages';
import { requestLanguage, setArabicDigits, wordsFor } from './lib/i18n';
import type { Keys } from './lib/keys';
import { loggerOptions, RequestLog } from './lib/logger';
import { usePasswordHashCost } from './lib/passwords';
import { serializerCompiler } from './lib/serializer';
import authPlugin, { sessionCookieNames } from './plugins/auth';
import { configPlugin, dbPlugin } from './plugins/core';
import { credentialRoutes, credentialsPlugin } from './domains/credentials';
import errorsPlugin from './plugins/errors';
import limitsPlugin from './plugins/limits';
import mailPlugin from './plugins/mail';
import purgePlugin from './plugins/purge';
import queuePlugin from './plugins/queue';
import securityPlugin from './plugins/security';
import storagePlugin from './plugins/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  keys: Keys;
  /** The Ed25519 seed of the key that signs credentials (lib/keys.ts loadIssuerSeed). */
  issuerSeed: Buffer;
  clock?: Clock;
  /**
   * Run the job queue (decision 0009): outbox delivery, the upload sweeper, renewal reminders
   * (the real server does; tests call them by hand).
   */
  workers?: boolean;
  /** The built web app to serve, if any. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Lower caps of reading an imported workbook, for tests (issue 30, F4); XLSX_LIMITS otherwise. */
  importLimits?: Partial<XlsxLimits>;
}

/**
 * TRUST_PROXY's proxies, as a trust function: the socket's peer and the X-Forwarded-For entries
 * the proxies appended (the `hops` nearest to the server, from the right) are trusted, so the
 * client is the address the outermost proxy saw (issue 30, F13). `trustProxy: true` trusted every
 * entry, and the leftmost, which the client writes, became its address: a new one per request
 * escaped every per-IP limit. A plain number is not passed, since this Fastify reads a number as
 * "trust none" (its docs: a hop count cannot tell a proxy from a client that connects directly, so
 * the server must be reachable only through its proxies, HOST on an address only they reach).
 */
function trustedHops(hops: number) {
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}

/** Builds the whole application; never listens (main.ts does). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    logController: new RequestLog(),
    trustProxy: trustedHops(deps.config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    // A path parameter may be a whole e-mail address (254 characters), URL-encoded.
    routerOptions: { maxParamLength: 1024 },
    // Errors the router raises before any route runs (a malformed or over-long path) get the
    // contract's error shape too, instead of Fastify's default body.
    frameworkErrors: (err, req, reply) => {
      req.log.info({ code: err.code }, 'request refused by the router');
      void (reply as FastifyReply).status(400).send({ message: 'The address of this request is not valid.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  usePasswordHashCost(deps.config.passwordHashCost);
  setArabicDigits(deps.config.arabicDigits);
  if (deps.config.passwordHashCost !== 'owasp') {
    app.log.info({ passwordHashCost: deps.config.passwordHashCost }, 'password hashes at the test-only cost');
  }

  await app.register(configPlugin, {
    config: deps.config,
    keys: deps.keys,
    clock: deps.clock ?? systemClock,
    database: deps.database,
  });
  await app.register(dbPlugin, { database: deps.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { threshold: 1024 });
  // Every throttle is counted in PostgreSQL, or Redis with REDIS_URL: never in this process (issue 14).
  await app.register(limitsPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: `${deps.config.productName} portal API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);
  await app.register(queuePlugin, { worker: deps.workers ?? false });
  await app.register(mailPlugin);
  await app.register(purgePlugin);
  await app.register(auditPlugin);
  await app.register(storagePlugin);
  await app.register(filesPlugin);
  await app.register(trashPlugin);
  await app.register(credentialsPlugin, { issuerSeed: deps.issuerSeed });
  await app.register(registryPlugin);
  await app.register(inboxPlugin);
  await app.register(remindersPlugin);

  await app.register(opsRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(reportRoutes);
  await app.register(hmisRoutes);
  await app.register(fileRoutes);
  await app.register(resumableUploads);
  await app.register(jobRoutes);
  await app.register(notificationRoutes);
  await app.register(helpRoutes);
  await app.register(certificateRoutes);
  await app.register(certificateImportRoutes, { xlsxLimits: deps.importLimits });
  await app.register(verifyRoutes);
  await app.register(credentialRoutes);
  await app.register(walletRoutes);
  await app.register(userRoutes);
  await app.register(auditRoutes);
  await app.register(trashRoutes);
  await app.register(reminderRoutes);
  await app.register(recertificationRoutes);
  await app.register(renewalReviewRoutes);
  await app.register(ceActivityImportRoutes, { xlsxLimits: deps.importLimits });
  await app.register(inboxRoutes);
  await app.register(deviceKeyRoutes);

  const web = deps.webDist && fs.existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (web) await serveWeb(app, web);
  const cookies = sessionCookieNames(deps.config.production);
  if (web) await firstScreenRoutes(app, web, cookies.session);
  // Pages prerendered at build (web/scripts/prerender.ts): the landing page, and the login screen
  // for a visitor without a session (a signed-in one is sent on to the dashboard by the app, and
  // one with only the readable expiry cookie waits for the app's session check).
  // Issue 34: each in every language (landing.html, landing.es.html, …), chosen as the verification
  // page's language is (lib/i18n.ts).
  const prerendered = (page: string) =>
    Object.fromEntries(
      LANGUAGES.map((language) => {
        const file = language === 'en' ? `${page}.html` : `${page}.${language}.html`;
        return [language, web && fs.existsSync(path.join(web, file)) ? file : 'index.html'];
      }),
    ) as Record<Language, string>;
  const landing = prerendered('landing');
  const login = prerendered('login');
  const mayBeSignedIn = (req: FastifyRequest) => Boolean(req.cookies[cookies.session] || req.cookies[cookies.expiry]);
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // Issue 31: /.well-known/ names documents for programs (RFC 8615), never a page of the app: an
    // unknown one is a JSON 404, so that a resolver is not handed the app's HTML with a 200.
    const isPage =
      req.method === 'GET' &&
      !req.url.startsWith('/api/') &&
      !/^\/\.well-known(\/|$)/.test(pathname) &&
      !path.extname(pathname);
    if (!web || !isPage) {
      // Issue 34: in the reader's language (lib/api-messages.ts), as the error handler answers.
      return reply.status(404).send({ message: translateMessage(wordsFor(answerLanguage(req)), 'Not found') });
    }
    reply.header('cache-control', 'no-cache');
    if (pathname === '/') {
      reply.header('vary', 'accept-language, cookie');
      return reply.sendFile(landing[requestLanguage(req)]);
    }
    if (pathname === '/login') {
      reply.header('vary', 'accept-language, cookie');
      return reply.sendFile(mayBeSignedIn(req) ? 'index.html' : login[requestLanguage(req)]);
    }
    return reply.sendFile('index.html');
  });
  return app;
}

/**
 * The built SPA: hashed assets cached for good; pages are answered by index.html (above).
 * preCompressed: the build writes .br and .gz next to each text file (web/scripts/compress.ts).
 */
async function serveWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
