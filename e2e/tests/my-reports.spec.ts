import { expect, test } from '../support/test';
import { signIn, openScreen } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { SLOW_STATE } from '../support/env';
import { DESKTOP, PHONE, expectFits } from '../support/phone';

/** Issue 35: "My reports", the reports a member filed (name, date, state), read-only. */
for (const { viewport, layout } of [
  { viewport: PHONE, layout: '/rtl' },
  { viewport: DESKTOP, layout: '/admin' },
] as const) {
  test(`at ${viewport.width} px on ${layout}, a member sees the reports they filed and nobody else's`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await adminApi();
    const filer = await createMember(admin, { name: 'Field Worker' });
    const someoneElse = await createMember(admin, { name: 'Other Worker' });
    const tag = Date.now().toString(36);
    for (const [api, clientName] of [
      [filer.api, `Ana Older ${tag}`],
      [filer.api, `Ben Newer ${tag}`],
      [someoneElse.api, `Cy Theirs ${tag}`],
    ] as const) {
      const res = await api.post('/api/reports', { data: { clientName } });
      expect(res.status(), await res.text()).toBe(201);
    }

    await signIn(page, filer.email, filer.password);
    await openScreen(page, `${layout}/report`);
    await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
    await page.getByRole('button', { name: 'My reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'My reports' });
    const items = dialog.getByRole('list', { name: 'Reports you filed' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    // Newest first, each with when it was filed and its state.
    await expect(items.nth(0)).toContainText(`Ben Newer ${tag}`);
    await expect(items.nth(1)).toContainText(`Ana Older ${tag}`);
    await expect(items.nth(0)).toContainText(/Filed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d/);
    await expect(dialog).toContainText('2 reports filed');
    await expect(dialog).not.toContainText(`Cy Theirs ${tag}`);
    // Read-only: nothing in it opens or changes a report.
    await expect(dialog.getByRole('button', { name: /edit|delete|view/i })).toHaveCount(0);
    await expectFits(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
}

test('a member who filed nothing is told so, and where reports will appear', async ({ page }) => {
  const admin = await adminApi();
  const newcomer = await createMember(admin, { name: 'New Worker' });
  await signIn(page, newcomer.email, newcomer.password);
  await openScreen(page, '/admin/report');
  await page.getByRole('button', { name: 'My reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'My reports' });
  await expect(dialog.getByText('You have not filed a report yet')).toBeVisible();
  await expect(dialog.getByText('Reports you file appear here.')).toBeVisible();
});
