import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The resilience suite drives the built server and restarts PostgreSQL: it runs on its own.
    exclude: [...configDefaults.exclude, 'test/resilience/**'],
    globalSetup: ['./test/global-setup.ts'],
    // The files of a worker share one module cache: the app, drizzle and PGlite's WASM are loaded
    // once per worker, not once per file (decision 0023). Every file still builds its own app on
    // its own database; what a file changes in shared modules it restores (spies, the hash cost,
    // which each app sets).
    isolate: false,
    // Bounds for a hang, not timings (decision 0032): under a load of 12 to 16 on 2 cores (issue
    // 36), a test that starts a child process or builds an app on PGlite took 30 to 65 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
