import fs from 'node:fs';
import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { signIn, signInAsAdmin } from '../support/session';
import { once } from './member-support';

// One member's certificate goes through the whole story: shared, verified, revoked.
test.describe.configure({ mode: 'serial' });
const sharedAdmin = once(adminApi);
const holder = once(async () => {
  const admin = await sharedAdmin();
  const member = await createMember(admin, { name: 'Vera Verifiable' });
  const certificate = await createCertificate(admin, { userEmail: member.email, name: 'Verified Advocate' });
  return { ...member, certificate };
});

test('a member opens a certificate, sees its QR code, and downloads the PDF and the credential', async ({ page }) => {
  const member = await holder();
  await signIn(page, member.email, member.password);
  await page.goto('/admin/certificates');
  const row = page.getByRole('row', { name: /Verified Advocate/ });
  await row.getByRole('button', { name: 'Verify & share' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(member.certificate.verificationUrl)).toBeVisible();
  const qr = dialog.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  // A real QR image that the browser decoded, not a placeholder.
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`certificate-${member.certificate.certificateNo}.pdf`);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const jsonDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download credential (.json)' }).click();
  const json = await jsonDownload;
  const credential = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as Record<string, unknown>;
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  // Each signed copy has its own id under the certificate's page (decision 0037).
  expect(credential.id).toBe(`${member.certificate.verificationUrl}/versions/1`);
  expect((credential.proof as { cryptosuite: string }).cryptosuite).toBe('eddsa-rdfc-2022');
  expect(JSON.stringify(credential)).not.toContain(member.email);

  const linkedIn = dialog.getByRole('link', { name: 'Add to LinkedIn' });
  const href = new URL((await linkedIn.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(href.searchParams.get('certUrl')).toBe(member.certificate.verificationUrl);
  expect(href.searchParams.get('certId')).toBe(member.certificate.certificateNo);
});

test('a guest opens the verification link and sees the certificate as Active', async ({ browser }) => {
  const member = await holder();
  const guest = await browser.newContext({ javaScriptEnabled: false });
  const page = await guest.newPage();
  const res = await page.goto(member.certificate.verificationUrl);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Active$/ })).toBeVisible();
  await expect(page.getByText('Vera Verifiable')).toBeVisible();
  await expect(page.getByText(member.certificate.certificateNo)).toBeVisible();
  await expect(page.getByText('Authentic.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(member.email);
  await guest.close();
});

test('an admin revokes it, and the guest’s reload shows Revoked', async ({ page, browser }) => {
  const member = await holder();
  const guest = await browser.newContext({ javaScriptEnabled: false });
  const guestPage = await guest.newPage();
  await guestPage.goto(member.certificate.verificationUrl);
  await expect(guestPage.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin/manage/certificates');
  await page.getByLabel('Search certificates').fill(member.certificate.certificateNo);
  const card = page.getByRole('article', { name: `Certificate ${member.certificate.certificateNo}` });
  await expect(card.getByText(member.certificate.verificationUrl)).toBeVisible();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  await card.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
  // The reason is required: nothing is sent without it.
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Certificate issued in error');
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(page.getByText('Certificate Revoked')).toBeVisible();
  await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(card.getByText(/Certificate issued in error/)).toBeVisible();

  await guestPage.reload();
  await expect(guestPage.getByRole('heading', { name: 'Revoked certificate' })).toBeVisible();
  await expect(guestPage.getByRole('definition').filter({ hasText: /^Revoked$/ })).toBeVisible();
  await expect(guestPage.getByText('Valid certificate')).toHaveCount(0);
  await guest.close();
});
