import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: './web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Bounds for a hang, not timings (decision 0032): typing a form with user-event took over the
    // 5 s default on a busy 2-core machine (issue 36). The server's project has the same bound.
    testTimeout: 30_000,
  },
});
