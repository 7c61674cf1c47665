import { expect, test } from '../support/test';
import { confirmItIsYou, signInAsAdmin } from '../support/session';

test('an admin creates, edits and deletes a job; the job board follows', async ({ page }) => {
  const tag = Date.now().toString(36);
  const title = `Route Coordinator ${tag}`;
  await signInAsAdmin(page);
  await page.goto('/admin/manage/jobs');

  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Job' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Company').fill('Green City');
  await dialog.getByLabel('Location').fill('Portland, OR');
  await dialog.getByLabel('Description').fill('Plans the collection routes.');
  // spec §5: a link that is not a URL is refused with a toast.
  await dialog.getByLabel('Apply Link').fill('not a link');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Please enter a valid apply link.')).toBeVisible();
  await expect(dialog).toBeVisible();
  // A link without a scheme gets https://.
  await dialog.getByLabel('Apply Link').fill(`careers.example.org/${tag}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The job was created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search jobs' }).fill(tag);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Green City')).toBeVisible();
  const visit = card.getByRole('link', { name: 'Visit Job' });
  await expect(visit).toHaveAttribute('href', `https://careers.example.org/${tag}`);
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');

  // Edit: prefilled, then saved.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Job' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Apply Link')).toHaveValue(`https://careers.example.org/${tag}`);
  await edit.getByLabel('Title').fill(`Senior ${title}`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The job was updated successfully.')).toBeVisible();
  const updated = page.getByRole('article', { name: `Senior ${title}` });
  await expect(updated).toBeVisible();

  // The member's job board shows the change.
  await page.goto('/admin/job-board');
  await expect(page.getByText(`Senior ${title}`)).toBeVisible();

  await page.goto('/admin/manage/jobs');
  await page.getByRole('textbox', { name: 'Search jobs' }).fill(tag);
  await updated.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete job' }).getByRole('button', { name: 'Delete' }).click();
  // Issue 30 (F10): a delete asks for a step-up.
  await confirmItIsYou(page);
  await expect(page.getByText('The job was deleted successfully.')).toBeVisible();
  await expect(page.getByText('No jobs found.')).toBeVisible();
});
