import { expect, test } from '../support/test';
import { logIn, signIn } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { once } from './member-support';

// The tests share one member: in one worker, in order.
test.describe.configure({ mode: 'default' });
const sharedAdmin = once(adminApi);
const sharedMember = once(async () => createMember(await sharedAdmin()));

test('the notifications popover lists a notification with its link in a new tab', async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await sharedMember();
  const title = `Collection drive ${Date.now().toString(36)}`;
  const res = await admin.post('/api/notifications/add', {
    data: { title, message: 'Bring your sorted plastics on Saturday.', link: 'https://example.org/drive' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);

  await logIn(page, member.email, member.password);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(title)).toBeVisible();
  await expect(dialog.getByText('Bring your sorted plastics on Saturday.').first()).toBeVisible();
  const link = dialog.getByRole('link', { name: 'https://example.org/drive' }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('at 375 px the sidebar is a drawer opened by the burger', async ({ page }) => {
  const member = await sharedMember();
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, member.email, member.password);

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(sidebar).toBeVisible();
  const box = await page.getByRole('dialog').boundingBox();
  expect(box?.width).toBeCloseTo(285, 0);
  await sidebar.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/admin\/help$/);
  await expect(sidebar).toBeHidden();
});

test('on a wide screen the sidebar stays, the content is 290 px narrower, and the navbar changes on scroll', async ({
  page,
}) => {
  const member = await sharedMember();
  await page.setViewportSize({ width: 1400, height: 400 });
  await logIn(page, member.email, member.password);
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
  const main = await page.getByRole('main').boundingBox();
  const viewport = (await page.evaluate('document.documentElement.clientWidth')) as number;
  expect(main?.width).toBeCloseTo(viewport - 290, 0);

  const header = page.getByRole('banner');
  await expect(header).not.toHaveAttribute('data-scrolled');
  // The page can only scroll once the dashboard's lazily loaded content has made it tall.
  await expect(page.getByRole('region', { name: 'User Dashboard' })).toBeVisible();
  await expect(async () => {
    await page.evaluate('window.scrollTo(0, 200)');
    await expect(header).toHaveAttribute('data-scrolled', 'true', { timeout: 1000 });
  }).toPass();
  await page.evaluate('window.scrollTo(0, 0)');
  await expect(header).not.toHaveAttribute('data-scrolled');
});

test('/rtl/default renders right to left behind the same guard', async ({ page }) => {
  await page.goto('/rtl/default');
  await expect(page).toHaveURL(/\/login$/);

  const member = await sharedMember();
  await signIn(page, member.email, member.password);
  await page.goto('/rtl');
  await expect(page).toHaveURL(/\/rtl\/default$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[dir="rtl"]').getByRole('region', { name: 'User Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Help' })).toHaveAttribute(
    'href',
    '/rtl/help',
  );

  // Issue 35: an English heading sits on the right of a right-to-left screen, like everything
  // else on it (its words keep their own order).
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  // A string: the e2e package compiles without the DOM library.
  const ends = (await page.evaluate(`(() => {
    const el = [...document.querySelectorAll('main h2')].find((h) => h.textContent.trim() === 'User Dashboard');
    const range = document.createRange();
    range.selectNodeContents(el);
    return { text: range.getBoundingClientRect().right, box: el.getBoundingClientRect().right };
  })()`)) as { text: number; box: number };
  expect(Math.abs(ends.text - ends.box)).toBeLessThan(2);
});
