import { expect, type Locator, type Page, test } from '../support/test';
import { ADMIN, BASE_URL } from '../support/env';
import { adminApi, createCertificate, createMember, PASSWORD, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { PHONE, expectFits } from '../support/phone';

/** A real paste event carrying `text`, as the browser sends it from the clipboard. */
async function paste(box: Locator, text: string) {
  await box.click();
  await box.evaluate((el, data) => {
    // The e2e project has no DOM typings; these two run in the page.
    const page = globalThis as unknown as {
      DataTransfer: new () => { setData(format: string, value: string): void };
      ClipboardEvent: new (type: string, init: object) => Event;
    };
    const clipboardData = new page.DataTransfer();
    clipboardData.setData('text/plain', data);
    el.dispatchEvent(new page.ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** 'Log out' sits either in plain sight or inside the user popover of the dashboard's top bar. */
async function logOut(page: Page, name: string) {
  await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
  const logOutControl = page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('menuitem', { name: 'Log out' }))
    .or(page.getByRole('link', { name: 'Log out' }))
    .first();
  if (!(await logOutControl.isVisible())) {
    await page
      .getByRole('button', { name: new RegExp(`user menu|account|${name}`, 'i') })
      .first()
      .click();
  }
  await logOutControl.click();
  await expect(page).not.toHaveURL(/\/admin\//);
}

test('sign up, verify with the mailed code, reach the dashboard, log out and log in again', async ({ page }) => {
  const admin = await adminApi();
  const name = 'Sam Signup';
  const email = uniqueEmail('signup');
  const { certificateNo } = await createCertificate(admin, { userEmail: email });

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Certificate No').fill(certificateNo);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Enter the 6-digit code sent to your email address')).toBeVisible();

  // An unverified account that logs in is sent on to enter its code (the guard only handles verified ones).
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verify-email$/);

  const mail = await waitForMail(email, /verification code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  await expect(page.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
  await paste(page.getByLabel('Digit 1 of 6'), code!);
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Signed in and verified: the landing page offers the dashboard in place of Sign Up and Login
  // (issue 13).
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
  await page.getByRole('link', { name: 'Go to dashboard' }).first().click();
  await expect(page).toHaveURL(/\/admin\/default$/);

  await logOut(page, name);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/default$/);
  await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
});

test('on a phone, a wrong code empties the boxes and says the tries left; the right code typed again verifies', async ({
  page,
}) => {
  // Issue 35: retyping over a refused code used to submit on every key and lock the newcomer out.
  await page.setViewportSize(PHONE);
  const admin = await adminApi();
  const email = uniqueEmail('wrongcode');
  const { certificateNo } = await createCertificate(admin, { userEmail: email });
  await page.goto('/signup');
  await expect(page.getByLabel('Certificate No')).toHaveAccessibleDescription(/Printed on your certificate/);
  await page.getByLabel('Full Name').fill('Wren Wrongcode');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Certificate No').fill(certificateNo);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const code = /\b(\d{6})\b/.exec((await waitForMail(email, /verification code/i)).text)![1]!;
  const wrong = code === '000000' ? '111111' : '000000';

  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(wrong);
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired verification code');
  await expect(page.getByText('4 tries left for this code.')).toBeVisible();
  for (let n = 1; n <= 6; n++) await expect(page.getByLabel(`Digit ${n} of 6`)).toHaveValue('');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();

  await page.keyboard.type(code, { delay: 30 });
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectFits(page);
});

test('forgot password: the mailed link sets a new password, and the old one stops working', async ({ page }) => {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Riley Reset' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email Address').fill(member.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(`If an account exists for ${member.email}, you will receive a password reset link shortly.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

  const mail = await waitForMail(member.email, /reset your password/i);
  const link = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);

  const newPassword = 'Juniper-Harbour-77';
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password reset successfully, redirecting to login page...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, member.email, member.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/default$/);
});

test('a verified user opening /login lands on /admin/default', async ({ page }) => {
  const res = await page.request.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/default$/);
});
