import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '../support/test';
import { adminReportCard, logIn, openScreen } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { SLOW_STATE } from '../support/env';
import { fileReport, openSection } from '../support/report';

/** Issue 18: drafts kept on the device, and reports sent from the outbox once, when back online. */

// Each test signs in, fills part of a form of over a hundred inputs and reloads it.
test.slow();

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const radio = (page: Page, group: string, value: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: group, exact: true }).getByLabel(value, { exact: true });
const drafts = (page: Page, n: number) => page.getByRole('heading', { name: `Drafts on this device (${n})` });
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** Half a form: a field of the client section, the consent and the HMIS sections. */
async function fillHalf(page: Page, clientName: string) {
  await radio(page, 'Consent to Share with HMIS', 'Yes').check();
  await label(page, 'Consent Method').selectOption('Signed');
  await label(page, 'Consent Date').fill('2025-03-01');
  await openSection(page, 'Client');
  await label(page, 'Client Name').fill(clientName);
  await label(page, 'Social Security Number').fill('372-81-4455');
  await openSection(page, 'HMIS details');
  await label(page, 'First Name').fill('Jordan');
  await label(page, 'Sex').selectOption('Client prefers not to answer');
  // Written at most a second after the last change (autosave), sealed in IndexedDB.
  await expect(page.getByRole('status', { name: 'Draft' })).toHaveText('Draft saved on this device');
}

async function expectHalf(page: Page, clientName: string) {
  // A reloaded form's chunk and its sealed draft take a while on a busy machine, the more so while
  // the service worker (decision 0020) fills its cache in the background.
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  // Issue 35: the form opens at its first step, Consent, with the draft's answers.
  await expect(radio(page, 'Consent to Share with HMIS', 'Yes')).toBeChecked(SLOW_STATE);
  await expect(label(page, 'Consent Method')).toHaveValue('Signed');
  await openSection(page, 'Client');
  await expect(label(page, 'Client Name')).toHaveValue(clientName);
  await expect(label(page, 'Social Security Number')).toHaveValue('372-81-4455');
  await openSection(page, 'HMIS details');
  await expect(label(page, 'First Name')).toHaveValue('Jordan');
  await expect(label(page, 'Sex')).toHaveValue('Client prefers not to answer');
}

async function member(page: Page) {
  const admin = await adminApi();
  const m = await createMember(admin, { name: 'Field Worker' });
  await logIn(page, m.email, m.password);
  await openScreen(page, '/admin/report');
  // The form has over a hundred inputs: its chunk takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  return { admin, m };
}

test('half a form comes back after a reload, and can be discarded', async ({ page }) => {
  await member(page);
  const clientName = `Draft Client ${tag()}`;
  await fillHalf(page, clientName);
  await expect(drafts(page, 1)).toBeVisible();

  await page.reload();
  await expectHalf(page, clientName);
  await expect(page.getByText('Your draft was restored from this device.')).toBeVisible();

  await page.getByRole('button', { name: `Discard draft of ${clientName}` }).click();
  await expect(drafts(page, 1)).toHaveCount(0);
  await openSection(page, 'Client');
  await expect(label(page, 'Client Name')).toHaveValue('');
});

test('the draft outlives the session: after signing in again it is intact', async ({ page, context }) => {
  const { m } = await member(page);
  const clientName = `Expiry Client ${tag()}`;
  await fillHalf(page, clientName);
  await expect(drafts(page, 1)).toBeVisible();

  // The session ends behind the page's back (as a timeout does): its cookies are gone.
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, m.email, m.password);
  await openScreen(page, '/admin/report');
  await expectHalf(page, clientName);
});

test('logging out wipes the drafts from the device', async ({ page }) => {
  const { m } = await member(page);
  await fillHalf(page, `Logout Client ${tag()}`);
  await expect(drafts(page, 1)).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(countDrafts)).toBe(0);

  await logIn(page, m.email, m.password);
  await openScreen(page, '/admin/report');
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  await openSection(page, 'Client');
  await expect(label(page, 'Client Name')).toHaveValue('');
  await expect(drafts(page, 1)).toHaveCount(0);
});

test('submitted offline, the report waits on the device and is filed once when back online', async ({
  page,
  context,
}) => {
  const { admin } = await member(page);
  const clientName = `Offline Client ${tag()}`;
  await fillHalf(page, clientName);

  await context.setOffline(true);
  await fileReport(page);
  await expect(page.getByText('Saved on this device — it will be sent when you are back online')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Outbox' }).first()).toContainText('1 waiting');
  await expect(page.getByText('Form submitted successfully', { exact: true })).toHaveCount(0);
  // Issue 35: the app says it is offline, and the outbox lists the report by its client's name.
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await page.getByRole('status', { name: 'Outbox' }).first().getByRole('button').click();
  const outbox = page.getByRole('dialog', { name: 'Outbox' });
  const entry = outbox.getByRole('listitem').filter({ hasText: clientName });
  await expect(entry).toContainText('Waiting');
  await expect(entry).toContainText(/Saved \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d/);
  await outbox.getByRole('button', { name: 'Close' }).click();
  await openSection(page, 'Client');
  await expect(label(page, 'Client Name')).toHaveValue('');

  await context.setOffline(false);
  await expect(page.getByText('Form submitted successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('You are offline', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Outbox' }).first()).toContainText(/All sent · last sent \d{1,2}:\d\d/);
  await page.getByRole('status', { name: 'Outbox' }).first().getByRole('button').click();
  await expect(outbox.getByRole('listitem').filter({ hasText: clientName })).toContainText(/Sent\s*\d{1,2}:\d\d/);
  await outbox.getByRole('button', { name: 'Close' }).click();
  const list = await admin.get(`/api/reports?q=${encodeURIComponent(clientName)}`);
  expect(((await list.json()) as unknown[]).length).toBe(1);
  // The outbox's sent entry lives as long as the tab; "My reports" keeps it (issue 35).
  await page.reload();
  await page.getByRole('button', { name: 'My reports' }).click();
  await expect(
    page.getByRole('dialog', { name: 'My reports' }).getByRole('listitem').filter({ hasText: clientName }),
  ).toContainText('Filed');
});

