import { request } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { BASE_URL } from '../support/env';
import { DESKTOP, PHONE, expectFits } from '../support/phone';
import { signIn } from '../support/session';
import { once } from './member-support';

// Issue 31 (decision 0042): "Add to a digital wallet" in the share dialog makes a single-use
// offer; what the QR code carries is fetched by a wallet (here a bare HTTP client, no cookie)
// once, and refused after that.
const sharedAdmin = once(adminApi);

for (const viewport of [
  { name: 'phone', ...PHONE, layout: '/rtl' },
  { name: 'desktop', ...DESKTOP, layout: '/admin' },
]) {
  test.describe(`at ${viewport.width} px (${viewport.layout})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a member shows a wallet QR code; the wallet gets the credential once, then 410', async ({ page }) => {
      const admin = await sharedAdmin();
      const member = await createMember(admin, { name: 'Wren Wallet' });
      const certificate = await createCertificate(admin, { userEmail: member.email, name: 'Wallet Advocate' });
      await signIn(page, member.email, member.password);
      await page.goto(`${viewport.layout}/certificates`);
      await page
        .getByRole(viewport.name === 'phone' ? 'listitem' : 'row', { name: /Wallet Advocate/ })
        .getByRole('button', { name: 'Verify & share' })
        .click();
      const dialog = page.getByRole('dialog');

      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/certificates/${certificate._id}/wallet-offer`));
      await dialog.getByRole('button', { name: 'Show wallet QR code' }).click();
      const offer = (await (await answer).json()) as { credentialUrl: string; lcwLink: string };
      await expect(dialog.getByRole('img', { name: 'Wallet QR code: Learner Credential Wallet' })).toBeVisible();
      await expect(dialog.getByText(/Works once, until/)).toBeVisible();
      if (viewport.name === 'phone') {
        // On the phone that holds the wallet, the holder opens it instead of scanning.
        await expect(dialog.getByRole('link', { name: 'Open in the wallet app' })).toHaveAttribute(
          'href',
          offer.lcwLink,
        );
      }
      await dialog.getByText('Link', { exact: true }).click();
      await expect(dialog.getByRole('img', { name: 'Wallet QR code: Link' })).toBeVisible();
      await expectFits(page);
      await dialog.screenshot({ path: test.info().outputPath(`wallet-${viewport.width}.png`) });

      // The wallet: no session, another origin.
      const wallet = await request.newContext({ baseURL: BASE_URL });
      try {
        const first = await wallet.get(offer.credentialUrl);
        expect(first.status()).toBe(200);
        expect(first.headers()['content-type']).toMatch(/^application\/vc/);
        const credential = (await first.json()) as { id: string; credentialSubject: { achievement: { name: string } } };
        expect(credential.credentialSubject.achievement.name).toBe('Wallet Advocate');
        const second = await wallet.get(offer.credentialUrl);
        expect(second.status()).toBe(410);
        expect(await second.json()).toEqual({
          message: 'This wallet link has already been used. Open the certificate again for a new one.',
        });
      } finally {
        await wallet.dispose();
      }
    });
  });
}
