import { expect, test } from '../support/test';
import { ADMIN } from '../support/env';
import { confirmItIsYou, signInAsAdmin } from '../support/session';
import { adminApi, createMember, uniqueEmail } from '../support/fixtures';

test('an admin finds a member by part of the e-mail, edits and deletes them', async ({ page }) => {
  const email = uniqueEmail('searchable');
  const member = await createMember(await adminApi(), { name: 'Sam Searchable', email });
  // The distinct middle of the address, in another case: the search ignores case.
  const part = email.split('@')[0]!.slice('searchable.'.length).toUpperCase();

  await signInAsAdmin(page);
  await page.goto('/admin/manage/users');
  await page.getByPlaceholder('Search by name or email...').fill(part);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2); // the header and the one match
  await expect(row.getByRole('cell', { name: member.certificateNo })).toBeVisible();

  await row.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details.getByText(email)).toBeVisible();
  await details.getByRole('button', { name: 'Edit User' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expect(edit.getByLabel('Name')).toHaveValue('Sam Searchable');
  await expect(edit.getByLabel('Certificate No')).toHaveValue(member.certificateNo);
  await expect(edit.getByRole('switch', { name: 'Administrator' })).not.toBeChecked();
  await edit.getByLabel('Gender').fill('Female');
  await edit.getByLabel('Job').fill('Route Planner');
  await edit.getByLabel('Age').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Age is required')).toBeVisible();
  await edit.getByLabel('Age').fill('34');
  await edit.getByLabel('State').fill('Oregon');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user has been updated successfully.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(details.getByText('Route Planner')).toBeVisible();
  await expect(details.getByText('Oregon')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('cell', { name: 'Route Planner' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '34', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'View' }).click();
  await details.getByRole('button', { name: 'Delete User' }).click();
  await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
  // Issue 30 (F10): a delete asks for a step-up.
  await confirmItIsYou(page);
  await expect(page.getByText('The user has been deleted successfully.')).toBeVisible();
  await expect(page.getByText('No users match your search.')).toBeVisible();
});

test('an admin cannot delete their own account and is told why', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/manage/users');
  await page.getByPlaceholder('Search by name or email...').fill(ADMIN.email);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: ADMIN.email });
  await row.getByRole('button', { name: 'View' }).click();
  await page.getByRole('dialog', { name: 'User Details' }).getByRole('button', { name: 'Delete User' }).click();
  await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User not deleted.')).toBeVisible();
  // The server's own reason is shown.
  await expect(page.getByText('You cannot delete your own account.', { exact: false })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
  await expect(row).toBeVisible();
});
