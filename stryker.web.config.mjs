/**
 * Mutation testing of the web app's outbox (issue 18): `npm run test:mutation:web`. The reports it
 * keeps on the device until the server has them are members' clients' answers; a sender that drops
 * one, or sends it twice, is a loss no server test sees. A run of its own beside stryker.config.mjs:
 * the web tests need jsdom and the web app's Vitest set-up (web/vitest.mutation.config.ts), and no
 * database.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'web/vitest.mutation.config.ts', related: false },
  mutate: ['web/src/features/reports/outbox/*.ts', '!web/src/features/reports/outbox/*.test.ts'],
  coverageAnalysis: 'perTest',
  // The machine is shared (2 cores): one or two test processes, never more.
  concurrency: 2,
  timeoutMS: 30_000,
  // Only what the web tests need is copied into the sandbox (patterns as in .gitignore).
  ignorePatterns: [
    '/server',
    '/e2e',
    '/bench',
    '/docs',
    '/reports',
    '**/dist',
    '/.tmp',
    '/test-results',
    '/web/public',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation-web/index.html' },
  jsonReporter: { fileName: 'reports/mutation-web/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/mutation-web/incremental.json',
  thresholds: { high: 90, low: 80, break: 80 },
  cleanTempDir: 'always',
};
