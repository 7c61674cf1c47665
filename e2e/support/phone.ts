import { expect, type Page } from '@playwright/test';

/** The phone widths every screen is checked at (issue 35), and a desktop one. */
export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/** How wide the page is: it must not scroll sideways, on a phone or anywhere (issue 35). */
export const pageWidth = (page: Page) =>
  page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);

/**
 * What sticks out, for a failure message: the outermost elements whose box passes an edge of the
 * viewport (a string: the e2e package compiles without the DOM library).
 */
const overflowing = (page: Page) =>
  page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      if (out.some((o) => o.el.contains(el))) continue;
      out.push({ el, what: el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '') + ' ' + Math.round(box.left) + '..' + Math.round(box.right) });
    }
    return out.slice(0, 5).map((o) => o.what);
  })()`) as Promise<string[]>;

/**
 * The page is no wider than the viewport, once its layout has followed the viewport's width (a
 * state, waited for); a failure names what sticks out.
 */
export async function expectFits(page: Page, what = new URL(page.url()).pathname) {
  const viewport = page.viewportSize()?.width ?? 0;
  const fits = await expect
    .poll(() => pageWidth(page), { timeout: 5_000 })
    .toBeLessThanOrEqual(viewport)
    .then(
      () => true,
      () => false,
    );
  if (!fits) {
    const wide = await pageWidth(page);
    expect(wide, `${what} is ${wide} px wide at ${viewport} px: ${(await overflowing(page)).join(', ')}`).toBe(
      viewport,
    );
  }
}

/**
 * The page as it is fits a 390 px and a 360 px phone. It is narrowed in place rather than loaded
 * again: the layout follows the viewport (CSS media queries and Mantine's `useMediaQuery` both
 * listen for the change), and a second load of every screen cost the browser suite 7 minutes
 * (decision 0046). The viewport is put back as it was.
 */
export async function expectFitsPhones(page: Page, what?: string) {
  const before = page.viewportSize();
  for (const phone of [PHONE, SMALL_PHONE]) {
    await page.setViewportSize(phone);
    await expectFits(page, what);
  }
  if (before) await page.setViewportSize(before);
}
