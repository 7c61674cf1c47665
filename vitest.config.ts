import { defineConfig } from 'vitest/config';

/**
 * One run for every unit and integration test. Server tests run on the embedded PGlite and,
 * when TEST_DATABASE_URL is set (CI sets it), again on a real PostgreSQL.
 */
const serverProject = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: './server/vitest.config.ts',
  test: { name, root: './server', env: { TEST_DB_DRIVER: driver } },
});

export default defineConfig({
  test: {
    // Two files at a time: Vitest's default (cores − 1) is one on a 2-core machine, where most of a
    // server test's time is waiting on its database. Measured: 151 files in 8.8 min with two
    // workers, about 20 min with one (both databases).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './contract', environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      './web/vitest.config.ts',
    ],
  },
});
