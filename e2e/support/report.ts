import { expect, type Page } from '@playwright/test';

/**
 * Issue 35: the intake report is a stepper, one section per screen. A section opens from the jump
 * list ('Form sections'); its heading says it is shown.
 */
export async function openSection(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('navigation', { name: 'Form sections' })
    .getByRole('button', { name: new RegExp(`^${escaped}\\s*(,|$)`) })
    .click();
  await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
}

/** Files the report from the review, where its one Submit Form button is. */
export async function fileReport(page: Page) {
  await openSection(page, 'Review');
  await page.getByRole('button', { name: 'Submit Form' }).click();
}
