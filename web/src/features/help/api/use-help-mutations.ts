import { apiPath, helpContent, helpContentBody, type HelpContent, type HelpLists } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ifMatch, isEditConflict } from '../../../lib/edit-conflict';
import { helpContentQueryOptions } from './use-help-content';
import { refreshAfterWrite } from '../../../lib/refresh';

/** Blank entries (a row added and left empty) are dropped rather than refused. */
export const withoutBlankEntries = (content: HelpLists): HelpLists => ({
  instructions: content.instructions.map((e) => e.trim()).filter(Boolean),
  contactDetails: content.contactDetails.map((e) => e.trim()).filter(Boolean),
  emails: content.emails.map((e) => e.trim()).filter(Boolean),
});

/**
 * PUT /api/help-content with the three whole lists. Entries deleted in the editor are simply
 * absent from the lists, so one Save applies every edit, addition and deletion at once. It names
 * the version the editor opened (issue 16): refused because another admin saved first, the
 * content is refetched.
 */
export function useSaveHelpContent() {
  const queryClient = useQueryClient();
  const { queryKey } = helpContentQueryOptions();
  return useMutation({
    mutationFn: (content: HelpContent) =>
      api('PUT', apiPath('/api/help-content'), {
        body: helpContentBody.parse(withoutBlankEntries(content)),
        schema: helpContent,
        headers: ifMatch(content.version),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey, saved);
      await refreshAfterWrite(queryClient, { queryKey });
    },
    onError: (err) => (isEditConflict(err) ? refreshAfterWrite(queryClient, { queryKey }) : undefined),
  });
}
