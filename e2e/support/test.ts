import crypto from 'node:crypto';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

/**
 * A client address of its own, sent as X-Forwarded-For (the test stack runs as if behind one
 * trusted proxy, TRUST_PROXY=1: the single entry is the one that proxy appends), so that the
 * per-IP rate limits count each test as a separate person instead of counting the whole suite
 * as one address.
 */
export const clientAddress = () =>
  `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`;
export const clientHeaders = () => ({ 'x-forwarded-for': clientAddress() });

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders(clientHeaders());
    await use(context);
  },
});
