import { apiPath, messageBody } from '@portal/contract';
import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { pagedQueryOptions } from './paged-query';

afterEach(() => vi.unstubAllGlobals());

it('reads one page of a list, each item checked, with the total, and keeps the last page while the next loads', async () => {
  const fetchMock = vi.fn(async () =>
    Response.json([{ message: 'a', extra: 1 }], { headers: { 'x-total-count': '31' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const options = pagedQueryOptions(
    ['things', { offset: 20, limit: 10 }] as const,
    apiPath('/api/notifications', undefined, { offset: 20, limit: 10 }),
    messageBody,
  );
  expect(options.queryKey).toEqual(['things', { offset: 20, limit: 10 }]);
  expect(options.placeholderData).toBe(keepPreviousData);
  await expect(new QueryClient().fetchQuery(options)).resolves.toEqual({ items: [{ message: 'a' }], total: 31 });
  expect(fetchMock).toHaveBeenCalledWith('/api/notifications?offset=20&limit=10', expect.anything());
});
