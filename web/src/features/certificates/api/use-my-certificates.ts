import { apiPath, certificate, MAX_PAGE_LIMIT, type Certificate } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api';
import { documentKind } from '../utils/my-certificates';

/**
 * GET /api/certificates/{userEmail}: all of one holder's certificates. The table sorts and pages
 * them itself, and the expiring-soon banner needs every one, so all pages are read.
 */
export const myCertificatesQueryOptions = (userEmail: string) =>
  queryOptions({
    queryKey: ['certificates', 'user', userEmail] as const,
    queryFn: async ({ signal }) => {
      const all: Certificate[] = [];
      for (;;) {
        const path = apiPath(
          '/api/certificates/:userEmail',
          { userEmail },
          { offset: all.length, limit: MAX_PAGE_LIMIT },
        );
        const { items, total } = await apiList(path, certificate, signal);
        all.push(...items);
        if (items.length === 0 || all.length >= total) return all;
      }
    },
    enabled: userEmail !== '',
  });

export const useMyCertificates = (userEmail: string) => useQuery(myCertificatesQueryOptions(userEmail));

/**
 * What kind of document a certificate links to. Our file links carry no file name, so the
 * server's content type decides (a HEAD request), the link's extension otherwise.
 */
export const useCertificateDocumentKind = (link: string) =>
  useQuery({
    queryKey: ['certificates', 'document-kind', link] as const,
    queryFn: async ({ signal }) => {
      try {
        const res = await fetch(link, { method: 'HEAD', credentials: 'same-origin', signal });
        return documentKind(res.ok ? res.headers.get('content-type') : null, link);
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        return documentKind(null, link);
      }
    },
    enabled: link !== '',
    staleTime: Infinity,
  });