test('answers lost on the way back do not file the report twice', async ({ page }) => {
  const { admin } = await member(page);
  const clientName = `Flaky Client ${tag()}`;
  await fillHalf(page, clientName);

  // The first three submits reach the server, but their answers never come back.
  let dropped = 0;
  await page.route('**/api/reports', async (route) => {
    if (route.request().method() !== 'POST' || dropped >= 3) return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await fileReport(page);
  await expect(page.getByText('Form submitted successfully', { exact: true })).toBeVisible(SLOW_STATE);
  expect(dropped).toBe(3);
  const list = await admin.get(`/api/reports?q=${encodeURIComponent(clientName)}`);
  expect(((await list.json()) as unknown[]).length).toBe(1);
});

/**
 * A playable H.264 clip (the server tests' fixture) grown to `bytes` with an MP4 `free` box,
 * which players skip and the server's remux leaves behind: an upload of several 5 MB chunks.
 */
function largeClip(bytes: number): Buffer {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const clip = fs.readFileSync(path.resolve(here, '../../server/test/fixtures/clip.mp4'));
  const free = Buffer.alloc(bytes - clip.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([clip, free]);
}

test('a video upload cut at about half resumes from where it stopped, not from the start', async ({
  page,
  context,
  browser,
}) => {
  const { admin } = await member(page);
  const clientName = `Resumed Client ${tag()}`;
  await fillHalf(page, clientName);
  await openSection(page, 'Consent');
  await radio(page, 'Consent to Video', 'Yes').check();
  await openSection(page, 'Image and Video');
  const size = 12 * 1024 * 1024;
  await label(page, 'Video').setInputFiles({ name: 'field-clip.mp4', mimeType: 'video/mp4', buffer: largeClip(size) });
  await expect(page.getByLabel('Selected video preview')).toBeVisible();

  // Every tus request the page sends: creations, and each PATCH's offset.
  const tus: { method: string; offset: number | null }[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/uploads/tus')) return;
    const offset = request.headers()['upload-offset'];
    tus.push({ method: request.method(), offset: offset === undefined ? null : Number(offset) });
  });
  // The second 5 MB chunk (from 42 %) never arrives: the network goes as it starts.
  let cut = false;
  await page.route('**/api/uploads/tus/*', async (route) => {
    const offset = Number(route.request().headers()['upload-offset'] ?? 0);
    if (cut || route.request().method() !== 'PATCH' || offset === 0) return route.fallback();
    cut = true;
    // Long enough to read the progress bar at the first chunk's bytes.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });

  await fileReport(page);
  await expect(page.getByRole('progressbar', { name: 'Uploading video' })).toBeVisible();
  await expect(page.getByText(/Uploading video… \d+\.\d MB of 12\.6 MB · \d+ %/)).toBeVisible();
  // Cut: the report, with its video, waits on the device.
  await expect(page.getByText('Saved on this device — it will be sent when you are back online')).toBeVisible(
    SLOW_STATE,
  );
  expect(cut).toBe(true);
  const beforeCut = tus.length;

  await context.setOffline(false);
  await expect(page.getByText('Form submitted successfully', { exact: true })).toBeVisible(SLOW_STATE);

  // One upload in all: created once, and the outbox's first PATCH went on from the server's offset.
  const resumed = tus.slice(beforeCut);
  expect(tus.filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(resumed.filter((r) => r.method === 'POST')).toHaveLength(0);
  const firstPatch = resumed.find((r) => r.method === 'PATCH');
  expect(firstPatch?.offset).toBeGreaterThan(0);
  expect(firstPatch?.offset).toBeLessThan(size);

  const list = await admin.get(`/api/reports?q=${encodeURIComponent(clientName)}`);
  const reports = (await list.json()) as { _id: string }[];
  expect(reports).toHaveLength(1);
  const stored = (await (await admin.get(`/api/reports/${reports[0]!._id}`)).json()) as { videoUrl: string };
  expect(stored.videoUrl).toMatch(/^\/api\/files\//);

  // The admin plays it.
  const { context: adminContext, page: adminPage, card } = await adminReportCard(browser, clientName);
  await card.getByRole('button', { name: 'View' }).click();
  const video = adminPage.getByRole('dialog', { name: 'Report Details' }).getByLabel('Report video');
  await expect
    .poll(() => video.evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await adminContext.close();
});

/** How many drafts the device holds, for anyone: read straight from IndexedDB. */
function countDrafts(): Promise<number> {
  // Runs in the page: the e2e project compiles without the DOM library.
  const { indexedDB } = globalThis as unknown as { indexedDB: IDBFactoryLike };
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('portal-device');
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('drafts')) return resolve(0);
      const count = db.transaction('drafts').objectStore('drafts').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
    request.onerror = () => reject(request.error);
  });
}

interface IDBFactoryLike {
  open(name: string): {
    result: {
      objectStoreNames: { contains(name: string): boolean };
      transaction(store: string): {
        objectStore(store: string): {
          count(): { result: number; error: unknown; onsuccess: () => void; onerror: () => void };
        };
      };
    };
    error: unknown;
    onsuccess: () => void;
    onerror: () => void;
  };
}
