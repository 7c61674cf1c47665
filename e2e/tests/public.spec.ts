import { expect, test } from '../support/test';

test('a guest opening /admin/default lands on /login', async ({ page }) => {
  await page.goto('/admin/default');
  await expect(page).toHaveURL(/\/login$/);
});

test('the landing page shows its texts and contact details', async ({ page, request }) => {
  const config = (await (await request.get('/api/config')).json()) as { supportEmail: string; boardUrl: string };
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Certified Recycling Advocate' })).toBeVisible();
  await expect(page.getByText('Your pathway to professional certification')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For Certified Users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For Non-Certified Individuals' })).toBeVisible();
  await expect(
    page.getByText(/same email address you used when you registered with the certifying board/),
  ).toBeVisible();
  await expect(page.getByText(/training and pass the exam/)).toBeVisible();
  await expect(page.getByRole('link', { name: config.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${config.supportEmail}`,
  );
  await expect(page.getByRole('link', { name: config.boardUrl })).toHaveAttribute('href', config.boardUrl);
});

for (const [button, path, heading] of [
  ['Sign Up', '/signup', 'Create Account'],
  ['Login', '/login', 'Welcome Back'],
  ['Get Started', '/signup', 'Create Account'],
  ['Sign In', '/login', 'Welcome Back'],
] as const) {
  test(`the landing page's '${button}' leads to ${path}`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: button, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  });
}

test('a guest at an address that does not exist is told so and led home or to the login (issue 35)', async ({
  page,
}) => {
  await page.goto('/no-such-page?from=mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no-such-page', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
