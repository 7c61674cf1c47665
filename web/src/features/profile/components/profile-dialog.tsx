import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, FileInput, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DEFAULT_GENDER, profileUpdate, user as userSchema, type User } from '@portal/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';

type FormInput = z.input<typeof profileUpdate>;
type FormOutput = z.output<typeof profileUpdate>;

const defaultsOf = (user: User): FormInput => ({
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
  // Issue 16: the profile this form edits, as it was when opened (or reloaded): its version goes
  // with the save, so an admin's change made meanwhile is not undone.
  const [base, setBase] = useState(user);
  const [conflict, setConflict] = useState<User | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileUpdate),
    defaultValues: defaultsOf(user),
  });

  const reload = () => {
    if (!conflict) return;
    reset(defaultsOf(conflict));
    setBase(conflict);
    setConflict(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: base._id, email: base.email, version: base.version, values, picture });
      toast.success('Profile updated.', 'Your profile has been updated successfully.');
      onClose();
    } catch (err) {
      const current = conflictCurrent(err, userSchema);
      if (current) return setConflict(current);
      console.error('Updating the profile failed', err);
      toast.error('Failed to update profile.', 'There was an error updating your profile. Please try again later.');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack>
        {conflict && (
          <EditConflictAlert
            record="your profile"
            fields={conflictFields(conflict)}
            onReload={reload}
            disabled={update.isPending}
          />
        )}
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
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Job" {...register('job')} error={errors.job?.message} />
          <Controller
            control={control}
            name="age"
            render={({ field }) => (
              <NumberInput
                label="Age"
                allowDecimal={false}
                allowNegative={false}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                onBlur={field.onBlur}
                error={errors.age?.message}
              />
            )}
          />
          <TextInput label="Gender" {...register('gender')} error={errors.gender?.message} />
          <TextInput label="Phone Number" type="tel" {...register('phoneNo')} error={errors.phoneNo?.message} />
          <TextInput label="Address Area" {...register('address.area')} error={errors.address?.area?.message} />
          <TextInput label="State" {...register('address.state')} error={errors.address?.state?.message} />
          <TextInput label="Country" {...register('address.country')} error={errors.address?.country?.message} />
          <TextInput
            label="Postal Code"
            {...register('address.postalCode')}
            error={errors.address?.postalCode?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
