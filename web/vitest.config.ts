import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: './web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Bounds for a hang, not timings (decision 0032): under a load of 12 to 16 on 2 cores (issue
    // 36) a test typing into a form with user-event takes tens of seconds.
    testTimeout: 120_000,
  },
});
