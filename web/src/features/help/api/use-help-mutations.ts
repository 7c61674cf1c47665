import { helpContent, helpContentBody, type HelpContent } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { helpContentQueryOptions } from './use-help-content';

/** Blank entries (a row added and left empty) are dropped rather than refused. */
export const withoutBlankEntries = (content: HelpContent): HelpContent => ({
  instructions: content.instructions.map((e) => e.trim()).filter(Boolean),
  contactDetails: content.contactDetails.map((e) => e.trim()).filter(Boolean),
  emails: content.emails.map((e) => e.trim()).filter(Boolean),
});

/**
 * PUT /api/help-content with the three whole lists. Entries deleted in the editor are simply
 * absent from the lists, so one Save applies every edit, addition and deletion at once.
 */
export function useSaveHelpContent() {
  const queryClient = useQueryClient();
  const { queryKey } = helpContentQueryOptions();
  return useMutation({
    mutationFn: (content: HelpContent) =>
      api('PUT', '/api/help-content', {
        body: helpContentBody.parse(withoutBlankEntries(content)),
        schema: helpContent,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey, saved);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
