import { adminApi, createAdmin, uniqueEmail } from '../support/fixtures';
import { ADMIN_SCREENS, checkArabicScreen, pseudo, settle, untranslated, VIEWPORTS } from '../support/screens';
import { signIn } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Issue 34: every signed-in screen, member's and administrator's, in the pseudo-locale (no text
 * left in English) and in Arabic on a phone (390 and 360 px) and a desktop (right to left, fits, axe).
 * The administrator sees every screen a member does, and a certificate of their own (its renewal
 * tab). The guest screens and the dashboard's own checks are in languages.spec.ts.
 */

/** Stand-in for a popup blocker: /admin/messages stays on screen instead of leaving for the dashboard. */
const blockPopups = (page: Page) => page.addInitScript({ content: 'window.open = () => null;' });

/** An administrator of their own, whose profile reads `language`, signed in on `page`; and their screens. */
async function adminIn(page: Page, language: 'ar' | 'en') {
  const board = await adminApi();
  const admin = await createAdmin(board, { name: 'Layla Nasser', email: uniqueEmail('languages-admin') });
  const saved = await admin.api.put(`/api/users/${admin.user._id}`, { data: { name: admin.name, language } });
  expect(saved.status(), await saved.text()).toBe(200);
  const [certificate] = (await (
    await admin.api.get(`/api/certificates/${encodeURIComponent(admin.email)}`)
  ).json()) as { _id: string }[];
  await signIn(page, admin.email, admin.password);
  await blockPopups(page);
  return [...ADMIN_SCREENS, `certificates/${certificate!._id}/renewal`].map((screen) => `/admin/${screen}`);
}

/** Opens a screen and waits until it has stopped changing. */
async function open(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname, 'the screen itself, not a redirect').toBe(address.split('?')[0]);
  await settle(page);
}

test('in the pseudo-locale no signed-in screen shows English source text', async ({ page }) => {
  test.slow();
  for (const screen of await adminIn(page, 'en')) {
    await open(page, `${screen}?lang=en-XA`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('·');
    expect.soft(await untranslated(page), screen).toEqual([]);
  }
});

test('in the pseudo-locale every section of the intake form and the dialogs people open show no English source text', async ({
  page,
}) => {
  test.slow();
  await adminIn(page, 'en');
  await open(page, '/admin/report?lang=en-XA');
  const sections = page.locator('nav ol button');
  const count = await sections.count();
  expect(count, 'the form’s sections and its review').toBeGreaterThan(10);
  for (let i = 0; i < count; i++) {
    await sections.nth(i).click();
    await settle(page);
    expect.soft(await untranslated(page), `the intake form’s section ${i + 1}`).toEqual([]);
  }
  const dialogs: [string, RegExp][] = [
    ['/admin/profile', pseudo('Update Profile')],
    ['/admin/certificates', pseudo('Verify & share')],
    ['/admin/manage/certificates', pseudo('Add New')],
    ['/admin/manage/jobs', pseudo('Add New')],
    ['/admin/manage/notifications', pseudo('Add Notification')],
  ];
  for (const [screen, button] of dialogs) {
    await open(page, `${screen}?lang=en-XA`);
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    expect.soft(await untranslated(page), `the dialog of ${screen}`).toEqual([]);
  }
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`on a ${name}, every signed-in screen in Arabic is right to left, fits and has no axe violation`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    for (const screen of await adminIn(page, 'ar')) {
      await open(page, screen);
      await checkArabicScreen(page, screen, name === 'phone');
    }
  });
}
