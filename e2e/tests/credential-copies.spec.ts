import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { expectFits } from '../support/phone';
import { signIn } from '../support/session';
import { once } from './member-support';

// Decisions 0063 and 0037: the holder chooses what the credential names them by, and a change
// issues a new copy whose predecessor's page says it was superseded.
const sharedAdmin = once(adminApi);

async function downloadCredential(page: Page) {
  const dialog = page.getByRole('dialog');
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download credential (.json)' }).click();
  return JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8')) as {
    id: string;
    credentialSubject: { identifier: { identityType: string }[] };
  };
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844, layout: '/rtl' },
  { name: 'desktop', width: 1440, height: 900, layout: '/admin' },
]) {
  test.describe(`at ${viewport.width} px (${viewport.layout})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a member names themselves by e-mail hash, and the old copy’s page then says it was superseded', async ({
      page,
    }) => {
      const admin = await sharedAdmin();
      const member = await createMember(admin, { name: 'Cora Copy' });
      const certificate = await createCertificate(admin, { userEmail: member.email, name: 'Copy Advocate' });
      await signIn(page, member.email, member.password);
      await page.goto(`${viewport.layout}/certificates`);
      await page
        // A card on a phone, a table row on a wide screen (issue 35).
        .getByRole(viewport.name === 'phone' ? 'listitem' : 'row', { name: /Copy Advocate/ })
        .getByRole('button', { name: 'Verify & share' })
        .click();
      const dialog = page.getByRole('dialog');
      const choice = dialog.getByRole('radiogroup', { name: 'Identify me in the credential by:' });
      await expect(choice.getByRole('radio', { name: 'certificate number' })).toBeChecked();
      const first = await downloadCredential(page);
      expect(first.credentialSubject.identifier[0]!.identityType).toBe('identifier');
      // The dialog fits the screen: nothing scrolls sideways.
      await expectFits(page);

      await choice.getByRole('radio', { name: 'e-mail address (hashed)' }).check();
      await expect(dialog.getByRole('status')).toHaveText(
        'Saved. Download the credential again to share the new copy.',
      );
      const second = await downloadCredential(page);
      expect(second.credentialSubject.identifier[0]!.identityType).toBe('emailAddress');
      expect(second.id).toBe(`${certificate.verificationUrl}/versions/2`);

      // The first copy's own address: superseded, with the way to the certificate as it stands.
      await page.goto(first.id);
      await expect(page.getByRole('heading', { name: 'Superseded by a newer version' })).toBeVisible();
      await expectFits(page);
      await page.getByRole('link', { name: 'See the certificate as it stands now' }).click();
      await expect(page).toHaveURL(certificate.verificationUrl);
      await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
      // The current copy's address is the certificate's page.
      await page.goto(second.id);
      await expect(page).toHaveURL(certificate.verificationUrl);
    });
  });
}
