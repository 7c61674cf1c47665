import { Avatar, FileInput, Group, Modal, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { DEFAULT_GENDER, profileUpdate, user as userSchema, type ProfileUpdate, type User } from '@portal/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { AddressFields, DialogForm } from '../../../components/form-dialog';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';

const defaultsOf = (user: User): ProfileUpdate => ({
  name: user.name,
  job: user.job,
  age: user.age,
  picture: user.picture,
  gender: user.gender || DEFAULT_GENDER,
  phoneNo: user.phoneNo,
  address: { ...user.address },
});

/** What the conflict alert shows of the profile as an admin saved it: the fields the form edits. */
const conflictFields = (user: User) => [
  { label: 'Name', value: user.name },
  { label: 'Job', value: user.job },
  { label: 'Age', value: user.age === null ? '' : String(user.age) },
  { label: 'Gender', value: user.gender },
  { label: 'Phone Number', value: user.phoneNo },
  {
    label: 'Address',
    value: [user.address.area, user.address.state, user.address.country, user.address.postalCode]
      .filter(Boolean)
      .join(', '),
  },
  { label: 'Picture', value: user.picture ? 'set' : '' },
];

/** 'Update Profile' (spec §2): the profile form; the e-mail is shown but not editable (spec §5). */
export function ProfileDialog({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  // The modal mounts its content only while open, so every opening starts from the saved profile.
  return (
    <Modal opened={opened} onClose={onClose} title="Update Profile" size="lg" centered>
      <ProfileForm user={user} onClose={onClose} />
    </Modal>
  );
}

function ProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  // Issue 16: the profile this form edits, as it was when opened (or reloaded): its version goes
  // with the save, so an admin's change made meanwhile is not undone.
  const [opened] = useState(user);
  const { control, handleSubmit, fieldProps, base, conflict, showConflict } = useRecordForm({
    record: opened,
    schema: profileUpdate,
    toForm: defaultsOf,
    defaults: defaultsOf(opened),
    current: userSchema,
    conflictFields,
    save: update,
    onClose,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: base._id, email: base.email, version: base.version, values, picture });
      toast.success('Profile updated.', 'Your profile has been updated successfully.');
      onClose();
    } catch (err) {
      if (showConflict(err)) return;
      console.error('Updating the profile failed', err);
      toast.error('Failed to update profile.', 'There was an error updating your profile. Please try again later.');
    }
  });

  return (
    <DialogForm onSubmit={onSubmit} onClose={onClose} pending={update.isPending} submitLabel="Save">
      {conflict && <EditConflictAlert record="your profile" {...conflict} />}
      <Group>
        <Avatar src={preview ?? (user.picture || null)} alt={user.name} size={64} radius="xl" color="brand">
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <FileInput
          label="Profile Picture"
          placeholder="Choose an image"
          accept="image/*"
          value={picture}
          onChange={setPicture}
          clearable
          leftSection={<IconPhoto size={16} aria-hidden />}
          style={{ flex: 1 }}
        />
      </Group>
      <TextInput label="Email" value={user.email} disabled readOnly />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk {...fieldProps('name')} />
        <TextInput label="Job" {...fieldProps('job')} />
        <Controller
          control={control}
          name="age"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Age"
              allowDecimal={false}
              allowNegative={false}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(v) => field.onChange(v === '' ? null : Number(v))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label="Gender" {...fieldProps('gender')} />
        <TextInput label="Phone Number" type="tel" {...fieldProps('phoneNo')} />
        <AddressFields areaLabel="Address Area" field={fieldProps} />
      </SimpleGrid>
    </DialogForm>
  );
}
