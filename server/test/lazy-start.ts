// Run by lazy-modules.test.ts in a process of its own (the test files of a worker share one module
// cache, decision 0023, so only a fresh process shows what start alone loads): builds the app on a
// fresh embedded database, as the server starts, and prints which of the lazily loaded modules
// are loaded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { loadIssuerSeed, loadKeys } from '../src/lib/keys';
import { isLazyLoaded } from '../src/lib/lazy';

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
  const cached = Object.keys(createRequire(import.meta.url).cache);
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
