import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM } from './support/env';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Bounds for a hang, sized for a machine busy with other work (issue 36): a test waits for
  // states, and these only decide how long before a state that never comes fails the test.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // Every test starts in a fresh context, where the service worker would install and download
    // the whole app (about 430 KB) behind the test's back. Only tests/pwa.spec.ts lets it run.
    serviceWorkers: 'block',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // The machines cannot download browsers: Debian's Chromium it is (ARCHITECTURE §2).
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    // exec: the stack is Playwright's own child, so it can tell when Playwright is gone (stack.ts).
    command: 'exec node --import tsx support/stack.ts',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
