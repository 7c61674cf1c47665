import { expect, test } from '../support/test';
import { signIn } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a profile update with a new picture persists after a reload', async ({ page }) => {
  const member = await createMember(await adminApi(), { name: 'Pat Profile' });
  await signIn(page, member.email, member.password);
  await page.goto('/admin/profile');
  await expect(page.getByText('Human', { exact: true })).toBeVisible(); // spec §9 default gender
  await expect(page.getByText('Joined Since')).toBeVisible();

  await page.getByRole('button', { name: 'Update Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByLabel('Email')).toHaveValue(member.email);
  await dialog.getByLabel('Job').fill('Outreach Lead');
  await dialog.getByLabel('Age', { exact: true }).fill('34');
  await dialog.getByLabel('Phone Number').fill('+1 503 555 0100');
  await dialog.getByLabel('Country').fill('Canada');
  await dialog.getByLabel('Postal Code').fill('V5K 0A1');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Outreach Lead').first()).toBeVisible();

  await page.reload();
  await expect(page.getByText('Outreach Lead').first()).toBeVisible();
  await expect(page.getByText('Canada').first()).toBeVisible();
  await expect(page.getByText('V5K 0A1')).toBeVisible();
  await expect(page.getByText('+1 503 555 0100')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pat Profile' }).first()).toHaveAttribute('src', /\/api\/files\//);
});

test('a failed picture upload saves nothing', async ({ page }) => {
  const member = await createMember(await adminApi());
  await signIn(page, member.email, member.password);
  await page.goto('/admin/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await dialog.getByLabel('Job').fill('Should Not Save');
  // Not an image: the server refuses it, and the profile must stay as it was.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('There was an error updating your profile. Please try again later.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Should Not Save')).toHaveCount(0);
});
