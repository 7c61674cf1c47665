import { expect, test } from '../support/test';
import { ADMIN } from '../support/env';
import { logInAsAdmin } from '../support/session';
import { adminApi, createCertificate, uniqueEmail } from '../support/fixtures';
import { expectFits, SMALL_PHONE } from '../support/phone';

test('an admin change shows up in the Audit Log, found by its action and target', async ({ page }) => {
  const admin = await adminApi();
  const title = `Audited drive ${Date.now().toString(36)}`;
  const res = await admin.post('/api/notifications/add', {
    data: { title, message: 'Sorted plastics on Saturday.', link: 'https://example.org/drive' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id: id } = (await res.json()) as { _id: string };

  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/manage\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' }).first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table).toBeVisible();

  await page.getByRole('textbox', { name: 'Action' }).fill('notification.create');
  await page.getByRole('textbox', { name: 'Target id' }).fill(id);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one change
  const row = rows.nth(1);
  await expect(row.getByRole('cell', { name: 'notification.create' })).toBeVisible();
  await expect(row.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  // Issue 35: the record by its name, not its id.
  await expect(row.getByRole('cell').nth(3)).toHaveText(`notification${title}`);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(row.getByRole('cell').nth(5)).toContainText(`title: ${title}`);

  // A filter nothing matches says so.
  await page.getByRole('textbox', { name: 'Action' }).fill('notification.delete');
  await page.getByRole('textbox', { name: 'Action' }).press('Escape'); // closes the suggestions
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
});

test('a certificate in the Audit Log links to the certificate list, searched for its number', async ({ page }) => {
  const admin = await adminApi();
  const { _id: id, certificateNo } = await createCertificate(admin, {
    userEmail: uniqueEmail('linked'),
    name: 'Linked Advocate',
  });
  await logInAsAdmin(page);
  await page.goto('/admin/manage/audit');
  await page.getByRole('textbox', { name: 'Target id' }).fill(id);
  const link = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('link', { name: `${certificateNo} · Linked Advocate` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/admin/manage/certificates' && url.searchParams.get('q') === certificateNo,
  );
  await expect(page.getByRole('article', { name: `Certificate ${certificateNo}` })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: SMALL_PHONE });

  test('each entry is a card that names its record first, and the filters fold behind one button', async ({ page }) => {
    // Issue 35: the 900 px table left Target off the screen.
    const admin = await adminApi();
    const { _id: id, certificateNo } = await createCertificate(admin, {
      userEmail: uniqueEmail('phone-audit'),
      name: 'Pocket Advocate',
    });
    await logInAsAdmin(page);
    await page.goto('/rtl/manage/audit');
    const filters = page.getByRole('button', { name: 'Filters' });
    const targetId = page.getByRole('textbox', { name: 'Target id' });
    await expect(targetId).toBeHidden();
    await expect(page.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
    await filters.click();
    await targetId.fill(id);
    // Folded again, the filters leave the first entry on the first screen.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect(targetId).toBeHidden();

    const entries = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText('certificate.create');
    await expect(entry).toContainText(`By ${ADMIN.email}`);
    const link = entry.getByRole('link', { name: `${certificateNo} · Pocket Advocate` });
    await expect(link).toBeInViewport();
    await expectFits(page);
    await link.click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/rtl/manage/certificates' && url.searchParams.get('q') === certificateNo,
    );
  });
});
