import fs from 'node:fs/promises';
import { expect, test } from '../support/test';
import { signInAsAdmin } from '../support/session';
import { adminApi, createCertificate, uniqueEmail } from '../support/fixtures';

/** Issue 16: "Export CSV" takes out what the screen shows, its search included. */

/** The cells of a CSV line as the export writes them (RFC 4180: quoted where needed). */
function cells(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) {
    out.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ''));
  }
  return out;
}

test('an admin exports a searched certificate list, and the file holds exactly the rows on screen', async ({
  page,
}) => {
  const admin = await adminApi();
  const tag = `EXP${Date.now().toString(36).toUpperCase()}`;
  const email = uniqueEmail('export');
  const numbers: string[] = [];
  for (let i = 1; i <= 3; i++) {
    // The last one's name starts like a spreadsheet formula: the file must not let it run.
    const name = i === 3 ? '=HYPERLINK("https://example.org","Advocate")' : `Advocate ${i}`;
    numbers.push(
      (await createCertificate(admin, { userEmail: email, certificateNo: `${tag}-${i}`, name })).certificateNo,
    );
  }
  // One more that the search leaves out.
  await createCertificate(admin, {
    userEmail: email,
    certificateNo: `OTHER-${tag.toLowerCase().split('').reverse().join('')}`,
  });

  await signInAsAdmin(page);
  await page.goto('/admin/manage/certificates');
  await page.getByRole('textbox', { name: 'Search certificates' }).fill(tag);
  const cards = page.getByRole('article', { name: /^Certificate / });
  await expect(cards).toHaveCount(3);
  const onScreen = (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).map((label) =>
    label!.replace(/^Certificate /, ''),
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const text = await fs.readFile((await download.path())!, 'utf8');
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  const columns = cells(header!);
  const numberAt = columns.indexOf('certificateNo');
  const nameAt = columns.indexOf('name');
  expect(numberAt).toBeGreaterThanOrEqual(0);
  // The same rows, in the same order, as the screen: the search applied, no more, no fewer.
  expect(rows.map((row) => cells(row)[numberAt])).toEqual(onScreen);
  expect([...onScreen].sort()).toEqual([...numbers].sort());
  // OWASP CSV injection: the formula-like cell is written as text.
  const formula = rows.map((row) => cells(row)).find((row) => row[numberAt] === `${tag}-3`)!;
  expect(formula[nameAt]).toBe(`'=HYPERLINK("https://example.org","Advocate")`);
});
