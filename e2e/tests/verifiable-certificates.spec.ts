import fs from 'node:fs';
import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember, uniqueEmail } from '../support/fixtures';
import { BASE_URL } from '../support/env';
import { expectFits } from '../support/phone';
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
  // Issue 35: the QR opens from its button.
  await card.getByRole('button', { name: 'QR code' }).click();
  await expect(
    page.getByRole('img', { name: `QR code of the verification link of ${member.certificate.certificateNo}` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
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

// Issue 31: what an employer sees at a glance, on a phone and on a desktop, without JavaScript.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]) {
  test.describe(`the public page at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, javaScriptEnabled: false });

    test(`shows a checklist, the credential’s words, and the technical details folded away (${viewport.name})`, async ({
      page,
    }) => {
      const admin = await sharedAdmin();
      // A right-to-left name beside the English page: isolated, and nothing scrolls sideways.
      const cert = await createCertificate(admin, {
        userEmail: uniqueEmail('checklist'),
        name: 'Checklist Advocate',
        holderName: 'نور الهدى العبدالله',
      });
      const verificationId = cert.verificationUrl.split('/').pop()!;
      const res = await page.goto(cert.verificationUrl);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Valid certificate' })).toBeVisible();
      await expect(page.getByText('نور الهدى العبدالله', { exact: true })).toHaveAttribute('dir', 'auto');

      // Each check: a tick or a cross, named, and words that say it without them.
      const checks = page.getByRole('region', { name: 'What this page checked' });
      const items = checks.getByRole('listitem');
      await expect(items).toHaveCount(5);
      for (const [i, words] of [
        /Issued by Recycling Advocate Certification Board/,
        /Signature intact/,
        /Not revoked/,
        /Not made inactive/,
        /Not expired/,
      ].entries()) {
        await expect(items.nth(i)).toContainText(words);
        await expect(items.nth(i).getByRole('img', { name: 'Passed' })).toBeVisible();
      }
      await expect(checks.getByRole('img', { name: 'Failed' })).toHaveCount(0);
      const checkedAt = checks.locator('time');
      await expect(checks.getByText(/^Checked at \w+ \d{1,2}, \d{4} at \d{2}:\d{2}:\d{2} UTC$/)).toBeVisible();
      expect(Number.isNaN(Date.parse((await checkedAt.getAttribute('datetime'))!))).toBe(false);

      // What the credential is, in its signed words.
      await expect(page.getByRole('heading', { level: 2, name: 'About this credential' })).toBeVisible();
      await expect(page.getByText(/^Checklist Advocate, a credential of the /)).toBeVisible();
      await expect(page.getByText(/^How it is earned:/)).toBeVisible();

      // The technical detail is closed until asked for; the native disclosure needs no script.
      const summary = page.locator('summary', { hasText: 'Technical details' });
      const json = page.getByRole('link', { name: 'This check as JSON' });
      const did = page.getByText(/^did:web:localhost/);
      await expect(summary).toBeVisible();
      await expect(json).toBeHidden();
      await expect(did).toBeHidden();
      await summary.click();
      await expect(json).toBeVisible();
      await expect(json).toHaveAttribute('href', `${BASE_URL}/api/verify/${verificationId}`);
      await expect(did).toBeVisible();
      await expect(page.getByText('eddsa-rdfc-2022', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Status list (JSON)' })).toBeVisible();
      await expect(page.getByText(`${cert.verificationUrl}/versions/1`, { exact: true })).toBeVisible();
      await expectFits(page);
      // By keyboard too.
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(json).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(json).toBeVisible();

      // The holder's way to a wallet, and the way to report a problem.
      await expect(page.getByText('Is this your certificate? Add it to a digital wallet')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add it to a digital wallet' })).toHaveAttribute(
        'href',
        `${BASE_URL}/admin/certificates?wallet=${verificationId}`,
      );
      const report = new URL(
        (await page.getByRole('link', { name: 'Report a problem with this certificate' }).getAttribute('href'))!,
      );
      expect(report.protocol).toBe('mailto:');
      expect(report.searchParams.get('subject')).toBe(`Problem with certificate ${verificationId}`);

      // Nothing scrolls sideways, and every link and the disclosure is a target of 24 px or more.
      await expectFits(page);
      for (const target of await page.locator('a, summary').all()) {
        const box = (await target.boundingBox())!;
        expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(24);
        expect(box.width, await target.innerText()).toBeGreaterThanOrEqual(24);
      }

      // The link preview's picture is there for whoever shares the link.
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBe(`${cert.verificationUrl}/preview.png`);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const picture = await page.request.get(image!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toBe('image/png');
    });

    test(`crosses only “not revoked” on a revoked certificate, and offers no wallet (${viewport.name})`, async ({
      page,
    }) => {
      const admin = await sharedAdmin();
      const cert = await createCertificate(admin, { userEmail: uniqueEmail('revoked'), name: 'Revoked Advocate' });
      const revoked = await admin.post(`/api/certificates/${cert._id}/revoke`, { data: { reason: 'Issued in error' } });
      expect(revoked.status(), await revoked.text()).toBe(200);
      await page.goto(cert.verificationUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Revoked certificate' })).toBeVisible();
      const checks = page.getByRole('region', { name: 'What this page checked' });
      await expect(checks.getByRole('img', { name: 'Passed' })).toHaveCount(4);
      await expect(checks.getByRole('img', { name: 'Failed' })).toHaveCount(1);
      const failed = checks.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Failed' }) });
      await expect(failed).toContainText(/Revoked on \w+ \d{1,2}, \d{4}/);
      await expect(page.getByRole('link', { name: 'Add it to a digital wallet' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Report a problem with this certificate' })).toBeVisible();
      await expectFits(page);
    });
  });
}
