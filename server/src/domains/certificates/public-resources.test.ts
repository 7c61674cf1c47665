import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

/**
 * Issue 31 (decision 0035): the public verification resources as an outside verifier or an
 * in-browser wallet reads them.
 */

describe('the status lists’ own limit', () => {
  it('answers a verifier past the page’s limit, and refuses it only past STATUS_LIST_RATE_LIMIT', async () => {
    const limited = await createTestApp({ VERIFY_RATE_LIMIT: '2', STATUS_LIST_RATE_LIMIT: '5' });
    try {
      const remoteAddress = '127.31.0.1';
      const get = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress });
      const page = `/api/verify/${crypto.randomBytes(32).toString('base64url')}`;
      const statuses = async (url: string, n: number) => {
        const seen = [];
        for (let i = 0; i < n; i++) seen.push((await get(url)).statusCode);
        return seen;
      };
      // The page's allowance is spent…
      expect(await statuses(page, 3)).toEqual([404, 404, 429]);
      // …and the same verifier still reads the status lists, up to their own limit.
      expect(await statuses('/api/status-lists/revocation/1', 5)).toEqual([404, 404, 404, 404, 404]);
      const refused = await get('/api/status-lists/suspension/1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The page's limit is its own still: the lists' count did not move it.
      expect((await get(page)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
