import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { SLOW_STATE } from '../support/env';
import { PHONE, SMALL_PHONE, pageWidth } from '../support/phone';
import { signIn, signInAsAdmin } from '../support/session';
import { once } from './member-support';

// Issue 35: every screen a guest, a member and an administrator can reach fits a phone (360 and
// 390 px), in the ltr and the rtl layout: no page is wider than the viewport.

const MEMBER_PATHS = ['/default', '/certificates', '/report', '/job-board', '/profile', '/two-factor', '/help'];
const ADMIN_PATHS = [
  '/manage/certificates',
  '/manage/reports',
  '/manage/notifications',
  '/manage/jobs',
  '/manage/users',
  '/manage/help',
  '/manage/audit',
  '/manage/renewal-reminders',
  '/hmis-export',
  '/manage/trash',
];

const sharedAdmin = once(adminApi);
const sharedMember = once(async () => {
  const admin = await sharedAdmin();
  const member = await createMember(admin, { name: 'Phoebe Phone' });
  await createCertificate(admin, { userEmail: member.email, name: 'Phone Width Advocate' });
  return member;
});

/**
 * What sticks out, for the failure message: the outermost elements whose box passes an edge of
 * the viewport (strings: the e2e package compiles without the DOM library).
 */
const overflowing = (page: Page) =>
  page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      if (el.parentElement && out.some((o) => o.el.contains(el))) continue;
      out.push({ el, what: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') + ' ' + Math.round(box.left) + '..' + Math.round(box.right) });
    }
    return out.slice(0, 5).map((o) => o.what);
  })()`) as Promise<string[]>;

/** Opens a screen and waits until it has loaded what it shows. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main, [role="main"], body').first()).toBeVisible(SLOW_STATE);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // What the screen lists is in: no loader (Mantine's) or skeleton left.
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0, SLOW_STATE);
  // The screen itself, not a redirect to the login or the dashboard.
  expect(new URL(page.url()).pathname).toBe(path);
}

async function expectFits(page: Page, path: string, width: number) {
  const wide = await pageWidth(page);
  expect(
    wide,
    `${path} is ${wide} px wide at ${width} px: ${(await overflowing(page)).join(', ')}`,
  ).toBeLessThanOrEqual(width);
}

for (const viewport of [SMALL_PHONE, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the guest screens fit', async ({ page }) => {
      const admin = await sharedAdmin();
      const { verificationUrl } = await createCertificate(admin, { userEmail: 'phone.guest@example.org' });
      for (const path of [
        '/',
        '/signup',
        '/login',
        '/forgot-password',
        '/no-such-page',
        new URL(verificationUrl).pathname,
      ]) {
        await open(page, path);
        await expectFits(page, path, viewport.width);
      }
    });

    for (const layout of ['/admin', '/rtl'] as const) {
      test(`a member's screens fit (${layout})`, async ({ page }) => {
        const member = await sharedMember();
        await signIn(page, member.email, member.password);
        for (const path of MEMBER_PATHS) {
          await open(page, `${layout}${path}`);
          await expectFits(page, `${layout}${path}`, viewport.width);
        }
      });

      test(`an administrator's screens fit (${layout})`, async ({ page }) => {
        await signInAsAdmin(page);
        for (const path of ADMIN_PATHS) {
          await open(page, `${layout}${path}`);
          await expectFits(page, `${layout}${path}`, viewport.width);
        }
      });
    }
  });
}
