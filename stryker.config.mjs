/**
 * Mutation testing of the security-critical modules (issue 12): `npm run test:mutation`. Slow, so
 * not part of `npm test`; README § Test it has the last score. The tests it runs are listed in
 * vitest.mutation.config.ts.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'server/src/lib/tokens.ts',
    'server/src/lib/passwords.ts',
    'server/src/lib/pii.ts',
    'server/src/lib/keys.ts',
    'server/src/plugins/auth.ts',
    'contract/src/routes.ts',
    'server/src/domains/files/content.ts',
    'server/src/domains/files/ingest.ts',
    // Issue 19: the second factor (TOTP, recovery codes, the lock) and its routes.
    'server/src/domains/mfa/service.ts',
    'server/src/domains/mfa/routes.ts',
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
