import type { Page } from '@playwright/test';

/** The phone widths every screen is checked at (issue 35), and a desktop one. */
export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/** How wide the page is: it must not scroll sideways, on a phone or anywhere (issue 35). */
export const pageWidth = (page: Page) =>
  page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
