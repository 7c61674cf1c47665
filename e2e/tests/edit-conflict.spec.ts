import { adminApi } from '../support/fixtures';
import { signInAsAdmin } from '../support/session';
import { type Browser, clientHeaders, expect, test } from '../support/test';

/** An administrator's own browser, on the admin jobs screen, searched down to one job. */
async function adminBrowser(browser: Browser, search: string) {
  const context = await browser.newContext({ extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/manage/jobs');
  await page.getByRole('textbox', { name: 'Search jobs' }).fill(search);
  return { context, page };
}

// Issue 16 (decision 0015): two admins edit the same job; the second save does not silently undo the first.
test('the second of two admins editing one job sees the conflict, reloads, and saves on top', async ({ browser }) => {
  const tag = Date.now().toString(36);
  const title = `Route Coordinator ${tag}`;
  const api = await adminApi();
  const created = await api.post('/api/jobs', {
    data: {
      title,
      company: 'Green City',
      location: 'Portland, OR',
      description: 'Plans the collection routes.',
      applyLink: `https://careers.example.org/${tag}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };

  const first = await adminBrowser(browser, tag);
  const second = await adminBrowser(browser, tag);
  const firstDialog = first.page.getByRole('dialog', { name: 'Edit Job' });
  const secondDialog = second.page.getByRole('dialog', { name: 'Edit Job' });
  // Both open the job as it is now.
  for (const { page } of [first, second]) {
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Job' }).getByLabel('Location')).toHaveValue('Portland, OR');
  }

  await firstDialog.getByLabel('Location').fill('Salem, OR');
  await firstDialog.getByRole('button', { name: 'Update' }).click();
  await expect(first.page.getByText('The job was updated successfully.')).toBeVisible();

  await secondDialog.getByLabel('Title').fill(`Senior ${title}`);
  await secondDialog.getByRole('button', { name: 'Update' }).click();
  const conflict = secondDialog.getByRole('alert', { name: 'Someone else changed this job since you opened it.' });
  await expect(conflict).toBeVisible();
  const theirs = conflict.getByRole('list', { name: 'Their values' });
  await expect(theirs).toContainText('Location: Salem, OR');
  await expect(theirs).toContainText(`Title: ${title}`);
  await expect(second.page.getByText('The job was updated successfully.')).toBeHidden();
  // Nothing of the second admin's was saved.
  const unchanged = ((await (await api.get(`/api/jobs?q=${tag}`)).json()) as { title: string; location: string }[])[0];
  expect(unchanged).toMatchObject({ title, location: 'Salem, OR' });

  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(secondDialog.getByLabel('Location')).toHaveValue('Salem, OR');
  await expect(secondDialog.getByLabel('Title')).toHaveValue(title);
  await secondDialog.getByLabel('Title').fill(`Senior ${title}`);
  await secondDialog.getByRole('button', { name: 'Update' }).click();
  await expect(second.page.getByText('The job was updated successfully.')).toBeVisible();
  await expect(secondDialog).toBeHidden();
  await expect(second.page.getByRole('article', { name: `Senior ${title}` }).getByText('Salem, OR')).toBeVisible();

  // Both changes stand.
  const saved = ((await (await api.get(`/api/jobs?q=${tag}`)).json()) as { _id: string }[])[0];
  expect(saved).toMatchObject({ _id, title: `Senior ${title}`, location: 'Salem, OR', version: 3 });
  await first.context.close();
  await second.context.close();
  await api.dispose();
});
