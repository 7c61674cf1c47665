import { Switch } from '@mantine/core';
import type { User } from '@portal/contract';
import { useT } from '../../../i18n/use-t';
import { isEditConflict } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';
import { profileWords } from '../words';

/**
 * Issue 15: renewal reminders by e-mail, on or off. The rest of the profile is sent as it is
 * (the update takes the whole profile); reminders keep coming to the inbox either way.
 */
export function ReminderEmailsSwitch({ user }: { user: User }) {
  const { t } = useT(profileWords);
  const update = useUpdateProfile();
  const change = (reminderEmails: boolean) => {
    const { name, job, age, picture, gender, phoneNo, address } = user;
    update.mutate(
      {
        id: user._id,
        email: user.email,
        // Issue 16: the rest of the profile as shown; an admin's change since is not undone.
        version: user.version,
        values: { name, job, age, picture, gender, phoneNo, address, reminderEmails },
      },
      {
        onSuccess: () =>
          toast.success(
            t('profile.reminders.updated'),
            reminderEmails ? t('profile.reminders.on') : t('profile.reminders.off'),
          ),
        onError: (err) =>
          isEditConflict(err)
            ? toast.error(t('profile.reminders.notUpdated'), t('profile.reminders.conflict'))
            : toast.error(t('common.error'), err.message),
      },
    );
  };
  return (
    <Switch
      label={t('profile.reminders.label')}
      description={t('profile.reminders.description')}
      checked={user.reminderEmails}
      disabled={update.isPending}
      onChange={(e) => change(e.currentTarget.checked)}
    />
  );
}
