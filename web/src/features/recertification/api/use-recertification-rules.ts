import { apiPath, recertificationRules, type RecertificationRules } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const PATH = apiPath('/api/settings/recertification');
export const RECERTIFICATION_RULES_KEY = ['settings', 'recertification'] as const;

/** GET /api/settings/recertification (issue 33): the board's recertification rules. */
export const recertificationRulesQueryOptions = () =>
  queryOptions({
    queryKey: RECERTIFICATION_RULES_KEY,
    queryFn: ({ signal }) => api('GET', PATH, { schema: recertificationRules, signal }),
  });

export const useRecertificationRules = () => useQuery(recertificationRulesQueryOptions());

/** PUT /api/settings/recertification: the whole rules object; the answer is what was saved. */
export function useSaveRecertificationRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecertificationRules) => api('PUT', PATH, { body, schema: recertificationRules }),
    onSuccess: (saved) => queryClient.setQueryData(RECERTIFICATION_RULES_KEY, saved),
  });
}
