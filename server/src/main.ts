import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoggerOptions, pino } from 'pino';
import { buildApp } from './app';
import { ensureAdmin, ensureHelpContent, seedDemoData } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { secureDataDir } from './lib/data-dir';
import { loadMessageOverrides } from './lib/i18n';
import { loadIssuerSeed, loadKeys } from './lib/keys';
import { loggerOptions } from './lib/logger';

/** How long a shutdown waits for requests in flight before it gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The built web app, looked for beside the server package. */
function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Issue 30, F7: DATA_DIR (database, uploads, keys) is the owner's alone before anything in it
  // is opened; a wider mode is fixed with a warning, one that cannot be fixed stops the start.
  secureDataDir(config.dataDir, pino(loggerOptions(config.logLevel) as LoggerOptions));
  const keys = loadKeys(config.piiKey, config.dataDir, config.piiKeysOld);
  // Issue 34: a deployment's own wording of any message (docs/translations.md); a bad file stops the start.
  let wording: string[];
  try {
    wording = loadMessageOverrides(path.join(config.dataDir, 'messages'));
  } catch (err) {
    console.error(`Message overrides: ${(err as Error).message}`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  const webDist = findWebDist();
  const issuerSeed = loadIssuerSeed(config.issuerKey, config.dataDir);
  const app = await buildApp({ config, database, keys, issuerSeed, workers: true, webDist });

  await ensureAdmin(database.db, config, app.log);
  await ensureHelpContent(database.db, config);
  const demo = await seedDemoData(database.db, config);
  // Certificates without a credential (the demo's just now, rows from before signing existed) are
  // signed in the background, on the job queue, rather than on their first view.
  app.credentials.kickSigning();

  // Responses in progress, so that a shutdown can tell their connections not to stay open.
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
  });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A request that never ends must not keep the process alive for good.
    setTimeout(() => {
      app.log.error({ inFlight: inFlight.size }, 'shutdown took too long: exiting with requests unfinished');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Keep-alive connections close once their current response is out, or the server would
    // wait for the client to hang up.
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(sweep);
      await database.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (!webDist) app.log.warn('web/dist not found: only the API is served (run npm run build)');
  const lines = [`${config.productName} portal: ${config.appUrl}`];
  lines.push(
    `Database: ${database.driver === 'pglite' ? `embedded (${path.join(config.dataDir, 'db')})` : 'PostgreSQL'}`,
  );
  if (wording.length) lines.push(`Messages overridden by: ${wording.join(', ')}`);
  if (!config.smtpUrl && !config.production)
    lines.push(`Mail is not sent (no SMTP_URL): read it at ${config.appUrl}/dev/mail`);
  if (demo) {
    lines.push('Demo data seeded. Demo logins:');
    lines.push(`  admin:  ${demo.admin.email} / ${demo.admin.password}`);
    lines.push(`  member: ${demo.member.email} / ${demo.member.password}`);
    lines.push('  sign up with new.member@demo.recycling-board.example and certificate CRA-3001');
  }
  console.log(lines.join('\n'));
  // Decision 0026: start-up's garbage is collected now rather than whenever V8 next needs room
  // (on a first start, initdb's whole second PGlite instance: 613 -> 285 MB). `npm start`
  // exposes gc(); run without that flag, this does nothing.
  globalThis.gc?.();
}

main().catch((err: unknown) => {
  console.error('The server could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
