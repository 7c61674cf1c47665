import { adminApi, createAdmin, PASSWORD, uniqueEmail } from '../support/fixtures';
import { confirmItIsYou, logIn } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Issue 19: a passkey as the second factor, with Chromium's virtual authenticator (DevTools
 * protocol, WebAuthn domain): a platform authenticator with resident keys and user verification,
 * as a laptop's fingerprint reader would be.
 */
test('an admin adds a passkey, signs out, and signs in with the password and the passkey', async ({ page }) => {
  // Two sign-ins, an enrolment and a promotion: more steps than most tests on a shared machine.
  test.slow();
  const admin = await adminApi();
  const person = await createAdmin(admin, { name: 'Pat Passkey', email: uniqueEmail('passkey') });
  await admin.dispose();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // Enrolment: a named passkey; being the first factor, it brings the recovery codes.
  await logIn(page, person.email, PASSWORD);
  await page.goto('/admin/two-factor');
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // Issue 30 (F1): adding a factor is confirmed with what the account has: here the password.
  await confirmItIsYou(page, PASSWORD);
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  const list = page.getByRole('table', { name: 'Your passkeys' });
  await expect(list.getByRole('row', { name: /Work laptop/ })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Sign out, and in again: the password, then the passkey.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/default$/);

  // The passkey was used: the screen says when, and the authenticator's counter moved on.
  await page.goto('/admin/two-factor');
  await expect(list.getByRole('row', { name: /Work laptop/ })).not.toContainText('Never');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
});
