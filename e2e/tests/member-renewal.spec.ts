import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { expectFits, expectFitsPhones, PHONE } from '../support/phone';
import { openScreen, signIn, signInAsAdmin } from '../support/session';
import { expect, type Page, test } from '../support/test';
import { inDays } from './member-support';

/**
 * Issue 33, end to end on a phone: a member logs continuing education with its evidence on a
 * certificate's Renewal tab and applies; the board draws its audit and approves; the member
 * downloads the renewed credential, which states the hours (Open Badges 3.0 creditsEarned).
 */

/** The smallest PDF a browser's viewer opens: a certificate of attendance. */
const ATTENDANCE_PDF = Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`);
const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/client-photo.png');

interface Activity {
  title: string;
  hours: string;
  category: string;
  daysAgo: number;
  /** How the evidence is given: a PDF chosen from the phone's files, or a photo of the paper. */
  evidence: 'file' | 'photo';
}

async function logActivity(page: Page, a: Activity) {
  await page.getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(a.title);
  await dialog.getByRole('textbox', { name: 'Provider' }).fill('County Recycling Academy');
  await dialog.getByLabel('Completed on').fill(inDays(-a.daysAgo));
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(a.hours);
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: a.category });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: a.evidence === 'photo' ? 'Take a photo' : 'Choose a file' }).click();
  const files = await chooser;
  if (a.evidence === 'photo') {
    // The camera's input: a photo, taken with the back camera.
    expect(await files.element().getAttribute('capture')).toBe('environment');
    await files.setFiles(PHOTO);
  } else {
    await files.setFiles({ name: 'attendance.pdf', mimeType: 'application/pdf', buffer: ATTENDANCE_PDF });
  }
  await expect(dialog.getByText(/^Evidence: /)).toBeVisible();
  await expectFits(page, `Add activity, ${a.title}`);
  await dialog.getByRole('button', { name: 'Add activity' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: a.title })).toContainText(`${a.hours} hours`);
}

test('at 390 px, a member logs three activities with evidence and applies; the board audits and approves; the renewed credential states the hours', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const admin = await adminApi();
  const tag = Date.now().toString(36).toUpperCase();
  const member = await createMember(admin, { name: 'Rene Renewal' });
  const name = `Renewal Advocate ${tag}`;
  const cert = await createCertificate(admin, {
    userEmail: member.email,
    name,
    awardedOn: inDays(-700),
    validTill: inDays(20),
  });

  // From the certificates screen to the certificate's Renewal tab.
  await signIn(page, member.email, member.password);
  await openScreen(page, '/admin/certificates');
  await page.getByRole('listitem', { name }).getByRole('link', { name: 'Renewal and credits' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/certificates/${cert._id}/renewal$`));
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Expiring', { exact: true })).toBeVisible();
  await expect(page.getByText('No activities yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for renewal' })).toBeDisabled();
  await expectFitsPhones(page, 'the Renewal tab');

  // Bad input is said at its field, and nothing is logged.
  await page.getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Sorting workshop');
  await dialog.getByRole('textbox', { name: 'Provider' }).fill('County Recycling Academy');
  await dialog.getByLabel('Completed on').fill(inDays(-10));
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('1.3');
  await dialog.getByRole('button', { name: 'Add activity' }).click();
  await expect(dialog.getByText('Hours must be a multiple of 0.25 hours')).toBeVisible();
  // Past the board's maximum for one activity: the server's refusal, in the dialog.
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('9');
  await dialog.getByRole('button', { name: 'Add activity' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Hours must be at most 8 for one activity' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No activities yet.')).toBeVisible();

  const activities: Activity[] = [
    { title: `Sorting workshop ${tag}`, hours: '8', category: 'Recycling practice', daysAgo: 40, evidence: 'file' },
    { title: `Compost course ${tag}`, hours: '4', category: 'Recycling practice', daysAgo: 30, evidence: 'photo' },
    { title: `Ethics seminar ${tag}`, hours: '8', category: 'Outreach and ethics', daysAgo: 20, evidence: 'file' },
  ];
  await logActivity(page, activities[0]!);
  await expect(page.getByText('Still to log: 12 hours in all, 4 hours in Outreach and ethics.')).toBeVisible();
  await logActivity(page, activities[1]!);
  await logActivity(page, activities[2]!);
  await expect(page.getByText('The rules of this cycle are met.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'All categories: 20 hours of 20' })).toBeVisible();
  const photo = page.getByRole('link', { name: `View evidence of ${activities[1]!.title}` });
  await expect(photo).toHaveAttribute('href', /^\/api\/files\/[0-9a-f-]{36}$/);

  // The attestation must be ticked.
  await page.getByRole('button', { name: 'Apply for renewal' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply for renewal' });
  await expectFits(page, 'Apply for renewal');
  await apply.getByRole('button', { name: 'Submit application' }).click();
  await expect(apply.getByText('Confirm the attestation to apply')).toBeVisible();
  await apply.getByRole('checkbox', { name: /^I attest that the activities I logged are true/ }).check();
  await apply.getByRole('button', { name: 'Submit application' }).click();
  await expect(apply).toBeHidden();
  await expect(page.getByText('Application submitted')).toBeVisible();
  // Part of the application: no longer changed.
  await expect(page.getByRole('button', { name: `Edit ${activities[0]!.title}` })).toHaveCount(0);
  await expect(page.getByText('Part of your application: it cannot be changed now.')).toHaveCount(3);

  // The board, in its own browser: every Submitted application drawn, then this one approved.
  const board = await browser.newContext({ viewport: PHONE });
  const reviewer = await board.newPage();
  await signInAsAdmin(reviewer);
  await reviewer.goto('/admin/manage/renewals');
  await reviewer.getByRole('textbox', { name: 'Search renewals' }).fill(cert.certificateNo);
  const application = reviewer.getByRole('article', { name: `Renewal of ${cert.certificateNo}` });
  await expect(application).toBeVisible();
  await reviewer.getByRole('button', { name: 'Draw audit sample' }).click();
  const draw = reviewer.getByRole('dialog', { name: 'Draw audit sample' });
  await draw.getByRole('textbox', { name: 'Share to draw (%)' }).fill('100');
  await draw.getByRole('button', { name: 'Draw' }).click();
  await draw.getByRole('button', { name: 'Done' }).click();
  await expect(application.getByText('Audit', { exact: true })).toBeVisible();
  await application.getByRole('button', { name: 'Review' }).click();
  const review = reviewer.getByRole('dialog', { name: `Renewal of ${cert.certificateNo}` });
  await expect(review.getByText('Activities: 3, 0 without evidence')).toBeVisible();
  await review.getByRole('button', { name: 'Approve application' }).click();
  await expect(reviewer.getByText(`The renewal of ${cert.certificateNo} was approved.`)).toBeVisible();
  await board.close();

  // The member sees a new cycle, and downloads the renewed credential.
  await page.reload();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Renewed: the new cycle starts on/)).toBeVisible();
  await expect(page.getByText('No activities yet.')).toBeVisible();
  await expect(page.getByText('Counted in an earlier renewal.')).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('renewed.png'), fullPage: true });
  await openScreen(page, '/admin/certificates');
  await page.getByRole('listitem', { name }).getByRole('button', { name: 'Verify & share' }).click();
  const share = page.getByRole('dialog');
  const download = page.waitForEvent('download');
  await share.getByRole('link', { name: 'Download credential (.json)' }).click();
  const credential = JSON.parse(fs.readFileSync((await (await download).path())!, 'utf8')) as {
    validUntil: string;
    credentialSubject: { creditsEarned: number; achievement: { creditsAvailable: number } };
  };
  expect(credential.credentialSubject.creditsEarned).toBe(20);
  expect(credential.credentialSubject.achievement.creditsAvailable).toBe(20);
  // Renewed in its Expiring time: the next cycle runs on from the old validTill, 24 months.
  const renewedTill = new Date(`${inDays(20)}T00:00:00Z`);
  renewedTill.setUTCMonth(renewedTill.getUTCMonth() + 24);
  expect(credential.validUntil.slice(0, 10)).toBe(renewedTill.toISOString().slice(0, 10));
});
