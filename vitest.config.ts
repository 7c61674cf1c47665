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
    projects: [
      { test: { name: 'contract', root: './contract', environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      './web/vitest.config.ts',
    ],
  },
});
