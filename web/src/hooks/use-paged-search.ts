import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search box and a page number for a list searched and paged on the server (ARCHITECTURE §4),
 * kept in the address (`?q=…&page=…`, issue 35): a reload, a shared link or Back shows the same
 * page of the same search. The search is debounced; a new search starts again on the first page.
 * Further parameters of a list (a sort, a filter) are kept there too: `param` and `setParam`.
 */
export function usePagedSearch(pageSize: number, delay = 300) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearchText] = useState(q);
  // The address changed under the box (Back, a link): the box follows it.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (search.trim() !== q) setSearchText(q);
  }
  // The address as last written, and the one it was written over. The router renders a navigation
  // in a transition, so until it does, `params` is still the address before it: a sort chosen just
  // after the debounced search lands would be written over the old address and drop the search.
  // A write therefore starts from the last one while the router has not moved on from its base.
  const written = useRef<{ over: URLSearchParams; address: URLSearchParams } | null>(null);
  /** Sets (or, when empty, removes) parameters of the address, replacing the history entry. */
  const writeParams = (values: Record<string, string>) => {
    const next = new URLSearchParams(written.current?.over === params ? written.current.address : params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    written.current = { over: params, address: next };
    setParams(next, { replace: true });
  };
  const writeQ = useDebouncedCallback((text: string) => writeParams({ q: text.trim(), page: '' }), delay);
  return {
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      writeQ(text);
    },
    q,
    page,
    setPage: (next: number) => writeParams({ page: next > 1 ? String(next) : '' }),
    offset: (page - 1) * pageSize,
    limit: pageSize,
    /** Pages for `total` items, at least one. */
    pagesFor: (total: number) => Math.max(1, Math.ceil(total / pageSize)),
    /** A further parameter of the list in the address ('' when absent); setting it goes back to page 1. */
    param: (name: string) => params.get(name) ?? '',
    setParam: (name: string, value: string) => writeParams({ [name]: value, page: '' }),
  };
}

export type PagedSearch = ReturnType<typeof usePagedSearch>;
