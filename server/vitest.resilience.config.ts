import { defineConfig } from 'vitest/config';

/**
 * The resilience suite (server/test/resilience): the built server as a real process under load,
 * killed, and with its PostgreSQL restarted. It runs on its own, one file at a time, after the
 * other suites (`npm run test:resilience`), since it restarts the shared PostgreSQL.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    root: __dirname,
    environment: 'node',
    include: ['test/resilience/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
