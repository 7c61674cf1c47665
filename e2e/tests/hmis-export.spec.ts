import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { ADMIN, SLOW_STATE } from '../support/env';
import { fileReport, openSection } from '../support/report';
import { adminApi, createMember } from '../support/fixtures';
import { logInAsAdmin, signIn, openScreen } from '../support/session';
import { clientHeaders, expect, type Page, test } from '../support/test';
import { inDays } from './member-support';

/** Issue 17, part 3: the HUD HMIS CSV (FY2026) export, from the member's intake to the admin's zip. */

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
/** A field of the export screen: its label ends in the required mark (hidden from assistive technology). */
const field = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text}\\b`));
const radio = (page: Page, group: string, value: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: group, exact: true }).getByLabel(value, { exact: true });

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  return records;
}

test('a member files a consented report; an admin checks the period and downloads the HMIS CSV zip', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Harper Outreach' });
  const stamp = Date.now().toString(36);
  const firstName = 'Quinn';
  const lastName = `Export${stamp}`;
  const clientName = `${firstName} ${lastName}`;
  // The server counts a report's day in UTC, as inDays does.
  const today = inDays(0);

  // The member's intake, with the consent to share with HMIS and the HMIS details.
  await signIn(page, member.email, member.password);
  await openScreen(page, '/admin/report');
  // The form's 150 inputs are the heaviest screen to load: on a busy machine it takes longer.
  await expect(page.getByRole('heading', { name: 'Report a Homeless' })).toBeVisible(SLOW_STATE);
  await radio(page, 'Consent to Share with HMIS', 'Yes').check();
  await label(page, 'Consent Method').selectOption('Signed');
  await label(page, 'Consent Date').fill(inDays(-7));
  await openSection(page, 'Client');
  await label(page, 'Client Name').fill(clientName);
  await label(page, 'Project Start Date').fill(inDays(-7));
  await openSection(page, 'HMIS details');
  await label(page, 'First Name').fill(firstName);
  await label(page, 'Last Name').fill(lastName);
  await label(page, 'Name Data Quality').selectOption('Full name reported');
  await label(page, 'Sex').selectOption('Female');
  // HMIS: engagement and contact on or after the project start.
  await label(page, 'Date of Engagement').fill(inDays(-5));
  await label(page, 'Date of Contact').fill(inDays(-5));
  await label(page, 'Current Living Situation').selectOption('Safe Haven');
  await fileReport(page);
  await expect(page.getByText('Form submitted successfully', { exact: true })).toBeVisible();

  // A second client, engaged before the project start: a row the HMIS CSV rules refuse.
  const refusedLast = `Refused${stamp}`;
  const refusedName = `Casey ${refusedLast}`;
  const refused = await member.api.post('/api/reports', {
    data: {
      clientName: refusedName,
      projectStartDate: inDays(-3),
      consent: { shareWithHmis: 'Yes', method: 'Signed', date: inDays(-7) },
      hmis: {
        firstName: 'Casey',
        lastName: refusedLast,
        nameDataQuality: 'Full name reported',
        dateOfEngagement: inDays(-6),
        contactDate: inDays(-2),
        currentLivingSituation: 'Safe Haven',
      },
    },
  });
  expect(refused.status(), await refused.text()).toBeLessThan(300);

  // The admin's side, in a browser of its own.
  const adminContext = await browser.newContext({ extraHTTPHeaders: clientHeaders(), acceptDownloads: true });
  const adminPage = await adminContext.newPage();
  await logInAsAdmin(adminPage);
  await adminPage.getByRole('link', { name: 'HMIS Export' }).first().click();
  await expect(adminPage).toHaveURL(/\/admin\/hmis-export$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'HMIS Export' })).toBeVisible();

  await field(adminPage, 'From').fill(today);
  await field(adminPage, 'To').fill(today);
  await adminPage.getByRole('button', { name: 'Check' }).click();
  const counts = adminPage.getByRole('table', { name: 'Rows per file' });
  await expect(counts).toBeVisible();
  const clientRows = Number(
    await counts
      .getByRole('row', { name: /^Client\.csv \d+$/ })
      .getByRole('cell')
      .innerText(),
  );
  expect(clientRows).toBeGreaterThanOrEqual(1);

  // The refused client is listed with its problem, and the download waits until it is left out.
  const problems = adminPage.getByRole('table', { name: 'Problems' });
  const download = adminPage.getByRole('button', { name: 'Download zip' });
  await expect(problems.getByRole('row', { name: /DateOfEngagement Before the project start date/ })).toBeVisible();
  await expect(problems.getByRole('cell', { name: clientName, exact: true })).toHaveCount(0);
  await expect(download).toBeDisabled();
  // Excluding a report checks the period again; the boxes wait for that answer.
  const settled = () => expect(problems.getByRole('checkbox', { disabled: true })).toHaveCount(0);
  await problems.getByRole('checkbox', { name: `Exclude ${refusedName}`, exact: true }).check();
  await settled();
  const refusedRow = problems.getByRole('row').filter({ hasText: refusedName });
  await expect(refusedRow.getByText('Excluded from this export')).toBeVisible();
  await expect(refusedRow.getByRole('checkbox')).toBeChecked();

  // Other tests file reports on the same server at the same time: leave theirs out too.
  const unticked = problems.getByRole('checkbox', { checked: false });
  for (let tries = 0; tries < 20 && (await unticked.count()) > 0; tries++) {
    await unticked.first().check();
    await settled();
  }
  await expect(adminPage.getByText('No problems left: the period can be exported.')).toBeVisible();
  await expect(problems.getByRole('cell', { name: clientName, exact: true })).toHaveCount(0);
  await expect(download).toBeEnabled();

  const reason = `E2E quarterly CoC upload ${stamp}`;
  await field(adminPage, 'Reason').fill(reason);
  // Issue 19: the download asks for a step-up; this admin has no second factor, so the password.
  // A wrong one is refused, and said so on the field.
  await download.click();
  const stepUp = adminPage.getByRole('dialog', { name: 'Confirm it is you' });
  await stepUp.getByRole('textbox', { name: 'Password' }).fill('Not-the-admin-password-1');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByText('Wrong password')).toBeVisible();

  await stepUp.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  const downloading = adminPage.waitForEvent('download');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  const zip = await downloading;
  expect(zip.suggestedFilename()).toBe(`hmis-csv-fy2026_${today}_${today}.zip`);
  await expect(adminPage.getByText('HMIS export downloaded')).toBeVisible();

  const files = unzipSync(new Uint8Array(fs.readFileSync(await zip.path())));
  expect(Object.keys(files)).toContain('Client.csv');
  const [header, ...rows] = parseCsv(strFromU8(files['Client.csv']!));
  expect(header?.[0]).toBe('PersonalID');
  const first = header!.indexOf('FirstName');
  const last = header!.indexOf('LastName');
  expect(first).toBeGreaterThan(0);
  expect(last).toBeGreaterThan(0);
  expect(rows.filter((row) => row[first] === firstName && row[last] === lastName)).toHaveLength(1);
  expect(rows.filter((row) => row[last] === refusedLast)).toHaveLength(0);

  // The export is listed with who made it and why.
  const past = adminPage.getByRole('table', { name: 'Past exports' });
  const row = past.getByRole('row').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row).toContainText(ADMIN.email);
  await expect(row).toContainText(`${today} to ${today}`);

  await adminContext.close();
  await admin.dispose();
});
