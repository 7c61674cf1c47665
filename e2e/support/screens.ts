import { AxeBuilder } from '@axe-core/playwright';
import { SLOW_STATE } from './env';
import { expectFits, expectFitsPhones } from './phone';
import { expect, type Page, test } from './test';

/** The screens of the signed-in app, and how a check waits for one and scans it (issues 13, 34, 35). */

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type Viewport = keyof typeof VIEWPORTS;

export const MEMBER_SCREENS = [
  'default',
  'certificates',
  'report',
  'job-board',
  'messages',
  'profile',
  'two-factor',
  'help',
];
export const ADMIN_SCREENS = [
  ...MEMBER_SCREENS,
  'manage/certificates',
  'manage/reports',
  'manage/notifications',
  'manage/jobs',
  'manage/users',
  'manage/help',
  'manage/audit',
  'manage/renewal-reminders',
  'manage/recertification',
  'manage/renewals',
  'hmis-export',
  'manage/trash',
];

/**
 * Waits until the screen has stopped changing: no loader, skeleton or busy region, and no
 * transition running (a dialog fading in has its final colours only at the end).
 */
export async function settle(page: Page) {
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(
    0,
    SLOW_STATE,
  );
  // A function, not a string: the page's Content-Security-Policy forbids eval.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
}

/**
 * Every rule of TAGS on the whole page. Two settings make a scan several times faster (the
 * report form's took 5 s) without changing what is checked:
 * - `resultTypes`: axe still runs every rule on every element, but lists a single element of
 *   the passes and of the results it cannot decide, which this spec does not read;
 * - legacy mode: `axe.run` in the page, not `runPartial` in it and `finishRun` in a blank page
 *   opened for each scan. It cannot enter a cross-origin frame, so a page with a frame (a
 *   certificate's document) is scanned the standard way.
 */
export const axeBuilder = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(page.frames().length === 1);

/**
 * Every visible text of the page that reads as English source text (issue 34): letters outside a
 * pseudo-localised message ("[Ŝîĝñ Ûþ ··]"). What people wrote and the server keeps is not a
 * message, and the screens mark it so (`dir="auto"`, `<bdi>`), as they mark the product's and
 * the languages' names (`[data-brand]`, `lang`), the board's addresses and the codes of the audit
 * log (`translate="no"`, which also tells a browser's translator to leave them); nor is a date,
 * which the pseudo-locale formats as English does.
 */
export const untranslated = (page: Page) =>
  page.evaluate(`(() => {
    const found = [];
    const DATE = /^(?:[A-Z][a-z]{2} \\d{1,2}, \\d{4}(?:, \\d{1,2}:\\d{2}\\s?[AP]M)?|\\d{1,2}:\\d{2}\\s?[AP]M)$/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim().replace(/\\s+/g, ' ');
      const element = node.parentElement;
      if (!/[A-Za-z]{2,}/.test(text) || !element || !element.checkVisibility() || DATE.test(text)) continue;
      if (element.closest('option, [lang]:not(html), [dir="auto"], bdi, [translate="no"], a[href^="mailto:"], a[href^="http"], [data-brand]')) continue;
      const message = element.closest('h1, h2, h3, h4, p, label, button, a, legend, span, div, td, th, li');
      if (message && /\\[[^\\]]*·/.test(message.textContent)) continue;
      found.push(text);
    }
    return found;
  })()`) as Promise<string[]>;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];

/** An English message as the pseudo-locale writes it (web/src/i18n/pseudo.ts), to find a control by. */
export const pseudo = (english: string) =>
  new RegExp(
    [...english]
      .map((c) => (PLAIN.includes(c) ? ACCENTED[PLAIN.indexOf(c)] : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join(''),
  );

/**
 * A screen in Arabic (issue 34): right to left, no wider than the viewport (on a phone, 390 and
 * 360 px), no axe violation (soft: every screen is checked before the test fails), and a full-page
 * screenshot in the test's output for a person to look at.
 */
export async function checkArabicScreen(page: Page, screen: string, onPhone: boolean) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await (onPhone ? expectFitsPhones(page, `${screen} in Arabic`) : expectFits(page, `${screen} in Arabic`));
  const { violations } = await axeBuilder(page).analyze();
  expect
    .soft(
      violations.map((v) => `${v.id} at ${v.nodes[0]?.target.join(' ')}`),
      `${screen} in Arabic`,
    )
    .toEqual([]);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: test.info().outputPath(`${screen.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-ar-${width}.png`),
    fullPage: true,
  });
}
