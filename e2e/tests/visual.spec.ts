/**
 * Issue 13: the main screens look as they did, at 1440 and 390 px. Each is compared with its
 * baseline in visual.spec.ts-snapshots/ (committed); a change that moves, recolours or hides
 * anything fails. After an intended change, look at the new pictures and update them with
 * `npx playwright test tests/visual.spec.ts --update-snapshots` (from e2e/).
 *
 * What other tests change on the same server at the same time (the board's notifications) is
 * masked; everything else on these screens is fixed by the data below.
 */
import { adminApi, createCertificate, PASSWORD } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { BASE_URL, SLOW_STATE } from '../support/env';
import { request } from '@playwright/test';
import { clientHeaders, expect, type Page, test } from '../support/test';
import { logIn } from './member-support';
import { openScreen } from '../support/session';

// One worker makes the member, the rest reuse it: in order.
test.describe.configure({ mode: 'serial' });

const MEMBER = {
  name: 'Robin Visual',
  email: 'robin.visual@example.org',
  certificateNo: 'CRA-VISUAL-0001',
};

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Fonts loaded, nothing loading, nothing moving: the picture is the screen at rest. */
async function settle(page: Page) {
  await page.evaluate(
    () => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready,
  );
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(
    0,
    SLOW_STATE,
  );
}

async function expectScreen(page: Page, name: string) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    caret: 'hide',
    // The bell's count is the board's, and other tests add notifications while this one runs.
    mask: [page.getByRole('button', { name: 'Notifications' })],
    // A colour counts as changed from a small step (Playwright's default, 0.2, passes a shade
    // change of the brand colour); anti-aliasing may still differ at a few edge pixels.
    threshold: 0.05,
    maxDiffPixelRatio: 0.001,
  });
}

test.beforeAll('the member exists, with one certificate', async () => {
  const admin = await adminApi();
  await createCertificate(admin, {
    userEmail: MEMBER.email,
    certificateNo: MEMBER.certificateNo,
    name: 'Certified Recycling Advocate',
    validTill: '2031-06-30',
    // Issue 31: "Issued" is on the screen; a fixed day keeps the baseline from changing daily.
    awardedOn: '2025-06-30',
  });
  await admin.dispose();
  const member = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, ...clientHeaders() },
  });
  const signup = await member.post('/api/auth/signup', {
    data: { name: MEMBER.name, email: MEMBER.email, certificateNo: MEMBER.certificateNo, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = /\b(\d{6})\b/.exec((await waitForMail(MEMBER.email, /verification code/i)).text)?.[1];
  const verify = await member.post('/api/auth/verify-email', { data: { code } });
  expect(verify.status(), await verify.text()).toBe(200);
  await member.dispose();
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // The footer's year comes from the browser's clock: a picture taken next year must match too.
    test.beforeEach(({ page }) => page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z')));

    test(`guest screens (${viewport.name})`, async ({ page }) => {
      for (const [path, name] of [
        ['/', 'landing'],
        ['/login', 'login'],
        ['/signup', 'signup'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectScreen(page, `${name}-${viewport.name}`);
      }
    });

    test(`member screens (${viewport.name})`, async ({ page }) => {
      await logIn(page, MEMBER.email, PASSWORD);
      for (const [path, name] of [
        ['/admin/default', 'dashboard'],
        ['/admin/certificates', 'certificates'],
        ['/admin/report', 'report'],
        ['/admin/profile', 'profile'],
      ] as const) {
        await openScreen(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectScreen(page, `${name}-${viewport.name}`);
      }
    });
  });
}
