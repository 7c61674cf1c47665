import { defineConfig, devices } from '@playwright/test';
import { BASE_URL } from './support/env';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'node --import tsx support/stack.ts',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
