// Run by lazy-modules.test.ts in a process of its own (the test files of a worker share one module
// cache, decision 0023, so only a fresh process shows what start alone loads): builds the app on a
// fresh embedded database, as the server starts, and prints which of the lazily loaded modules
// are loaded. CommonJS packages show in require's cache; ES modules are seen by a resolve hook
// registered before the app is imported, which reports every URL it resolves.
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';

const resolved: string[] = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => resolved.push(url));
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const answer = await next(specifier, context);
  port.postMessage(answer.url);
  return answer;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });

const { buildApp } = await import('../src/app');
const { loadConfig } = await import('../src/config');
const { openPglite } = await import('../src/db/client');
const { loadIssuerSeed, loadKeys } = await import('../src/lib/keys');
const { isLazyLoaded } = await import('../src/lib/lazy');

/** Every URL resolved so far: the port delivers in order, so a last marker's arrival means all have. */
async function resolvedUrls(): Promise<string[]> {
  const marker = `data:text/javascript,export default ${Date.now()}`;
  const seen = new Promise<void>((done) => {
    const on = (url: string) => {
      if (url !== marker) return;
      port1.off('message', on);
      done();
    };
    port1.on('message', on);
  });
  await import(marker);
  await seen;
  return resolved;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lazy-start-'));
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: 'test-only-minimal',
  });
  const database = await openPglite();
  const app = await buildApp({
    config,
    database,
    keys: loadKeys(config.piiKey, dataDir),
    issuerSeed: loadIssuerSeed(config.issuerKey, dataDir),
    workers: false,
  });
  await app.ready();
  const cached = [...Object.keys(createRequire(import.meta.url).cache), ...(await resolvedUrls())];
  const packages = process.argv.slice(2);
  const loaded = Object.fromEntries(
    packages.map((pkg) => [
      pkg,
      isLazyLoaded(pkg) || cached.some((file) => file.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`)),
    ]),
  );
  // Marked: the log lines of the app share stdout.
  process.stdout.write(`\nLAZY ${JSON.stringify(loaded)}\n`);
  await app.close();
  await database.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
