import { ADMIN, BASE_URL } from './env';
import { type Browser, clientHeaders, expect, type Page } from './test';

/** Signs in through the login screen, as a person does, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/default$/);
}

/**
 * Opens a screen by its address, as a reload or a bookmark does, and waits until it can be used:
 * a member's dashboard and intake form arrive rendered by the server, inert until the live screen
 * replaces them (decision 0080), as every page's loader is replaced.
 */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 60_000 });
}

/** Signs in as the administrator the test stack was started with. */
export const logInAsAdmin = (page: Page) => logIn(page, ADMIN.email, ADMIN.password);

/**
 * Signs the page in through the API (the page shares its cookies), for tests of the screens
 * behind the login: cheaper than the login screen, which auth.spec.ts walks.
 */
export async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { headers: { origin: BASE_URL }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

export const signInAsAdmin = (page: Page) => signIn(page, ADMIN.email, ADMIN.password);

/**
 * Answers the step-up dialog (issue 19) that a sensitive act opens (revealing an SSN, the HMIS
 * export, a delete: issue 30, F10): the administrator has no second factor, so the password.
 */
export async function confirmItIsYou(page: Page, password = ADMIN.password) {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await stepUp.getByRole('textbox', { name: 'Password' }).fill(password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * The administrator as another person than the test's page: a browser context of their own,
 * signed in, on the reports list. Answers the card of the report filed for `clientName`; the
 * caller closes the context.
 */
export async function adminReportCard(browser: Browser, clientName: string) {
  const context = await browser.newContext({ extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/manage/reports');
  return { context, page, card: page.getByRole('article', { name: clientName }) };
}
