import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import webConfig from './vitest.config';

/**
 * The tests `npm run test:mutation:web` (stryker.web.config.mjs) runs against each mutant of the
 * outbox: the web project's set-up (jsdom), only the outbox's own test files.
 */
export default defineConfig({
  resolve: {
    // Stryker copies the tree into a sandbox; the workspace link would load the contract outside it.
    alias: { '@portal/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  test: {
    ...webConfig.test,
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/features/reports/outbox/*.test.ts'],
  },
});
