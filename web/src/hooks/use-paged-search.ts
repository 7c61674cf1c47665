import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A search box and a page number for a list searched and paged on the server (ARCHITECTURE §4).
 * The search is debounced; a new search starts again on the first page.
 */
export function usePagedSearch(pageSize: number, delay = 300) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), delay);
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  return {
    search,
    setSearch,
    q,
    page,
    setPage: (next: number) => setPaging({ q, page: Math.max(1, next) }),
    offset: (page - 1) * pageSize,
    limit: pageSize,
    /** Pages for `total` items, at least one. */
    pagesFor: (total: number) => Math.max(1, Math.ceil(total / pageSize)),
  };
}
