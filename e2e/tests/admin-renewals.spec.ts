import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { expectFitsPhones, PHONE, SMALL_PHONE } from '../support/phone';
import { signInAsAdmin } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';
import { inDays } from './member-support';

/** Issue 33: the board's recertification rules and its queue of renewal applications, in the browser. */

/** The contract's DEFAULT_RECERTIFICATION_RULES: what the other tests of a run expect. */
const DEFAULT_RULES = {
  cycleMonths: 24,
  totalHours: 20,
  categories: [
    { key: 'practice', name: 'Recycling practice', minHours: 8 },
    { key: 'outreach', name: 'Outreach and ethics', minHours: 4 },
  ],
  maxHoursPerActivity: 8,
  graceDays: 30,
  auditPercent: 10,
  lateFeeNote: '',
};

/** The smallest PDF a browser's viewer opens: a member's evidence. */
const MINIMAL_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

/**
 * A member holding a certificate in its cycle, who logs what the default rules ask (8 + 4 hours
 * of practice, 8 of outreach; with a PDF as evidence of each when `evidence`) and applies for
 * renewal. Answers the certificate number and the application.
 */
async function applicant(admin: APIRequestContext, certificateNo: string, name: string, evidence: boolean) {
  const member = await createMember(admin, { name });
  const cert = await createCertificate(admin, {
    userEmail: member.email,
    certificateNo,
    holderName: name,
    awardedOn: inDays(-300),
    validTill: inDays(60),
  });
  for (const [category, hours, n] of [
    ['practice', 8, 1],
    ['practice', 4, 2],
    ['outreach', 8, 3],
  ] as const) {
    let evidenceUrl = '';
    if (evidence) {
      const upload = await member.api.post('/api/upload-file', {
        multipart: { file: { name: 'attendance.pdf', mimeType: 'application/pdf', buffer: Buffer.from(MINIMAL_PDF) } },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      evidenceUrl = ((await upload.json()) as { fileUrl: string }).fileUrl;
    }
    const logged = await member.api.post('/api/ce-activities', {
      data: {
        certificateId: cert._id,
        title: `${certificateNo} course ${n}`,
        provider: 'County Recycling Academy',
        completedOn: inDays(-30 - n),
        hours,
        category,
        evidenceUrl,
      },
    });
    expect(logged.status(), await logged.text()).toBe(201);
  }
  const applied = await member.api.post(`/api/certificates/${cert._id}/renewals`, { data: { attestation: true } });
  expect(applied.status(), await applied.text()).toBe(201);
  const application = (await applied.json()) as { id: string; status: string };
  await member.api.dispose();
  return { certificateNo, application };
}

/** Controls on the screen (and in an open dialog) smaller than a 44 px target; a tick box counts its label row. */
/** Until every transition has ended: a dialog scaling in measures smaller than it is. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );

async function smallTargets(page: Page) {
  await settled(page);
  return page.evaluate(`(() => {
    const roots = [document.querySelector('main'), ...document.querySelectorAll('[role="dialog"]')].filter(Boolean);
    const out = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll('button, a[href], input, select, textarea')) {
        if (el.type === 'hidden' || el.offsetParent === null) continue;
        const target = el.type === 'checkbox' ? el.closest('.mantine-Checkbox-root') : el;
        const box = target.getBoundingClientRect();
        if (box.height < 44) out.push(el.outerHTML.slice(0, 100) + ' ' + Math.round(box.height) + 'px');
      }
    }
    return out;
  })()`) as Promise<string[]>;
}

/** WCAG 2.2 AA violations on the page as it is (accessibility.spec.ts scans the screens; this, the dialogs). */
async function axeViolations(page: Page) {
  // A dialog fading in has its final colours only at the end of its transition.
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
}

const card = (page: Page, certificateNo: string): Locator =>
  page.getByRole('article', { name: `Renewal of ${certificateNo}` });

test('an admin changes the recertification rules, and they are kept', async ({ page }) => {
  const admin = await adminApi();
  try {
    await signInAsAdmin(page);
    await page.goto('/admin/default');
    await page.getByRole('link', { name: 'Recertification Rules' }).first().click();
    await expect(page).toHaveURL(/\/admin\/manage\/recertification$/);
    await expect(page.getByRole('textbox', { name: 'Category 1 key' })).toHaveValue('practice');

    await page.getByRole('textbox', { name: 'Cycle (months)' }).fill('36');
    await page.getByRole('textbox', { name: 'Grace period (days)' }).fill('45');
    await page.getByRole('textbox', { name: 'Share drawn for audit (%)' }).fill('25');
    await page.getByRole('textbox', { name: 'Late fee note' }).fill('A late application costs $25.');

    // The contract's rules, on the form: a category needs its own key.
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('textbox', { name: 'Category 3 key' }).fill('practice');
    await page.getByRole('textbox', { name: 'Category 3 name' }).fill('Site safety');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Each category needs its own key' })).toBeVisible();
    expect(
      ((await (await admin.get('/api/settings/recertification')).json()) as { cycleMonths: number }).cycleMonths,
    ).toBe(24);

    await page.getByRole('textbox', { name: 'Category 3 key' }).fill('safety');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Recertification rules saved')).toBeVisible();

    // Kept on the server: the reloaded form shows them.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Cycle (months)' })).toHaveValue('36');
    await expect(page.getByRole('textbox', { name: 'Grace period (days)' })).toHaveValue('45');
    await expect(page.getByRole('textbox', { name: 'Category 3 key' })).toHaveValue('safety');
    await expect(page.getByRole('textbox', { name: 'Category 3 name' })).toHaveValue('Site safety');
    await expect(page.getByRole('textbox', { name: 'Late fee note' })).toHaveValue('A late application costs $25.');
    const saved = await (await admin.get('/api/settings/recertification')).json();
    expect(saved).toMatchObject({ cycleMonths: 36, graceDays: 45, auditPercent: 25 });
    expect(saved.categories).toHaveLength(3);

    // The audit draw starts at the rules' share.
    await page.getByRole('link', { name: 'Renewals', exact: true }).first().click();
    await page.getByRole('button', { name: 'Draw audit sample' }).click();
    const draw = page.getByRole('dialog', { name: 'Draw audit sample' });
    await expect(draw.getByRole('textbox', { name: 'Share to draw (%)' })).toHaveValue('25');
    await draw.getByRole('button', { name: 'Cancel' }).click();
    await expect(draw).toBeHidden();
  } finally {
    const reset = await admin.put('/api/settings/recertification', { data: DEFAULT_RULES });
    expect(reset.status(), await reset.text()).toBe(200);
    await admin.dispose();
  }
});

test('an admin draws an audit sample, rejects an activity, and decides applications', async ({ page }) => {
  const admin = await adminApi();
  const tag = `REN-${Date.now().toString(36).toUpperCase()}`;
  const documented = await applicant(admin, `${tag}-A`, 'Dana Documented', true);
  const bare = await applicant(admin, `${tag}-B`, 'Bo Bare', false);
  const bulkOne = await applicant(admin, `${tag}-C`, 'Cy Bulk', true);
  const bulkTwo = await applicant(admin, `${tag}-D`, 'Di Bulk', false);

  await signInAsAdmin(page);
  await page.goto('/admin/manage/renewals');
  await page.getByRole('textbox', { name: 'Search renewals' }).fill(tag);
  await expect(page.getByRole('article', { name: new RegExp(`^Renewal of ${tag}`) })).toHaveCount(4);

  // Every Submitted application is drawn at 100 %.
  await page.getByRole('button', { name: 'Draw audit sample' }).click();
  const draw = page.getByRole('dialog', { name: 'Draw audit sample' });
  await draw.getByRole('textbox', { name: 'Share to draw (%)' }).fill('100');
  await draw.getByRole('button', { name: 'Draw' }).click();
  await expect(draw.getByText(/^(\d+) of \1 applications? drawn for audit$/)).toBeVisible();
  await draw.getByRole('button', { name: 'Done' }).click();
  for (const { certificateNo } of [documented, bare, bulkOne, bulkTwo]) {
    await expect(card(page, certificateNo).getByText('Audit', { exact: true })).toBeVisible();
  }

  // Drawn for audit without evidence: the server's refusal is said in the dialog.
  await card(page, bare.certificateNo).getByRole('button', { name: 'Review' }).click();
  let dialog = page.getByRole('dialog', { name: `Renewal of ${bare.certificateNo}` });
  await dialog.getByRole('button', { name: 'Approve application' }).click();
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: 'An application drawn for audit needs evidence on every activity before it can be approved' }),
  ).toBeVisible();
  // One activity rejected with a reason: the application falls short, and goes back to its holder.
  const activity = dialog.getByRole('article', { name: `${bare.certificateNo} course 3` });
  await activity.getByRole('button', { name: `Reject ${bare.certificateNo} course 3` }).click();
  await activity
    .getByRole('textbox', { name: `Reason for rejecting ${bare.certificateNo} course 3` })
    .fill('No attendance record');
  await activity.getByRole('button', { name: 'Reject activity' }).click();
  await expect(activity.getByText('Rejected: No attendance record')).toBeVisible();
  await expect(dialog.getByText('Returned', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve application' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, bare.certificateNo).getByText('Returned', { exact: true })).toBeVisible();

  // With evidence on every activity: opened from the dialog, and approved.
  await card(page, documented.certificateNo).getByRole('button', { name: 'Review' }).click();
  dialog = page.getByRole('dialog', { name: `Renewal of ${documented.certificateNo}` });
  const evidence = dialog.getByRole('link', { name: `View evidence of ${documented.certificateNo} course 1` });
  await expect(evidence).toHaveAttribute('href', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expect(evidence).toHaveAttribute('target', '_blank');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Approve application' }).click();
  await expect(page.getByText(`The renewal of ${documented.certificateNo} was approved.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, documented.certificateNo).getByText('Approved', { exact: true })).toBeVisible();
  // A closed application has no decisions.
  await expect(card(page, documented.certificateNo).getByRole('checkbox')).toHaveCount(0);
  await expect(card(page, documented.certificateNo).getByRole('button', { name: 'View' })).toBeVisible();

  // Bulk: both approved in turn; the one without evidence is refused, with the server's message.
  await card(page, bulkOne.certificateNo)
    .getByRole('checkbox', { name: `Select renewal of ${bulkOne.certificateNo}` })
    .check();
  await card(page, bulkTwo.certificateNo)
    .getByRole('checkbox', { name: `Select renewal of ${bulkTwo.certificateNo}` })
    .check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Approve applications' });
  await bulk.getByRole('button', { name: 'Approve 2 applications' }).click();
  await expect(bulk.getByText('1 of 2 applications approved.')).toBeVisible();
  await expect(
    bulk
      .getByRole('list', { name: 'Not approved' })
      .getByText(`${bulkTwo.certificateNo}: An application drawn for audit`),
  ).toBeVisible();
  await bulk.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, bulkOne.certificateNo).getByText('Approved', { exact: true })).toBeVisible();
  await expect(card(page, bulkTwo.certificateNo).getByText('Audit', { exact: true })).toBeVisible();

  // The server agrees: the approved certificate is valid for another cycle.
  const list = (await (await admin.get(`/api/renewals?q=${tag}&sort=certificateNo`)).json()) as { status: string }[];
  expect(list.map((r) => r.status)).toEqual(['Approved', 'Returned', 'Approved', 'Audit']);
  await admin.dispose();
});

for (const base of ['/admin', '/rtl']) {
  test(`on ${base}, both screens fit 390 and 360 px phones with 44 px targets`, async ({ page }, testInfo) => {
    const admin = await adminApi();
    const tag = `RENPH-${Date.now().toString(36).toUpperCase()}`;
    await applicant(admin, `${tag}-A`, 'Pat Phone', false);
    await admin.dispose();
    await signInAsAdmin(page);
    const side = base.slice(1);
    for (const viewport of [PHONE, SMALL_PHONE]) {
      await page.setViewportSize(viewport);

      await page.goto(`${base}/manage/recertification`);
      await expect(page.getByRole('textbox', { name: 'Category 1 key' })).toBeVisible();
      await expectFitsPhones(page);
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`rules-${side}-${viewport.width}.png`), fullPage: true });

      await page.goto(`${base}/manage/renewals?q=${tag}`);
      await expect(card(page, `${tag}-A`)).toBeVisible();
      await expectFitsPhones(page);
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`renewals-${side}-${viewport.width}.png`), fullPage: true });

      await card(page, `${tag}-A`)
        .getByRole('button', { name: /^(Review|View)$/ })
        .click();
      const dialog = page.getByRole('dialog', { name: `Renewal of ${tag}-A` });
      await expect(dialog.getByRole('article').first()).toBeVisible();
      await expectFitsPhones(page);
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`renewal-${side}-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });
}
