import { apiPath, renewalReminderSettings, type RenewalReminderSettings } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const PATH = apiPath('/api/settings/renewal-reminders');
export const REMINDER_SETTINGS_KEY = ['settings', 'renewal-reminders'] as const;

/** GET /api/settings/renewal-reminders (issue 15). */
export const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: REMINDER_SETTINGS_KEY,
    queryFn: ({ signal }) => api('GET', PATH, { schema: renewalReminderSettings, signal }),
  });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalReminderSettings) => api('PUT', PATH, { body, schema: renewalReminderSettings }),
    onSuccess: (saved) => queryClient.setQueryData(REMINDER_SETTINGS_KEY, saved),
  });
}
