import { Avatar, FileInput, Group, Modal, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { DEFAULT_GENDER, profileUpdate, user as userSchema, type ProfileUpdate, type User } from '@portal/contract';
import { intlLocale, type Language, LANGUAGE_NAMES, LANGUAGES } from '@portal/contract/languages';
import { IconPhoto } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { createIntl } from 'react-intl';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { AddressFields, DialogForm } from '../../../components/form-dialog';
import { loadCatalogue, loadedCatalogue, PSEUDO } from '../../../i18n/catalogues';
import { chooseGuestLanguage, useLanguage, useLanguageStore } from '../../../i18n/language';
import { useT } from '../../../i18n/use-t';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';
import type en from '../messages/en';
import { profileWords } from '../words';

type ProfileKey = keyof typeof en;

const defaultsOf = (user: User): ProfileUpdate => ({
  name: user.name,
  job: user.job,
  age: user.age,
  picture: user.picture,
  gender: user.gender || DEFAULT_GENDER,
  phoneNo: user.phoneNo,
  address: { ...user.address },
  language: user.language,
});

/**
 * The profile's words in a language just chosen, once loaded: the form's own `t` still speaks the
 * language it was opened in, and the toast after the save should speak the new one.
 */
function wordsIn(language: Language) {
  const messages = loadedCatalogue(language);
  if (!messages) return undefined;
  const locale = intlLocale(language, useLanguageStore.getState().arabicDigits);
  const intl = createIntl({ locale, messages, defaultLocale: 'en-US' });
  return (key: ProfileKey) => intl.formatMessage({ id: key });
}

/** 'Update Profile' (spec §2): the profile form; the e-mail is shown but not editable (spec §5). */
export function ProfileDialog({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const { t } = useT(profileWords);
  // The modal mounts its content only while open, so every opening starts from the saved profile.
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.update')} size="lg" centered>
      <ProfileForm user={user} onClose={onClose} />
    </Modal>
  );
}

function ProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useT(profileWords);
  const shownLanguage = useLanguage();
  const update = useUpdateProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** What the conflict alert shows of the profile as an admin saved it: the fields the form edits. */
  const conflictFields = useCallback(
    (user: User) => [
      { label: t('profile.field.name'), value: user.name },
      { label: t('profile.field.job'), value: user.job },
      { label: t('profile.field.age'), value: user.age === null ? '' : String(user.age) },
      { label: t('profile.field.gender'), value: user.gender },
      { label: t('profile.field.phoneNo'), value: user.phoneNo },
      {
        label: t('profile.field.address'),
        value: [user.address.area, user.address.state, user.address.country, user.address.postalCode]
          .filter(Boolean)
          .join(', '),
      },
      { label: t('profile.field.picture'), value: user.picture ? t('profile.form.pictureSet') : '' },
      { label: t('profile.field.language'), value: LANGUAGE_NAMES[user.language] },
    ],
    [t],
  );

  // Issue 16: the profile this form edits, as it was when opened (or reloaded): its version goes
  // with the save, so an admin's change made meanwhile is not undone.
  const [opened] = useState(user);
  const { control, handleSubmit, fieldProps, base, conflict, showConflict, formState } = useRecordForm({
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
    // Issue 34: a new language. Its words load before the save, so that the screens switch to it as
    // soon as the saved profile is the signed-in user's (the save sets the auth store's user).
    const language = values.language !== undefined && values.language !== base.language ? values.language : null;
    if (language) await loadCatalogue(language).catch(() => undefined);
    try {
      await update.mutateAsync({ id: base._id, email: base.email, version: base.version, values, picture });
      let said: (key: ProfileKey) => string = t;
      if (language) {
        // As the top bar's language menu does: the `lang` cookie too, for the pages of a guest.
        void chooseGuestLanguage(language).catch(() => undefined);
        // The pseudo-locale of the tests outranks a member's language: the screens stay in it.
        if (shownLanguage !== PSEUDO) said = wordsIn(language) ?? t;
      }
      toast.success(said('profile.form.updated.title'), said('profile.form.updated.message'));
      onClose();
    } catch (err) {
      if (showConflict(err)) return;
      console.error('Updating the profile failed', err);
      toast.error(t('profile.form.failed.title'), t('profile.form.failed.message'));
    }
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onClose={onClose}
      pending={update.isPending || formState.isSubmitting}
      submitLabel={t('profile.form.save')}
    >
      {conflict && <EditConflictAlert record={t('profile.form.conflictRecord')} {...conflict} />}
      <Group>
        <Avatar src={preview ?? (user.picture || null)} alt={user.name} size={64} radius="xl" color="brand">
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <FileInput
          label={t('profile.form.picture')}
          placeholder={t('profile.form.choosePicture')}
          accept="image/*"
          value={picture}
          onChange={setPicture}
          clearable
          leftSection={<IconPhoto size={16} aria-hidden />}
          style={{ flex: 1 }}
        />
      </Group>
      <TextInput label={t('profile.field.email')} value={user.email} dir="auto" disabled readOnly />
      {/* What a member types is shown in its own direction. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('profile.field.name')} withAsterisk dir="auto" {...fieldProps('name')} />
        <TextInput label={t('profile.field.job')} dir="auto" {...fieldProps('job')} />
        <Controller
          control={control}
          name="age"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('profile.field.age')}
              allowDecimal={false}
              allowNegative={false}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(v) => field.onChange(v === '' ? null : Number(v))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label={t('profile.field.gender')} dir="auto" {...fieldProps('gender')} />
        <TextInput label={t('profile.field.phoneNo')} type="tel" dir="auto" {...fieldProps('phoneNo')} />
        <AddressFields areaLabel={t('profile.field.addressArea')} field={fieldProps} />
        {/* Issue 34: the language of the member's screens and of every mail to them; each named in itself. */}
        <NativeSelect label={t('profile.field.language')} {...fieldProps('language')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </NativeSelect>
      </SimpleGrid>
    </DialogForm>
  );
}
