import { expect, test } from '../support/test';
import { signInAsAdmin } from '../support/session';

test('an admin edits the help lists and the help page shows them', async ({ page }) => {
  const tag = Date.now().toString(36);
  const texts = {
    first: `Log in with the e-mail you registered with ${tag}`,
    second: `Renew a month before expiry ${tag}`,
    contact: `Board office, Main St 1 ${tag}`,
    email: `help.${tag}@example.org`,
  };
  await signInAsAdmin(page);
  await page.goto('/admin/manage/help');
  await expect(page.getByRole('heading', { name: 'Help & Support' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();

  const instructions = page.getByRole('region', { name: 'Instructions' });
  await instructions.getByRole('textbox', { name: 'Instructions entry 1' }).fill(texts.first);
  await instructions.getByRole('button', { name: 'Add instruction' }).click();
  await instructions.getByRole('textbox', { name: 'Instructions entry 2' }).fill(texts.second);

  const contacts = page.getByRole('region', { name: 'Contact Details' });
  // Clear whatever contact details are there (the starting content has two).
  const held = await contacts.getByRole('textbox').count();
  for (let left = held; left > 0; left--) {
    await contacts.getByRole('button', { name: 'Delete contact detail 1' }).click();
    await expect(contacts.getByRole('textbox')).toHaveCount(left - 1);
  }
  await contacts.getByRole('button', { name: 'Add contact detail' }).click();
  await contacts.getByRole('textbox', { name: 'Contact Details entry 1' }).fill(texts.contact);

  const emails = page.getByRole('region', { name: 'Emails' });
  await emails.getByRole('textbox', { name: 'Emails entry 1' }).fill(texts.email);
  // A row added and left empty is dropped.
  await emails.getByRole('button', { name: 'Add email' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  // Back in view mode.
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  for (const text of Object.values(texts)) await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Contact details will appear here.')).toBeHidden();

  await page.goto('/admin/help');
  for (const text of Object.values(texts)) await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Contact details will appear here.')).toBeHidden();
});
