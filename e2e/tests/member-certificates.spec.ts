import { expect, test, type APIRequestContext } from '../support/test';
import { signIn } from '../support/session';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { PHONE, SMALL_PHONE, expectFits } from '../support/phone';
import { inDays, once } from './member-support';

// Tests on one member run in one worker, in order; sign-up is rate limited (ARCHITECTURE §5).
test.describe.configure({ mode: 'default' });
const sharedAdmin = once(adminApi);
/** A member with a certificate expiring in 10 days and an expired one (and the sign-up one, no document). */
const expiringMember = once(async () => {
  const admin = await sharedAdmin();
  const member = await createMember(admin);
  await createCertificate(admin, { userEmail: member.email, name: 'Expiring Advocate', validTill: inDays(10) });
  await createCertificate(admin, { userEmail: member.email, name: 'Old Advocate', validTill: inDays(-3) });
  return member;
});
/** A member with 12 certificates: the sign-up one (a year) and Batch 01–11 (100–111 days). */
const twelveMember = once(async () => {
  const admin = await sharedAdmin();
  const member = await createMember(admin);
  for (let i = 1; i <= 11; i++) {
    const n = String(i).padStart(2, '0');
    await createCertificate(admin, { userEmail: member.email, name: `Batch ${n}`, validTill: inDays(100 + i) });
  }
  return member;
});

const BANNER = 'You have certificates expiring soon. Please renew them.';

/** The member's own certificates as the admin API lists them. */
async function certificatesOf(admin: APIRequestContext, email: string) {
  const res = await admin.get(`/api/certificates/${encodeURIComponent(email)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    _id: string;
    userEmail: string;
    certificateNo: string;
    name: string;
    status: string;
  }[];
}

test('a certificate expiring in 10 days shows the renewal banner', async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await expiringMember();
  const expiring = (await certificatesOf(admin, member.email)).find((c) => c.name === 'Expiring Advocate')!;

  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Expiring Advocate' })).toBeVisible();
  await expect(page.getByText(BANNER)).toBeVisible();
  // Issue 33: inside the first reminder's offset (60 days by default) it reads Expiring too.
  await expect(
    page.getByRole('row', { name: /Expiring Advocate/ }).getByText('Expiring', { exact: true }),
  ).toBeVisible();
  // Issue 33: members renew in the portal, on the Renewal tab of the certificate expiring first.
  await page.getByRole('link', { name: 'Renew Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/certificates/${expiring._id}/renewal$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Expiring Advocate' })).toBeVisible();
  await expect(page.getByText('Expires on')).toBeVisible();
});

test('a member whose only certificate expires in 60 days sees no banner', async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await createMember(admin);
  const [only] = await certificatesOf(admin, member.email);
  const res = await admin.put(`/api/certificates/${only!._id}`, {
    data: {
      userEmail: member.email,
      certificateNo: only!.certificateNo,
      name: 'Far Advocate',
      status: 'Active',
      validTill: inDays(60),
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);

  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  const row = page.getByRole('row', { name: /Far Advocate/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('an expired certificate is shown as Expired', async ({ page }) => {
  const member = await expiringMember();
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  const row = page.getByRole('row', { name: /Old Advocate/ });
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  // Issue 33: three days after, it is in its grace period (30 days by default), not lapsed.
  await expect(row.getByText('Grace', { exact: true })).toBeVisible();
});

test('sorting by a column changes the order both ways', async ({ page }) => {
  const member = await twelveMember();
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  const firstCell = page.locator('tbody tr').first().locator('td').first();
  const nameHeader = page.getByRole('columnheader', { name: 'NAME' });
  await expect(page.locator('tbody tr')).toHaveCount(11);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstCell).toHaveText('Batch 01');

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstCell).toHaveText('Certified Recycling Advocate');

  const validHeader = page.getByRole('columnheader', { name: 'Valid till' });
  await validHeader.getByRole('button').click();
  await expect(validHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(firstCell).toHaveText('Batch 01');
  await validHeader.getByRole('button').click();
  await expect(firstCell).toHaveText('Certified Recycling Advocate');
});

test('a 12th certificate is reachable on page 2', async ({ page }) => {
  const member = await twelveMember(); // its sign-up certificate is valid for a year: the latest
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  await page.getByRole('columnheader', { name: 'Valid till' }).getByRole('button').click();
  await expect(page.locator('tbody tr')).toHaveCount(11);
  await expect(page.getByRole('cell', { name: 'Batch 11' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Certified Recycling Advocate' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'Certified Recycling Advocate' })).toBeVisible();
});

test("'View Certificate' without a document says so", async ({ page }) => {
  const member = await expiringMember();
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  await page
    .getByRole('row', { name: /Expiring Advocate/ })
    .getByRole('button', { name: 'View Certificate' })
    .click();
  await expect(page.getByRole('dialog').getByText('No document available')).toBeVisible();
});

/** The smallest PDF a browser's viewer opens. */
const MINIMAL_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

test("'View Certificate' shows an uploaded PDF inline, and Download opens it in a new tab", async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await expiringMember();
  const upload = await admin.post('/api/upload-file', {
    multipart: { file: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from(MINIMAL_PDF) } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const { fileUrl } = (await upload.json()) as { fileUrl: string };
  await createCertificate(admin, { userEmail: member.email, name: 'Documented Advocate', downloadLink: fileUrl });

  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  const row = page.getByRole('row', { name: /Documented Advocate/ });
  const download = row.getByRole('link', { name: 'Download Certificate' });
  await expect(download).toHaveAttribute('href', fileUrl);
  await expect(download).toHaveAttribute('target', '_blank');
  await row.getByRole('button', { name: 'View Certificate' }).click();
  const viewer = page.getByRole('dialog').locator('object[type="application/pdf"]');
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute('data', fileUrl);
});

for (const viewport of [SMALL_PHONE, PHONE]) {
  for (const base of ['/admin', '/rtl']) {
    test(`at ${viewport.width} px on ${base}/certificates, each certificate is a card with its three actions in reach`, async ({
      page,
    }) => {
      // Issue 35: not a 760 px table whose actions sit off screen.
      const member = await expiringMember();
      await page.setViewportSize(viewport);
      await signIn(page, member.email, member.password);
      await page.goto(`${base}/certificates`);
      const card = page.getByRole('listitem', { name: 'Expiring Advocate' });
      await expect(card).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectFits(page);
      for (const name of ['View Certificate', 'Download Certificate', 'Verify & share']) {
        const action = card.getByRole(name === 'Download Certificate' ? 'link' : 'button', { name });
        const box = (await action.boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(44);
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
      }
      await card.getByRole('button', { name: 'Verify & share' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Copy verification link' })).toBeVisible();
      await expectFits(page);
    });
  }
}
