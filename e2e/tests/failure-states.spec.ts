import { expect, test } from '../support/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { PHONE, expectFits } from '../support/phone';
import { signIn } from '../support/session';
import { once } from './member-support';

// Issue 35: a failed load says what failed and offers Retry; it never reads as an empty list.
test.describe.configure({ mode: 'default' });
const sharedAdmin = once(adminApi);
const sharedMember = once(async () => {
  const admin = await sharedAdmin();
  const member = await createMember(admin);
  await createCertificate(admin, { userEmail: member.email, name: 'Failure State Certificate' });
  return member;
});

const failing = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ message: 'Something went wrong. Please try again.' }),
};

for (const layout of ['/admin', '/rtl'] as const) {
  test.describe(`at 390 px (${layout})`, () => {
    test.use({ viewport: PHONE });

    test('my certificates: a failed load shows the failure and Retry, never "No certificates found"', async ({
      page,
    }) => {
      const member = await sharedMember();
      await signIn(page, member.email, member.password);
      // GET /api/certificates/{userEmail}: the member's own list (the address is encoded).
      await page.route(
        (url) => /^\/api\/certificates\/[^/]+(@|%40)[^/]+$/.test(url.pathname),
        (route) => route.fulfill(failing),
      );
      await page.goto(`${layout}/certificates`);
      const alert = page.getByRole('alert').filter({ hasText: 'Unable to load your certificates.' });
      await expect(alert).toContainText('Something went wrong. Please try again.');
      await expect(page.getByText('No certificates found.')).toBeHidden();
      await expectFits(page);

      await page.unrouteAll();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText('Failure State Certificate').first()).toBeVisible();
      await expect(alert).toBeHidden();
    });

    test("the job board keeps 'Error: {message}' and adds Retry", async ({ page }) => {
      const member = await sharedMember();
      await signIn(page, member.email, member.password);
      await page.route(/\/api\/jobs\?/, (route) => route.fulfill(failing));
      await page.goto(`${layout}/job-board`);
      await expect(page.getByText('Error: Something went wrong. Please try again.')).toBeVisible();
      await page.unrouteAll();
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText('Error: Something went wrong. Please try again.')).toBeHidden();
    });

    test('help: a failed load says so above the default lists, and Retry loads the board’s', async ({ page }) => {
      const member = await sharedMember();
      await signIn(page, member.email, member.password);
      await page.route('**/api/help-content', (route) => route.fulfill(failing));
      await page.goto(`${layout}/help`);
      const alert = page.getByRole('alert').filter({ hasText: "Unable to load the board's help content." });
      await expect(alert).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
      await page.unrouteAll();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(alert).toBeHidden();
    });
  });
}
