import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { adminUserUpdate, user as userSchema, type User } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useAuth } from '../../auth/store';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { AddressFields, FormDialog } from '../../../components/form-dialog';
import { filled } from '../../../lib/form-fields';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useUpdateUser } from '../api/use-manage-users';
import type en from '../messages/en';
import { usersWords } from '../words';

/**
 * spec §5: e-mail, name, certificateNo, gender, job and age required (age numeric); the rest
 * optional. `ageRequired` is the form's words for a missing age, in the reader's language.
 */
const editUserForm = (ageRequired: string) =>
  adminUserUpdate.omit({ password: true, picture: true }).extend({
    // An empty box is "missing", not the number 0.
    age: filled(ageRequired, adminUserUpdate.shape.age),
  });
type EditUserInput = z.input<ReturnType<typeof editUserForm>>;
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

/** The dialog's words, by key. */
type Say = (key: keyof typeof en) => string;

/** What the conflict alert shows of the user as someone else saved them: the fields the dialog edits. */
const conflictFields = (t: Say, u: User) => [
  { label: t('users.field.email'), value: u.email },
  { label: t('users.field.name'), value: u.name },
  { label: t('users.field.certificateNo'), value: u.certificateNo },
  { label: t('users.field.gender'), value: u.gender },
  { label: t('users.field.job'), value: u.job },
  { label: t('users.field.age'), value: u.age === null ? '' : String(u.age) },
  { label: t('users.field.phoneNo'), value: u.phoneNo },
  {
    label: t('users.field.address'),
    value: [u.address.area, u.address.state, u.address.country, u.address.postalCode].filter(Boolean).join(', '),
  },
  { label: t('users.field.administrator'), value: u.isAdmin ? t('users.yes') : t('users.no') },
];

interface EditUserDialogProps {
  user: User | null;
  onClose: () => void;
  onSaved: (user: User | null) => void;
}

/** The admin's Edit User dialog (spec §2): PUT /api/users/{id}. */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const { t } = useT(usersWords);
  const update = useUpdateUser();
  const schema = useMemo(() => editUserForm(t('users.edit.ageRequired')), [t]);
  const fieldsOf = useCallback((u: User) => conflictFields(t, u), [t]);
  const { control, handleSubmit, fieldProps, base, conflict, showConflict, forget, close } = useRecordForm({
    record: user,
    schema,
    toForm: toEditUserForm,
    opened: user !== null,
    current: userSchema,
    conflictFields: fieldsOf,
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
          toast.success(t('users.updated.title'), t('users.updated.message'));
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
          toast.error(t('users.updateFailed.title'), errorMessage(err, t('users.updateFailed.message')));
        },
      },
    );
  });

  return (
    <FormDialog
      opened={user !== null}
      onClose={close}
      title={t('users.editUser')}
      size="lg"
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel={t('users.edit.save')}
    >
      {conflict && <EditConflictAlert record={t('users.edit.conflictRecord')} {...conflict} />}
      <TextInput label={t('users.field.email')} type="email" withAsterisk {...fieldProps('email')} />
      <TextInput label={t('users.field.name')} withAsterisk {...fieldProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('users.field.certificateNo')} withAsterisk {...fieldProps('certificateNo')} />
        <TextInput label={t('users.field.gender')} withAsterisk {...fieldProps('gender')} />
        <TextInput label={t('users.field.job')} withAsterisk {...fieldProps('job')} />
        <TextInput
          label={t('users.field.age')}
          type="number"
          inputMode="numeric"
          min={AGE.minValue ?? undefined}
          max={AGE.maxValue ?? undefined}
          withAsterisk
          {...fieldProps('age')}
        />
        <TextInput label={t('users.field.phoneNo')} {...fieldProps('phoneNo')} />
        <AddressFields areaLabel={t('users.field.area')} field={fieldProps} />
      </SimpleGrid>
      <Controller
        control={control}
        name="isAdmin"
        render={({ field }) => (
          <Switch
            label={t('users.field.administrator')}
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
