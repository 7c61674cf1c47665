import { ADMIN } from './env';
import { expect, type Page } from './test';

/** Signs in through the login screen, as a person does, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/default$/);
}

/** Signs in as the administrator the test stack was started with. */
export const logInAsAdmin = (page: Page) => logIn(page, ADMIN.email, ADMIN.password);
