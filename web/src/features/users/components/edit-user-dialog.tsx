import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { adminUserUpdate, user as userSchema, type User } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAuth } from '../../auth/store';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { errorMessage } from '../../../lib/api';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useUpdateUser } from '../api/use-manage-users';

/** spec §5: e-mail, name, certificateNo, gender, job and age required (age numeric); the rest optional. */
const editUserForm = adminUserUpdate.omit({ password: true, picture: true }).extend({
  // An empty box is "missing", not the number 0.
  age: z
    .string()
    .trim()
    .min(1, 'Age is required')
    .pipe(
      z.coerce.number<string>({ message: 'Age must be a number' }).int('Age must be a whole number').min(0).max(150),
    ),
  isAdmin: z.boolean(),
});
type EditUserInput = z.input<typeof editUserForm>;
type EditUserOutput = z.output<typeof editUserForm>;

export const toEditUserForm = (u: User): EditUserInput => ({
  email: u.email,
  name: u.name,
  certificateNo: u.certificateNo,
  gender: u.gender,
  job: u.job,
  age: u.age === null ? '' : String(u.age),
  phoneNo: u.phoneNo,
  address: { ...u.address },
  isAdmin: u.isAdmin,
});

/** What the conflict alert shows of the user as someone else saved them: the fields the dialog edits. */
const conflictFields = (u: User) => [
  { label: 'Email', value: u.email },
  { label: 'Name', value: u.name },
  { label: 'Certificate No', value: u.certificateNo },
  { label: 'Gender', value: u.gender },
  { label: 'Job', value: u.job },
  { label: 'Age', value: u.age === null ? '' : String(u.age) },
  { label: 'Phone No', value: u.phoneNo },
  {
    label: 'Address',
    value: [u.address.area, u.address.state, u.address.country, u.address.postalCode].filter(Boolean).join(', '),
  },
  { label: 'Administrator', value: u.isAdmin ? 'Yes' : 'No' },
];

interface EditUserDialogProps {
  user: User | null;
  onClose: () => void;
  onSaved: (user: User | null) => void;
}

/** The admin's Edit User dialog (spec §2): PUT /api/users/{id}. */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const update = useUpdateUser();
  // Issue 16: the user as the member or another admin saved them, when a save was refused; once
  // reloaded, the form edits that version.
  const [conflict, setConflict] = useState<User | null>(null);
  const [reloaded, setReloaded] = useState<User | null>(null);
  const base = reloaded ?? user;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EditUserInput, unknown, EditUserOutput>({ resolver: zodResolver(editUserForm) });

  useEffect(() => {
    if (user) reset(toEditUserForm(user));
  }, [user, reset]);

  const forget = () => {
    setConflict(null);
    setReloaded(null);
  };

  const close = () => {
    update.reset();
    forget();
    onClose();
  };

  const reload = () => {
    if (!conflict) return;
    reset(toEditUserForm(conflict));
    setReloaded(conflict);
    setConflict(null);
  };

  const onSubmit = (values: EditUserOutput) => {
    if (!base) return;
    update.mutate(
      // The picture is not edited here; sending the current one keeps it.
      { id: base._id, version: base.version, values: { ...values, picture: base.picture } },
      {
        onSuccess: (saved) => {
          forget();
          toast.success('User Updated', 'The user has been updated successfully.');
          const me = useAuth.getState().user;
          if (saved && me?._id === saved._id) {
            // The server ends a demoted admin's sessions (ARCHITECTURE §5): an admin who removed
            // their own rights is signed out, and the guard sends them to the login screen.
            if (me.isAdmin && !saved.isAdmin) {
              useAuth.setState({ user: null, isAuthenticated: false });
              return;
            }
            // The greeting and the menus follow an admin who edited themself.
            useAuth.getState().setUser(saved);
          }
          onSaved(saved);
        },
        // ARCHITECTURE §6: failures are shown, with the server's message.
        onError: (err) => {
          const current = conflictCurrent(err, userSchema);
          if (current) return setConflict(current);
          toast.error('User not updated.', errorMessage(err, 'The user could not be updated. Please try again.'));
        },
      },
    );
  };

  return (
    <Modal
      opened={user !== null}
      // Not while saving: the result (and its toast) would be lost.
      onClose={() => !update.isPending && close()}
      title="Edit User"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <Stack>
          {conflict && (
            <EditConflictAlert
              record="this user"
              fields={conflictFields(conflict)}
              onReload={reload}
              disabled={update.isPending}
            />
          )}
          <TextInput label="Email" type="email" withAsterisk {...register('email')} error={errors.email?.message} />
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Certificate No"
              withAsterisk
              {...register('certificateNo')}
              error={errors.certificateNo?.message}
            />
            <TextInput label="Gender" withAsterisk {...register('gender')} error={errors.gender?.message} />
            <TextInput label="Job" withAsterisk {...register('job')} error={errors.job?.message} />
            <TextInput
              label="Age"
              type="number"
              inputMode="numeric"
              min={0}
              max={150}
              withAsterisk
              {...register('age')}
              error={errors.age?.message}
            />
            <TextInput label="Phone No" {...register('phoneNo')} error={errors.phoneNo?.message} />
            <TextInput label="Area" {...register('address.area')} error={errors.address?.area?.message} />
            <TextInput label="State" {...register('address.state')} error={errors.address?.state?.message} />
            <TextInput label="Country" {...register('address.country')} error={errors.address?.country?.message} />
            <TextInput
              label="Postal Code"
              {...register('address.postalCode')}
              error={errors.address?.postalCode?.message}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="isAdmin"
            render={({ field }) => (
              <Switch
                label="Administrator"
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
