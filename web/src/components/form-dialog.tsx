import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';

interface DialogFormProps {
  /** The form's submit (react-hook-form's handleSubmit): the browser's own checks are off. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** Cancel, and closing the dialog. */
  onClose: () => void;
  /** What the submit button does: Create, Save, Renew 3 certificates. */
  submitLabel: ReactNode;
  /** The request runs: the submit button spins. */
  pending: boolean;
  /** Cancel and closing wait (while pending, unless told): the result and its toast would be lost. */
  locked?: boolean;
  /** A failure said in the dialog, above its buttons. */
  error?: string | null;
  /** The submit button's colour: red for what takes something away (revoke, reject). */
  submitColor?: string;
  children: ReactNode;
}

/** A dialog's form: its fields, then a failure if any, then Cancel and the submit button. */
export function DialogForm({
  onSubmit,
  onClose,
  submitLabel,
  pending,
  locked = pending,
  error,
  submitColor,
  children,
}: DialogFormProps) {
  const { t } = useT(commonWords);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack>
        {children}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={locked}>
            {t('common.ui.cancel')}
          </Button>
          <Button type="submit" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A modal dialog around a DialogForm: the admin's create, edit and bulk dialogs. */
export function FormDialog({
  opened,
  title,
  size,
  className,
  ...form
}: DialogFormProps & {
  opened: boolean;
  title: string;
  size?: string;
  /** On the dialog's content: a phone screen's rules for its targets, say. */
  className?: string;
}) {
  const { t } = useT(commonWords);
  const locked = form.locked ?? form.pending;
  return (
    <Modal
      opened={opened}
      onClose={() => !locked && form.onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.ui.close') }}
      size={size}
      classNames={className ? { content: className } : undefined}
    >
      <DialogForm {...form} />
    </Modal>
  );
}

type AddressPath = `address.${'area' | 'state' | 'country' | 'postalCode'}`;

/**
 * The boxes of a user's address (the profile, Edit User), in a dialog's grid: `field` is the
 * form's fieldProps (lib/contract-form.ts).
 */
export function AddressFields({
  areaLabel,
  field,
}: {
  areaLabel: string;
  field: (name: AddressPath) => UseFormRegisterReturn & { error: string | undefined };
}) {
  const { t } = useT(commonWords);
  return (
    <>
      <TextInput label={areaLabel} {...field('address.area')} />
      <TextInput label={t('common.ui.address.state')} {...field('address.state')} />
      <TextInput label={t('common.ui.address.country')} {...field('address.country')} />
      <TextInput label={t('common.ui.address.postalCode')} {...field('address.postalCode')} />
    </>
  );
}
