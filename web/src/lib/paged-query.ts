import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList } from './api';

/**
 * The query options of one page of a list searched, filtered and paged on the server
 * (ARCHITECTURE §4), which every admin list's factory is made of: `path` is the page's URL
 * (`apiPath` with its offset, limit and filters), the answer is its items, each checked with
 * `schema`, and the total; the page shown stays on screen while the next one loads. The key is the
 * list's own and names every parameter of the page, so that invalidating its prefix refreshes it.
 */
export const pagedQueryOptions = <K extends QueryKey, S extends z.ZodType>(queryKey: K, path: string, schema: S) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiList(path, schema, signal),
    placeholderData: keepPreviousData,
  });
