/**
 * Mutation testing of the security-critical modules (issue 12): `npm run test:mutation`. Slow, so
 * not part of `npm test`; docs/mutation-testing.md has the last scores. The tests it runs are
 * listed by module in vitest.mutation.config.ts; the web app's outbox has its own run
 * (stryker.web.config.mjs, `npm run test:mutation:web`).
 */

/**
 * The files given with `--mutate` (or `-m`), if any. The test processes Stryker starts inherit
 * this process's environment, so vitest.mutation.config.ts reads them there and runs only those
 * modules' tests.
 */
function mutateArgument(argv) {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--mutate' || arg === '-m') return argv[i + 1];
    if (arg.startsWith('--mutate=')) return arg.slice('--mutate='.length);
  }
  return undefined;
}
const mutateGiven = mutateArgument(process.argv.slice(2));
if (mutateGiven) process.env.MUTATION_MODULES = mutateGiven;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'server/src/lib/tokens.ts',
    'server/src/lib/passwords.ts',
    'server/src/lib/pii.ts',
    'server/src/lib/keys.ts',
    'server/src/plugins/auth/*.ts',
    '!server/src/plugins/auth/*.test.ts',
    'server/src/db/sessions.ts',
    'contract/src/routes.ts',
    'server/src/domains/files/content.ts',
    'server/src/domains/files/ingest.ts',
    // Issue 19: the second factor (TOTP, recovery codes, the lock) and its routes.
    'server/src/domains/mfa/service.ts',
    'server/src/domains/mfa/routes.ts',
    // Since 2026-11-29 the domain's statements (the replay guard, the codes burnt once, the passkey
    // counter) are in its repository, and the passkey ceremonies in passkeys.ts.
    'server/src/domains/mfa/repository.ts',
    'server/src/domains/mfa/passkeys.ts',
    // Security round 3: the idempotent requests, the public verify page, the import, the HMIS
    // export, and the signed credentials with their status lists (issue 31).
    'server/src/lib/idempotency.ts',
    'server/src/db/idempotency.ts',
    'server/src/domains/certificates/verify-routes.ts',
    'server/src/domains/certificates/import.ts',
    'server/src/domains/certificates/import-routes.ts',
    'server/src/domains/hmis/*.ts',
    '!server/src/domains/hmis/*.test.ts',
    'server/src/domains/credentials/plugin.ts',
    'server/src/domains/credentials/credential.ts',
    'server/src/domains/credentials/status-list.ts',
    'server/src/domains/credentials/repository.ts',
    'server/src/domains/credentials/signer.ts',
    'server/src/domains/credentials/issuer-keys.ts',
    'server/src/domains/credentials/routes.ts',
  ],
  coverageAnalysis: 'perTest',
  // The machine is shared (2 cores): one or two test processes, never more.
  concurrency: 2,
  timeoutMS: 30_000,
  // Only what the server tests need is copied into the sandbox (patterns as in .gitignore: a
  // leading / anchors at the root, so that server/src/domains/reports stays).
  ignorePatterns: ['/web', '/e2e', '/bench', '/docs', '/reports', '/server/data', '**/dist', '/.tmp', '/test-results'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A run retests only mutants whose code or tests changed since the last one; --force retests all.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  thresholds: { high: 90, low: 80, break: 80 },
  cleanTempDir: 'always',
};
