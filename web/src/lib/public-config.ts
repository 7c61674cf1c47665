import { apiPath, DEFAULT_PRODUCT_NAME, type PublicConfig } from '@portal/contract';
import { useEffect, useState } from 'react';
import { api } from './api';

export type PublicConfigState = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: PublicConfig };

/** Fetched once per page load: the server's configuration changes only with a restart. */
let request: Promise<PublicConfig> | undefined;

/**
 * The one answer not parsed with its contract schema: the landing page is the first screen a
 * visitor sees and ships neither zod nor TanStack Query (docs/performance.md), so the two
 * fields it shows are checked by hand.
 */
const publicConfigByHand = {
  parse(data: unknown): PublicConfig {
    const config = data as PublicConfig | null;
    if (typeof config?.supportEmail !== 'string' || typeof config.boardUrl !== 'string') {
      throw new Error('Unexpected /api/config answer');
    }
    return config;
  },
};

/** GET /api/config: the support e-mail and board website the landing page shows (spec §1). */
export function fetchPublicConfig(): Promise<PublicConfig> {
  if (request) return request;
  const pending = api('GET', apiPath('/api/config'), { schema: publicConfigByHand });
  request = pending;
  // A failure is not cached: a later visit of the page asks again.
  void pending.catch(() => (request = undefined));
  return pending;
}

/**
 * Issue 35: the portal's one name (PRODUCT_NAME). The build's default until /api/config answers,
 * which is also what the prerendered pages say, so hydration finds the same words.
 */
export function useProductName(): string {
  const config = usePublicConfig();
  return (config.status === 'success' && config.data.productName) || DEFAULT_PRODUCT_NAME;
}

export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<PublicConfigState>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    fetchPublicConfig().then(
      (data) => live && setState({ status: 'success', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
