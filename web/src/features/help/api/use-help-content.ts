import { apiPath, helpContent } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The help content's key; saving or deleting help entries invalidates it. */
export const HELP_CONTENT_KEY = ['help-content'] as const;

/** GET /api/help-content: instructions, contact details and e-mails. */
export const helpContentQueryOptions = () =>
  queryOptions({
    queryKey: HELP_CONTENT_KEY,
    queryFn: ({ signal }) => api('GET', apiPath('/api/help-content'), { schema: helpContent, signal }),
  });

export const useHelpContent = () => useQuery(helpContentQueryOptions());
