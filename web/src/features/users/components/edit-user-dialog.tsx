import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { adminUserUpdate, user as userSchema, type User } from '@portal/contract';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useAuth } from '../../auth/store';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { errorMessage } from '../../../lib/api';
import { AddressFields, FormDialog } from '../../../components/form-dialog';
import { filled } from '../../../lib/form-fields';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useUpdateUser } from '../api/use-manage-users';

/** spec §5: e-mail, name, certificateNo, gender, job and age required (age numeric); the rest optional. */
const editUserForm = adminUserUpdate.omit({ password: true, picture: true }).extend({
  // An empty box is "missing", not the number 0.
  age: filled('Age is required', adminUserUpdate.shape.age),
});
type EditUserInput = z.input<typeof editUserForm>;
/** The contract's bounds of an age, for the number box's arrows. */
const AGE = adminUserUpdate.shape.age;

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
  const { control, handleSubmit, fieldProps, base, conflict, showConflict, forget, close } = useRecordForm({
    record: user,
    schema: editUserForm,
    toForm: toEditUserForm,
    opened: user !== null,
    current: userSchema,
    conflictFields,
    save: update,
    onClose,
  });

  const onSubmit = handleSubmit((values) => {
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
          if (showConflict(err)) return;
          toast.error('User not updated.', errorMessage(err, 'The user could not be updated. Please try again.'));
        },
      },
    );
  });

  return (
    <FormDialog
      opened={user !== null}
      onClose={close}
      title="Edit User"
      size="lg"
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel="Save"
    >
      {conflict && <EditConflictAlert record="this user" {...conflict} />}
      <TextInput label="Email" type="email" withAsterisk {...fieldProps('email')} />
      <TextInput label="Name" withAsterisk {...fieldProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Certificate No" withAsterisk {...fieldProps('certificateNo')} />
        <TextInput label="Gender" withAsterisk {...fieldProps('gender')} />
        <TextInput label="Job" withAsterisk {...fieldProps('job')} />
        <TextInput
          label="Age"
          type="number"
          inputMode="numeric"
          min={AGE.minValue ?? undefined}
          max={AGE.maxValue ?? undefined}
          withAsterisk
          {...fieldProps('age')}
        />
        <TextInput label="Phone No" {...fieldProps('phoneNo')} />
        <AddressFields areaLabel="Area" field={fieldProps} />
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
    </FormDialog>
  );
}
