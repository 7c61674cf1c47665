import { expect, test } from '../support/test';
import { ADMIN } from '../support/env';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { PHONE, SMALL_PHONE, expectFits } from '../support/phone';
import { inDays, logIn, once } from './member-support';

// The tests share one member: in one worker, in order.
test.describe.configure({ mode: 'default' });
const sharedMember = once(async () => createMember(await adminApi()));

const USER_TILES = ['Certificates', 'Report', 'Job Board', 'Messages', 'Profile', 'Help'];
const ADMIN_TILES = [
  'All Certificates',
  'All Reports',
  'Manage Notifications',
  'All Jobs',
  'All Users',
  'Manage Help Page',
];

test('a member sees the User Dashboard tiles and no Admin Dashboard', async ({ page }) => {
  const member = await sharedMember();
  await logIn(page, member.email, member.password);

  const userDashboard = page.getByRole('region', { name: 'User Dashboard' });
  for (const name of USER_TILES) await expect(userDashboard.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Admin Menu')).toHaveCount(0);
  await expect(page.getByText(`Hello, ${member.name}`).first()).toBeVisible();

  await userDashboard.getByRole('link', { name: 'Job Board', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/job-board$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Job Board' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Job Board' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('an admin sees both dashboards and the Admin Menu', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const userDashboard = page.getByRole('region', { name: 'User Dashboard' });
  const adminDashboard = page.getByRole('region', { name: 'Admin Dashboard' });
  for (const name of USER_TILES) await expect(userDashboard.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ADMIN_TILES) await expect(adminDashboard.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Admin Menu')).toBeVisible();

  await adminDashboard.getByRole('link', { name: 'All Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
});

test('on a 360 px phone every tile label keeps its words whole', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logIn(page, ADMIN.email, ADMIN.password);
  const tiles = page.getByRole('region', { name: /^(User|Admin) Dashboard$/ }).getByRole('link');
  await expect(tiles).toHaveCount(USER_TILES.length + ADMIN_TILES.length);
  // The labels may break a word that cannot fit; without that, such a word would be wider than
  // its tile's content box.
  await page.addStyleTag({
    content: 'section a p { word-break: normal !important; overflow-wrap: normal !important; }',
  });
  const overflowing = await page.evaluate(`[...document.querySelectorAll('section a')]
    .filter((tile) => {
      const label = tile.querySelector('p');
      const box = getComputedStyle(tile);
      return label && label.scrollWidth > tile.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    })
    .map((tile) => tile.textContent)`);
  expect(overflowing).toEqual([]);
});

test('a member has no admin routes; the user menu leads to the profile and logs out', async ({ page }) => {
  const member = await sharedMember();
  await logIn(page, member.email, member.password);
  // A member has no admin routes.
  await page.goto('/admin/manage/users');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Default Brand Text' })).toBeVisible();
  // Issue 35: the 404 names what was asked and leads back into the dashboard.
  await expect(page.getByText('/admin/manage/users', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/admin/default');
  await expect(page.getByRole('link', { name: 'Help' }).last()).toHaveAttribute('href', '/admin/help');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/default');
  await expect(page).toHaveURL(/\/login$/);
});

for (const viewport of [SMALL_PHONE, PHONE]) {
  test(`at ${viewport.width} px, the dashboard opens with the certificates' standing and the next step`, async ({
    page,
  }) => {
    // Issue 35, first run: the member sees where their certificates stand above the tiles.
    await page.setViewportSize(viewport);
    const admin = await adminApi();
    const member = await createMember(admin, { name: 'Sky Standing' });
    const due = await createCertificate(admin, {
      userEmail: member.email,
      name: 'Soon Due Certificate',
      validTill: inDays(12),
    });
    await logIn(page, member.email, member.password);
    const standing = page.getByRole('region', { name: 'Your certificates' });
    await expect(standing).toContainText('2 active · 1 expiring soon');
    await expect(standing).toContainText('“Soon Due Certificate” expires on');
    // Issue 33: members renew in the portal, on the certificate's Renewal tab.
    await expect(standing.getByRole('link', { name: 'Renew Now' })).toHaveAttribute(
      'href',
      `/admin/certificates/${due._id}/renewal`,
    );
    await expectFits(page);
    for (const link of await standing.getByRole('link').all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await standing.getByRole('link', { name: 'View certificates' }).click();
    await expect(page).toHaveURL(/\/admin\/certificates$/);
  });
}
