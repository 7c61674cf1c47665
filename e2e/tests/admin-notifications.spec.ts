import { expect, test } from '../support/test';
import { confirmItIsYou, signInAsAdmin } from '../support/session';

test('an admin adds a notification (the link gets https://), the top bar shows it, then deletes it', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const title = `Drive on Saturday ${tag}`;
  await signInAsAdmin(page);
  await page.goto('/admin/manage/notifications');
  await expect(page.getByRole('heading', { name: 'Manage Notifications' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  // spec §5: an empty field is refused first.
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Bring gloves.');
  await dialog.getByLabel('Link').fill(`example.org/drives/${tag}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The notification has been successfully added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const link = `https://example.org/drives/${tag}`;
  await expect(page.getByRole('link', { name: link })).toBeVisible();

  // The top bar's popover updates without a reload.
  await page.getByRole('button', { name: 'Notifications' }).click();
  const popover = page.getByRole('dialog').filter({ hasText: 'Bring gloves.' });
  await expect(popover.getByText(title)).toBeVisible();
  await expect(popover.getByRole('link', { name: link })).toHaveAttribute('href', link);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(popover).toBeHidden();

  await page.getByRole('button', { name: `Delete notification ${title}` }).click();
  // Issue 30 (F10): a delete asks for a step-up.
  await confirmItIsYou(page);
  await expect(page.getByText('The notification has been successfully deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete notification ${title}` })).toBeHidden();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText(title)).toBeHidden();
});
