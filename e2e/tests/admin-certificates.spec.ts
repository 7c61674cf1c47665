import { type Browser, expect, test, clientHeaders } from '../support/test';
import { ADMIN } from '../support/env';
import { confirmItIsYou, signIn } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { expectFits, SMALL_PHONE } from '../support/phone';

async function memberSees(browser: Browser, member: { email: string; password: string }, text: string) {
  const context = await browser.newContext({ extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  await expect(page.getByText(text)).toBeVisible();
  await context.close();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

test('an admin creates, edits and deletes a certificate with a document; the member sees it', async ({
  page,
  browser,
}) => {
  const member = await createMember(await adminApi());
  const certificateNo = `E2E-${Date.now().toString(36)}`;
  const name = `Advanced Sorting ${certificateNo}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/manage/certificates');

  // Create, with a PDF uploaded first.
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Certificate' });
  await dialog.getByLabel('User Email').fill(member.email);
  await dialog.getByLabel('Certificate No').fill(certificateNo);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Valid Till').fill('2031-03-15');
  await expect(dialog.getByLabel('Status')).toHaveValue('Active');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The certificate has been created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Searched on the server.
  await page.getByRole('textbox', { name: 'Search certificates' }).fill(certificateNo);
  const card = page.getByRole('article', { name: `Certificate ${certificateNo}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(member.email)).toBeVisible();
  const status = card.getByText('Active', { exact: true });
  await expect(status).toBeVisible();
  // Beside the long title the badge keeps its width: its label is not cut short.
  type Box = { scrollWidth: number; clientWidth: number };
  expect(await status.evaluate((el) => (el as unknown as Box).scrollWidth <= (el as unknown as Box).clientWidth)).toBe(
    true,
  );
  const download = card.getByRole('link', { name: 'Download Certificate' });
  await expect(download).toHaveAttribute('target', '_blank');
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\//);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Edit: the form is prefilled, validTill as a date.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Certificate' });
  await expect(edit.getByLabel('User Email')).toHaveValue(member.email);
  await expect(edit.getByLabel('Certificate No')).toHaveValue(certificateNo);
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Valid Till')).toHaveValue('2031-03-15');
  await expect(edit.getByLabel('Status')).toHaveValue('Active');
  await edit.getByLabel('Name').fill(`${name} II`);
  await edit.getByLabel('Status').selectOption('Inactive');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The certificate has been updated successfully.')).toBeVisible();
  await expect(card.getByText(`${name} II`)).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  // The document is kept when no new file is chosen.
  await expect(card.getByRole('link', { name: 'Download Certificate' })).toHaveAttribute('href', href!);

  // The holder sees it among their certificates.
  await memberSees(browser, member, `${name} II`);

  // Delete, after a confirmation.
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete certificate' }).getByRole('button', { name: 'Delete' }).click();
  // Issue 30 (F10): a delete asks for a step-up.
  await confirmItIsYou(page);
  await expect(page.getByText('The certificate has been deleted successfully.')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText('No certificates match your search.')).toBeVisible();
});

test('the search, the order and the page are kept in the address; the QR opens from its button', async ({ page }) => {
  // Issue 35: a reload or a shared link shows the same list; the cards draw no QR until asked.
  const admin = await adminApi();
  const tag = `URL-${Date.now().toString(36)}`;
  for (const [no, name, status] of [
    [`${tag}-1`, 'Zinnia Sorting', 'Active'],
    [`${tag}-2`, 'Aster Sorting', 'Active'],
    [`${tag}-3`, 'Yarrow Sorting', 'Inactive'],
  ] as const) {
    const res = await admin.post('/api/certificates', {
      data: { userEmail: `${no.toLowerCase()}@example.org`, certificateNo: no, name, status, validTill: '2031-01-01' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/manage/certificates');
  await page.getByRole('textbox', { name: 'Search certificates' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await page.getByRole('combobox', { name: 'Sort certificates by' }).selectOption({ label: 'Sort: Name, A to Z' });
  await expect(page).toHaveURL(/[?&]sort=name/);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Aster Sorting');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search certificates' })).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Sort certificates by' })).toHaveValue('name');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Aster Sorting');

  // A filter narrows the list on the server and is kept in the address.
  await expect(page.getByRole('checkbox', { name: 'All 3 matching' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Inactive');
  await expect(page).toHaveURL(/[?&]status=Inactive/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Yarrow Sorting');

  // Issue 35: "all matching" carries the filter too: the bulk revoke takes the suspended one only.
  await page.getByRole('checkbox', { name: 'All 1 matching' }).check();
  await page.getByRole('button', { name: 'Revoke all 1 matching' }).click();
  const revoking = page.getByRole('dialog', { name: 'Revoke certificates' });
  await revoking.getByRole('button', { name: 'Revoke 1 certificate' }).click();
  await expect(revoking.getByText('A reason is required')).toBeVisible();
  await revoking.getByRole('textbox', { name: 'Reason' }).fill('Suspended for a year');
  await revoking.getByRole('button', { name: 'Revoke 1 certificate' }).click();
  await confirmItIsYou(page);
  await expect(page.getByText('1 certificate revoked')).toBeVisible();
  await expect(page.getByText('No certificates match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Revoked');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Yarrow Sorting');
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Active');
  await expect(cards).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Filter by end date' }).selectOption('30');
  await expect(page.getByText('No certificates match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by end date' }).selectOption('');
  await expect(cards).toHaveCount(2);

  const card = page.getByRole('article', { name: `Certificate ${tag}-1` });
  await expect(card.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'QR code' }).click();
  await expect(page.getByRole('img', { name: `QR code of the verification link of ${tag}-1` })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: SMALL_PHONE });

  test('the order and the filters fold behind one button, and the bulk actions appear once rows are chosen', async ({
    page,
  }) => {
    const admin = await adminApi();
    const tag = `FOLD-${Date.now().toString(36)}`;
    const res = await admin.post('/api/certificates', {
      data: {
        userEmail: `${tag.toLowerCase()}@example.org`,
        certificateNo: tag,
        name: 'Folded',
        validTill: '2031-01-01',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/rtl/manage/certificates?q=${tag}`);
    const tools = page.getByRole('button', { name: 'Sort and filters' });
    const status = page.getByRole('combobox', { name: 'Filter by status' });
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(status).toBeHidden();
    // Nothing chosen: no bulk button yet, the first card is on the first screen.
    await expect(page.getByRole('button', { name: /all 1 matching|selected/ })).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeInViewport();

    await tools.click();
    await expect(tools).toHaveAttribute('aria-expanded', 'true');
    await status.selectOption('Active');
    await expect(page).toHaveURL(/[?&]status=Active/);
    await expect(page.getByRole('button', { name: 'Sort and filters (1)' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select certificate ${tag}` }).check();
    await expect(page.getByRole('button', { name: 'Revoke selected (1)' })).toBeVisible();
    await expectFits(page);
  });
});
