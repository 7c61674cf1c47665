import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { logIn, logInAsAdmin, signInAsAdmin } from '../support/session';
import { expect, test } from '../support/test';
import { waitForMail } from '../support/mail';

/** Issue 15: renewal reminders, the member's inbox, and bulk renewal, in the browser. */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an admin changes the reminder offsets', async ({ page }) => {
  const admin = await adminApi();
  try {
    await logInAsAdmin(page);
    await page.getByRole('link', { name: 'Renewal Reminders' }).first().click();
    await expect(page).toHaveURL(/\/admin\/manage\/renewal-reminders$/);
    const offsets = page.getByRole('textbox', { name: /^Reminder \d: days before expiry$/ });
    await expect(offsets).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: 'Reminder 2: days before expiry' })).toHaveValue('30');

    await page.getByRole('textbox', { name: 'Reminder 2: days before expiry' }).fill('45');
    await page.getByRole('button', { name: 'Add reminder' }).click();
    await page.getByRole('textbox', { name: 'Reminder 5: days before expiry' }).fill('14');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Renewal reminders saved')).toBeVisible();

    // Kept on the server, largest first.
    await page.reload();
    await expect(offsets).toHaveCount(5);
    const values = await offsets.evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
    expect(values).toEqual(['60', '45', '14', '7', '0']);

    // Out of range: refused on the form, nothing saved.
    await page.getByRole('textbox', { name: 'Reminder 1: days before expiry' }).fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Each offset may appear only once' })).toBeVisible();
    const saved = await (await admin.get('/api/settings/renewal-reminders')).json();
    expect(saved).toEqual({ offsetsDays: [60, 45, 14, 7, 0] });
  } finally {
    // Other tests of this run expect the default offsets.
    const reset = await admin.put('/api/settings/renewal-reminders', { data: { offsetsDays: [60, 30, 7, 0] } });
    expect(reset.status()).toBe(200);
    await admin.dispose();
  }
});

test('a member sees a reminder in the popover, opens it, and the badge clears', async ({ page }) => {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Rene Reminded' });
  const name = `Reminder Course ${Date.now().toString(36)}`;
  // Three days out: due under the default offsets (7) and under any a parallel test sets.
  await createCertificate(admin, { userEmail: member.email, name, validTill: inDays(3) });

  // The reminder run is kicked by the new certificate (its headers are checked by the server tests).
  const mail = await waitForMail(member.email, new RegExp(`^Renewal reminder: ${name} expires in 3 days$`));
  expect(mail.text).toContain('Renew it here:');

  await logIn(page, member.email, member.password);
  const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const inbox = popover.getByRole('list', { name: 'Your inbox' });
  await expect(inbox.getByText(`"${name}" expires in 3 days`)).toBeVisible();
  await inbox.getByRole('link', { name: 'View certificate' }).click();

  await expect(page).toHaveURL(/\/admin\/certificates$/);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /unread/ })).toHaveCount(0);
  const after = await (await member.api.get('/api/inbox')).json();
  expect(after.unread).toBe(0);
  await admin.dispose();
});

test('an admin extends three certificates at once', async ({ page }) => {
  const admin = await adminApi();
  const tag = `BULK-${Date.now().toString(36)}`;
  const numbers = [];
  for (const n of [1, 2, 3]) {
    const { certificateNo } = await createCertificate(admin, {
      userEmail: `bulk.${tag.toLowerCase()}@example.org`,
      certificateNo: `${tag}-${n}`,
      validTill: '2030-01-15',
    });
    numbers.push(certificateNo);
  }

  await signInAsAdmin(page);
  await page.goto('/admin/manage/certificates');
  await page.getByRole('textbox', { name: 'Search certificates' }).fill(tag);
  for (const no of numbers) {
    await page.getByRole('checkbox', { name: `Select certificate ${no}` }).check();
  }
  await page.getByRole('button', { name: 'Renew selected (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew certificates' });
  await dialog.getByRole('textbox', { name: 'Months to extend by' }).fill('12');
  await dialog.getByRole('button', { name: 'Renew 3 certificates' }).click();
  await expect(page.getByText('3 certificates renewed')).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = await (await admin.get(`/api/certificates?q=${tag}`)).json();
  expect(list.map((c: { validTill: string }) => c.validTill.slice(0, 10))).toEqual([
    '2031-01-15',
    '2031-01-15',
    '2031-01-15',
  ]);
  const audit = await (await admin.get(`/api/audit-log?action=certificate.renew&limit=100`)).json();
  const renewed = (audit as { targetId: string }[]).length;
  expect(renewed).toBeGreaterThanOrEqual(3);
  await admin.dispose();
});
