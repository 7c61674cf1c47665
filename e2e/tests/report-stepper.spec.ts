import { expect, type Page, test } from '../support/test';
import { SLOW_STATE } from '../support/env';
import { logIn, openScreen } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { fileReport, openSection } from '../support/report';
import { PHONE, SMALL_PHONE, expectFits } from '../support/phone';

/** Issue 35: the intake report for the field: a stepper that files only from its review. */

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const radio = (page: Page, group: string, value: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: group, exact: true }).getByLabel(value, { exact: true });

/** The few DOM members the touch-target check reads (this package compiles without the DOM library). */
type Box = { getBoundingClientRect(): { height: number } };
type Control = Box & {
  offsetParent: unknown;
  type?: string;
  id: string;
  outerHTML: string;
  closest(selector: string): Box | null;
};
type Form = { querySelectorAll(selector: string): ArrayLike<Control>; querySelector(selector: string): Box | null };

async function reportScreen(page: Page, layout: '/admin' | '/rtl' = '/admin') {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Step Walker' });
  await logIn(page, member.email, member.password);
  await openScreen(page, `${layout}/report`);
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  return { admin, member };
}

test('Enter in a text field moves to the next field and never files the report', async ({ page }) => {
  await reportScreen(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/reports') posts.push(r.url());
  });
  await openSection(page, 'Client');
  await label(page, 'Client Name').fill('Enter Tester');
  await label(page, 'Client Name').press('Enter');
  await expect(label(page, 'HV/IS Client ID')).toBeFocused();
  await label(page, 'HV/IS Client ID').press('Enter');
  await expect(label(page, 'Project Start Date')).toBeFocused();
  await page.keyboard.press('Enter');
  // Still the same step, nothing sent, no success.
  await expect(page.getByText('Section 3 of 13', { exact: true })).toBeVisible();
  await expect(page.getByText('Form submitted successfully', { exact: true })).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('the first draft save moves nothing under the member’s finger', async ({ page }) => {
  await reportScreen(page);
  // Above the questions the answer reveals: only the draft's messages could move it.
  const next = radio(page, 'Consent to Share with HMIS', 'No');
  const before = await next.boundingBox();
  // The first answer begins a draft: "Saving…", then "saved" and the device's drafts list.
  await radio(page, 'Consent to Share with HMIS', 'Yes').check();
  await expect(page.getByRole('heading', { name: 'Drafts on this device (1)' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Draft' })).toHaveText('Draft saved on this device');
  expect(await next.boundingBox()).toEqual(before);
});

test('a dependent question appears only once its answer applies', async ({ page }) => {
  await reportScreen(page);
  await openSection(page, 'Income and Non-Cash Benefits');
  await expect(label(page, 'Total Monthly Income')).toHaveCount(0);
  await expect(label(page, 'SSI')).toHaveCount(0);
  await radio(page, 'Has Income', 'No').check();
  await expect(label(page, 'SSI')).toHaveCount(0);
  await radio(page, 'Has Income', 'Yes').check();
  await expect(label(page, 'Total Monthly Income')).toBeVisible();
  await expect(label(page, 'SSI')).toBeVisible();

  await openSection(page, 'Justice Involvement');
  await expect(label(page, 'Probation or Parole Officer')).toHaveCount(0);
  await radio(page, 'On Parole', 'Yes').check();
  await expect(label(page, 'Probation or Parole Officer')).toBeVisible();
});

test('the review lists the answers; filed from it, the report holds them, and none of a question that no longer applies', async ({
  page,
}) => {
  const { admin, member } = await reportScreen(page);
  const clientName = `Reviewed Client ${Date.now().toString(36)}`;
  await openSection(page, 'Client');
  await label(page, 'Client Name').fill(clientName);
  await openSection(page, 'Domestic Violence');
  await radio(page, 'Victim of Domestic Violence', 'Yes').check();
  await label(page, 'When Did It Occur').selectOption('3To6Months');
  // The answer changes: the detail given before goes with it.
  await radio(page, 'Victim of Domestic Violence', 'No').check();

  await openSection(page, 'Review');
  const reviewed = (title: string) => page.getByRole('region', { name: title, exact: true });
  await expect(reviewed('Client')).toContainText(clientName);
  await expect(reviewed('Domestic Violence')).toContainText('Victim of Domestic Violence');
  await expect(reviewed('Domestic Violence')).not.toContainText('When Did It Occur');
  await expect(reviewed('Education')).toContainText('No answers');
  await fileReport(page);
  await expect(page.getByText('Form submitted successfully', { exact: true })).toBeVisible(SLOW_STATE);

  const list = await admin.get(`/api/reports?q=${encodeURIComponent(clientName)}`);
  const [summary] = (await list.json()) as { _id: string }[];
  const stored = await (await admin.get(`/api/reports/${summary!._id}`)).json();
  expect(stored).toMatchObject({
    clientName,
    userId: member.user._id,
    domesticViolence: { isVictim: 'No', whenOccurred: '', currentlyFleeing: '' },
  });
});

for (const viewport of [SMALL_PHONE, PHONE]) {
  for (const layout of ['/admin', '/rtl'] as const) {
    test(`at ${viewport.width} px on ${layout}, no step of the report is wider than the phone, and its controls take a thumb`, async ({
      page,
    }) => {
      // Issue 35: the page was 2,488 px wide on a 390 px phone, and blank in the rtl layout.
      await page.setViewportSize(viewport);
      await reportScreen(page, layout);
      const next = page.getByRole('button', { name: 'Next' });
      for (let step = 1; ; step++) {
        await expect(page.getByText(/^(Section \d+ of \d+|Review: all \d+ sections)$/).first()).toBeVisible();
        await expectFits(page, `step ${step}`);
        // Controls under 44 px tall: a radio or checkbox counts its whole row (the label is its target).
        const small = await page.locator('main form').evaluate((element) => {
          const form = element as unknown as Form;
          return Array.from(form.querySelectorAll('input, button, textarea, select'))
            .filter((el) => el.offsetParent !== null && el.type !== 'hidden')
            .map((el) => {
              const row = el.closest('label, [class*="Radio-root"], [class*="Checkbox-root"]') ?? el;
              const label = el.id ? form.querySelector(`label[for="${el.id}"]`) : null;
              const height = Math.max(
                row.getBoundingClientRect().height,
                el.type === 'radio' || el.type === 'checkbox' ? (label?.getBoundingClientRect().height ?? 0) : 0,
              );
              return { html: el.outerHTML.slice(0, 90), height };
            })
            .filter((c) => c.height < 44);
        });
        expect(small, `step ${step}`).toEqual([]);
        if (!(await next.isVisible()) || (await next.isDisabled())) break;
        await next.click();
      }
      await expect(page.getByRole('button', { name: 'Submit Form' })).toBeVisible();
    });
  }
}
