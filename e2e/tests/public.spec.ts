import { expect, test } from '@playwright/test';

test('a guest opening /admin/default lands on /login', async ({ page }) => {
  await page.goto('/admin/default');
  await expect(page).toHaveURL(/\/login$/);
});
