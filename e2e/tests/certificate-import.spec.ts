import { expect, test } from '../support/test';
import { ADMIN, SLOW_STATE } from '../support/env';
import { signIn } from '../support/session';

/** A 1,000-row CSV of certificates, three of whose rows are bad (a spreadsheet's row numbers: the header is 1). */
function registry(prefix: string) {
  const rows = ['userEmail,certificateNo,name,status,validTill'];
  for (let i = 1; i <= 1000; i++) {
    rows.push(
      `holder.${prefix}.${i}@example.org,${prefix}-${String(i).padStart(4, '0')},Recycling Advocate,Active,2031-01-01`,
    );
  }
  rows[10] = `not-an-email,${prefix}-0010,Recycling Advocate,Active,2031-01-01`;
  rows[500] = `holder.${prefix}.500@example.org,${prefix}-0500,Recycling Advocate,Sleeping,2031-01-01`;
  rows[900] = `holder.${prefix}.900@example.org,${prefix}-0900,Recycling Advocate,Active,someday`;
  return `${rows.join('\n')}\n`;
}

test('an admin previews, checks and imports a 1,000-row CSV, sees its 3 bad rows, then finds the rows in the list', async ({
  page,
}) => {
  const prefix = `IMP${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/manage/certificates');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import certificates' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'registry.csv', mimeType: 'text/csv', buffer: Buffer.from(registry(prefix)) });

  // 1. The preview: the first rows and where each column goes.
  const preview = dialog.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByText('→ certificateNo')).toBeVisible();
  await expect(preview.getByText(`${prefix}-0001`)).toBeVisible();

  // 2. The check: nothing stored, every problem listed and downloadable.
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('1,000 rows: 997 to create, 0 to update, 0 unchanged, 3 problems.')).toBeVisible();
  const problems = dialog.getByRole('table', { name: 'Problems' });
  await expect(problems.getByRole('row')).toHaveCount(4);
  await expect(problems.getByRole('row', { name: /^11 userEmail/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^501 status Status must be Active or Inactive$/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^901 validTill Enter a valid date/ })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download problems (CSV)' }).click();
  const file = await (await downloading).createReadStream();
  let text = '';
  for await (const chunk of file) text += String(chunk);
  expect(text.split('\r\n')).toHaveLength(4);
  expect(text).toContain('901,validTill,Enter a valid date');

  // 3. The import.
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('1,000 rows: 997 created, 0 updated, 0 unchanged, 3 problems.')).toBeVisible(
    SLOW_STATE,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('textbox', { name: 'Search certificates' }).fill(`${prefix}-0002`);
  await expect(page.getByRole('article', { name: `Certificate ${prefix}-0002` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search certificates' }).fill(`${prefix}-0010`);
  await expect(page.getByText('No certificates match your search.')).toBeVisible();
});
