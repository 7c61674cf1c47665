import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, FileInput, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DEFAULT_GENDER, profileUpdate, type User } from '@portal/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
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

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileUpdate),
    defaultValues: defaultsOf(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user._id, email: user.email, values, picture });
      toast.success('Profile updated.', 'Your profile has been updated successfully.');
      onClose();
    } catch (err) {
      console.error('Updating the profile failed', err);
      toast.error('Failed to update profile.', 'There was an error updating your profile. Please try again later.');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack>
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
