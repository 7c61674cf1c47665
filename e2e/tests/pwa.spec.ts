import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '../support/test';
import { logIn, openScreen } from '../support/session';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { CHROMIUM, SLOW_STATE } from '../support/env';
import { openSection } from '../support/report';

// The one spec that runs the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 18, part 1 (decision 0020): an installable app. A web app manifest and a service worker;
 * the report screen opens with no network once visited, with its draft; no API answer is kept by
 * the worker.
 */

// A first visit installs the worker, which downloads the app's files in the background.
test.slow();

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/** Resolves once a service worker is active for the page and controls it (strings: no DOM library here). */
async function workerInCharge(page: Page) {
  await page.evaluate('navigator.serviceWorker.ready');
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
}

/** Every URL kept in Cache Storage, whatever the cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  })()`) as Promise<string[]>;

test('the app can be installed: a linked manifest with its fields and icons, and a worker', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Certified Recycling Advocate' })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Certified Recycling Advocate',
    start_url: '/admin/default',
    scope: '/',
    display: 'standalone',
    theme_color: '#4a7199',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(20);
  // Installability (Chromium): a 192 and a 512 px icon; and one an OS may mask.
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }

  // The landing page registers the worker (after load); the worker is revalidated on every update check.
  await workerInCharge(page);
  expect(await page.evaluate('navigator.serviceWorker.controller.scriptURL')).toMatch(/\/sw\.js$/);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('Chromium finds the app installable, by the check Lighthouse’s installable-manifest audit reported', async ({
  playwright,
  baseURL,
}) => {
  // A profile on disk: in Playwright's usual (off-the-record) contexts the check answers only
  // that the window is incognito.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const errors = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId);
    // The control: a page of the server's own with no manifest is not installable, and says why.
    await page.goto('/verify/not-a-certificate');
    expect(await errors()).toContain('no-manifest');

    await page.goto('/');
    await workerInCharge(page);
    expect(await errors()).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a reload of the report screen opens the form; its draft opens once back online; no API answer is cached', async ({
  page,
  context,
}) => {
  const admin = await adminApi();
  const m = await createMember(admin, { name: 'Field Worker' });
  await createCertificate(admin, { userEmail: m.email, name: 'Offline Field Advocate' });
  await logIn(page, m.email, m.password);
  // The member's certificates: an API answer the worker must not keep.
  await page.goto('/admin/certificates');
  await expect(page.getByRole('cell', { name: 'Offline Field Advocate' })).toBeVisible(SLOW_STATE);
  await openScreen(page, '/admin/report');
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  await workerInCharge(page);

  const clientName = `Offline Reload ${Date.now().toString(36)}`;
  await openSection(page, 'Client');
  await label(page, 'Client Name').fill(clientName);
  await label(page, 'Social Security Number').fill('372-81-4455');
  await expect(page.getByRole('status', { name: 'Draft' })).toHaveText('Draft saved on this device');

  await context.setOffline(true);
  const reload = await page.reload();
  // Answered by the worker, not by a server it cannot reach.
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/admin\/report$/);
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  // Issue 30 (F6, decision 0034): the draft's key is wrapped under a secret only the server gives
  // a signed-in session; a reloaded page with no connection cannot open it.
  await expect(page.getByText('Drafts on this device open once you are online and signed in.')).toBeVisible();
  // Issue 35: the form opens at its first step.
  await openSection(page, 'Client');
  await expect(label(page, 'Client Name')).toHaveValue('');

  // The cache holds the app's files, and nothing of the API: not the certificates, not the session.
  const urls = await cachedUrls(page);
  expect(urls.some((url) => /\/index\.html/.test(url))).toBe(true);
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

  // Back online, the session is checked again and the draft opens.
  await context.setOffline(false);
  await expect(label(page, 'Client Name')).toHaveValue(clientName);
  await expect(label(page, 'Social Security Number')).toHaveValue('372-81-4455');
  await expect(page.getByText('Your draft was restored from this device.')).toBeVisible();
});

test('on a phone, the dashboard offers Install when the browser does, and opens the browser’s dialog', async ({
  page,
}) => {
  // Issue 35. Chromium fires beforeinstallprompt only after engagement heuristics; the test
  // fires it as Chromium does, with a prompt() that records its call.
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminApi();
  const m = await createMember(admin);
  await logIn(page, m.email, m.password);
  await openScreen(page, '/admin/default');
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible(SLOW_STATE);
  const prevented = await page.evaluate(`(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    event.prompt = async () => { window.__installPrompted = (window.__installPrompted ?? 0) + 1; };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  })()`);
  expect(prevented).toBe(true);
  // Not on the first screen of a visit: once the member has been elsewhere and comes back.
  const offer = page.getByRole('region', { name: 'Install the portal' });
  await expect(offer).toHaveCount(0);
  await page.getByRole('link', { name: 'Certificates', exact: true }).click();
  // The screen is on screen (its heading), not only the address changed: a navigation still
  // rendering when Back comes is undone before the member has seen anything.
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible(SLOW_STATE);
  await page.goBack();
  await expect(offer).toBeVisible();
  const install = offer.getByRole('button', { name: 'Install' });
  expect((await install.boundingBox())!.height).toBeGreaterThanOrEqual(36);
  await install.click();
  await expect.poll(() => page.evaluate('window.__installPrompted')).toBe(1);
  await expect(offer).toHaveCount(0);
});
