import { Switch } from '@mantine/core';
import type { User } from '@portal/contract';
import { isEditConflict } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';

/**
 * Issue 15: renewal reminders by e-mail, on or off. The rest of the profile is sent as it is
 * (the update takes the whole profile); reminders keep coming to the inbox either way.
 */
export function ReminderEmailsSwitch({ user }: { user: User }) {
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
            'Profile updated',
            reminderEmails
              ? 'Renewal reminders will come by e-mail.'
              : 'Renewal reminders will no longer come by e-mail.',
          ),
        onError: (err) =>
          isEditConflict(err)
            ? toast.error(
                'Profile not updated',
                'Someone else changed your profile since you opened it. It now shows their changes: please try again.',
              )
            : toast.error('Error', err.message),
      },
    );
  };
  return (
    <Switch
      label="Renewal reminders by e-mail"
      description="Before a certificate expires. They always appear in your inbox (the bell at the top)."
      checked={user.reminderEmails}
      disabled={update.isPending}
      onChange={(e) => change(e.currentTarget.checked)}
    />
  );
}
