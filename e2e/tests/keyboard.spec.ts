/**
 * Issue 13: every flow works from the keyboard alone, with a visible focus, a skip link, and
 * focus that moves into dialogs and back. No click, no fill: Tab, Shift+Tab, Enter, Space, type.
 */
import { BASE_URL, SLOW_STATE } from '../support/env';
import { adminApi, createCertificate, createMember, PASSWORD, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { logIn, openScreen } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} never took the focus in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused element shows it: an outline, or Mantine's focus ring. */
async function expectVisibleFocus(target: Locator) {
  const style = await target.evaluate((el) => {
    const view = el.ownerDocument.defaultView as unknown as {
      getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string; boxShadow: string };
    };
    const s = view.getComputedStyle(el);
    return { outline: s.outlineStyle !== 'none' && s.outlineWidth !== '0px', shadow: s.boxShadow !== 'none' };
  });
  expect(style.outline || style.shadow, `${target} shows its focus`).toBe(true);
}

test('sign-up, verification and the way to the dashboard, by keyboard alone', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  const { certificateNo } = await createCertificate(await adminApi(), { userEmail: email });

  await page.goto('/');
  // The first stop is the skip link.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  expect(await isFocused(skip)).toBe(true);
  await expect(skip).toBeVisible();

  const signUp = page.getByRole('link', { name: 'Sign Up', exact: true });
  await tabTo(page, signUp);
  await expectVisibleFocus(signUp);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

  const fullName = page.getByRole('textbox', { name: 'Full Name' });
  await tabTo(page, fullName);
  await expectVisibleFocus(fullName);
  await page.keyboard.type('Kai Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(certificateNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  // The show/hide toggle is a real button with a name.
  await page.keyboard.press('Tab');
  expect(await isFocused(page.getByRole('button', { name: 'Show password' }))).toBe(true);
  await page.keyboard.press('Space');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/verify-email$/);
  // The first box has the focus; typing the code fills the boxes and submits it (spec §2).
  const mail = await waitForMail(email, /verification code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  expect(await isFocused(page.getByRole('textbox', { name: 'Digit 1 of 6' }))).toBe(true);
  await page.keyboard.type(code!);

  // spec §2: on to /, where the member is told they are in and offered the dashboard.
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're in, Kai Keyboard" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();
  const toDashboard = page.getByRole('link', { name: 'Go to dashboard' }).first();
  await tabTo(page, toDashboard);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/default$/);
  await expect(page.getByRole('region', { name: 'User Dashboard' })).toBeVisible();
});

test('filing a report by keyboard alone: the skip link, the jump list, Next and Submit on the review', async ({
  page,
}) => {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Kim Keys' });
  const clientName = `Keyboard Client ${Date.now().toString(36)}`;
  await logIn(page, member.email, member.password);
  await openScreen(page, '/admin/report');
  // Over a hundred inputs: on a busy machine the form takes a while to render.
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);

  // The skip link passes the sidebar and the top bar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  expect(await isFocused(skip)).toBe(true);
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  expect(await isFocused(page.getByRole('main'))).toBe(true);

  // The jump list opens a section's step (issue 35): its heading takes the focus.
  const sections = page.getByRole('navigation', { name: 'Form sections' });
  const client = sections.getByRole('button', { name: /^Client\s*, not started/ });
  await tabTo(page, client);
  await expectVisibleFocus(client);
  await page.keyboard.press('Enter');
  expect(await isFocused(page.getByRole('heading', { name: 'Client', exact: true }))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await isFocused(page.getByRole('textbox', { name: 'Client Name' }))).toBe(true);
  await page.keyboard.type(clientName);
  await expect(sections.getByRole('button', { name: /^Client\s*, in progress, 1 of 7 answered/ })).toBeVisible();

  // Next, at the end of the step, opens the following one.
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await tabTo(page, next);
  await expectVisibleFocus(next);
  await page.keyboard.press('Enter');
  expect(await isFocused(page.getByRole('heading', { name: 'Demographics', exact: true }))).toBe(true);
  const veteranYes = page.getByRole('radiogroup', { name: 'Veteran' }).getByRole('radio', { name: 'Yes' });
  await tabTo(page, veteranYes);
  await page.keyboard.press('Space');
  await expect(veteranYes).toBeChecked();
  const white = page.getByRole('group', { name: 'Race' }).getByRole('checkbox', { name: 'White' });
  await tabTo(page, white);
  await page.keyboard.press('Space');
  await expect(white).toBeChecked();

  // Submit is on the review, the jump list's last entry.
  const review = sections.getByRole('button', { name: 'Review', exact: true });
  await tabTo(page, review, { backwards: true });
  await page.keyboard.press('Enter');
  const submit = page.getByRole('button', { name: 'Submit Form' });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Form submitted successfully')).toBeVisible();

  const list = await admin.get(`/api/reports?q=${encodeURIComponent(clientName)}`);
  const [report] = (await list.json()) as { _id: string }[];
  const stored = (await (await admin.get(`/api/reports/${report!._id}`)).json()) as {
    veteran: string;
    race: string[];
  };
  expect(stored).toMatchObject({ veteran: 'Yes', race: ['White'] });
});

test('a dialog takes the focus, keeps it, and gives it back to what opened it', async ({ page }) => {
  const member = await createMember(await adminApi(), { name: 'Dee Dialog' });
  await logIn(page, member.email, member.password);
  await page.goto('/admin/profile');
  const open = page.getByRole('button', { name: 'Update Profile' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus is inside, and stays inside however far one tabs.
  for (let i = 0; i < 25; i++) {
    expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await isFocused(open)).toBe(true);
});
