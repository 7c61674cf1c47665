import { Anchor, FileInput, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import {
  AWARDED_ON_MESSAGES,
  awardedOnProblem,
  certificate as certificateSchema,
  CERTIFICATE_STATUSES,
  certificateBody,
  toAwardedOn,
  toValidTill,
  type Certificate,
} from '@portal/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { ApiError } from '../../../lib/api';
import type { MalformedToasts } from '../../../lib/contract-form';
import { localToday } from '../../../lib/dates';
import { FormDialog } from '../../../components/form-dialog';
import { filled } from '../../../lib/form-fields';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useSaveCertificate } from '../api/use-manage-certificates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey, type CertificatesT } from '../words';
import { statusLabel } from './certificate-status';

/** The contract's body, as the form's boxes hold it: each rule is the contract's. */
const certificateFields = (t: CertificatesT) =>
  certificateBody.extend({
    validTill: filled(t('certificates.dialog.validTillRequired'), certificateBody.shape.validTill),
    // Issue 31: empty is today on create (and is never sent).
    awardedOn: z
      .string()
      .transform((day) => day || undefined)
      .pipe(certificateBody.shape.awardedOn),
  });
type CertificateFormInput = z.input<ReturnType<typeof certificateFields>>;
type CertificateFormOutput = z.output<ReturnType<typeof certificateFields>>;

/** spec §5: a malformed e-mail address gets a toast rather than an inline error. */
const malformedToasts = (t: CertificatesT): MalformedToasts<CertificateFormInput> => ({
  userEmail: (message) => toast.error(t('certificates.dialog.invalidEmail'), message),
});

/** The award date's problems (the contract's English, which the server and an import use) in the screens' words. */
const AWARDED_ON_KEYS: Record<string, CertificatesKey> = {
  [AWARDED_ON_MESSAGES.future]: 'certificates.dialog.awardedOnFuture',
  [AWARDED_ON_MESSAGES.afterValidTill]: 'certificates.dialog.awardedOnAfterValidTill',
};

/**
 * Issue 31: the server's rule on the award date, as the form can check it: a new day may not be
 * after today (the admin's own) nor after validTill, and the day a certificate keeps may not be
 * after a validTill the edit changes. The field at fault is named, as the server names it.
 */
export function awardedOnIssue(
  values: Pick<CertificateFormOutput, 'awardedOn' | 'validTill'>,
  editing: Pick<Certificate, 'awardedOn' | 'validTill'> | null | undefined,
  today = localToday(),
): { path: 'awardedOn' | 'validTill'; message: string } | undefined {
  const given = values.awardedOn ?? '';
  const day = given.slice(0, 10);
  const newDay = day !== '' && day !== editing?.awardedOn.slice(0, 10);
  const validTillChanged = !!editing && values.validTill.slice(0, 10) !== editing.validTill.slice(0, 10);
  if (!newDay && !(validTillChanged && editing)) return undefined;
  const awardedOn = newDay ? toAwardedOn(given) : new Date(editing!.awardedOn);
  const message = awardedOnProblem(awardedOn, toValidTill(values.validTill), newDay ? toAwardedOn(today) : undefined);
  return message ? { path: newDay ? 'awardedOn' : 'validTill', message } : undefined;
}

/** The form's schema for creating (no certificate) or editing one: its fields and the award date's rule. */
const certificateForm = (t: CertificatesT, editing: Certificate | null | undefined) =>
  certificateFields(t).superRefine((values, ctx) => {
    const issue = awardedOnIssue(values, editing);
    if (!issue) return;
    const key = AWARDED_ON_KEYS[issue.message];
    ctx.addIssue({ code: 'custom', path: [issue.path], message: key ? t(key) : issue.message });
  });

/** spec §4: the form's defaults, status Active. */
export const CERTIFICATE_FORM_DEFAULTS: CertificateFormInput = {
  userEmail: '',
  certificateNo: '',
  name: '',
  status: 'Active',
  validTill: '',
  awardedOn: '',
  downloadLink: '',
  holderName: '',
};

/** spec §4: edit prefills the form, validTill cut to its first 10 characters. */
export function toCertificateForm(cert: Certificate): CertificateFormInput {
  return {
    userEmail: cert.userEmail,
    certificateNo: cert.certificateNo,
    name: cert.name,
    // Expired is shown, never stored (ARCHITECTURE §6): an expired certificate keeps Active.
    status: cert.status === 'Inactive' ? 'Inactive' : 'Active',
    validTill: cert.validTill.slice(0, 10),
    // Issue 31: the day, as validTill (the server keeps the stored time of that day).
    awardedOn: cert.awardedOn.slice(0, 10),
    downloadLink: cert.downloadLink,
    holderName: cert.holderName,
  };
}

/** What the conflict alert shows of the certificate someone else saved: the fields the dialog edits. */
const conflictFields = (t: CertificatesT) => (cert: Certificate) => {
  const form = toCertificateForm(cert);
  return [
    { label: t('certificates.dialog.userEmail'), value: form.userEmail },
    { label: t('certificates.dialog.certificateNo'), value: form.certificateNo },
    { label: t('certificates.dialog.name'), value: form.name },
    { label: t('certificates.dialog.holder'), value: form.holderName ?? '' },
    { label: t('certificates.dialog.validTill'), value: form.validTill },
    { label: t('certificates.dialog.awardedOn'), value: form.awardedOn ?? '' },
    { label: t('certificates.dialog.status'), value: statusLabel(t, cert.status) },
  ];
};

const FAILED: Record<'creating' | 'updating' | 'deleting', CertificatesKey> = {
  creating: 'certificates.dialog.createFailed',
  updating: 'certificates.dialog.updateFailed',
  deleting: 'certificates.dialog.deleteFailed',
};

/** The failure toast of spec §8, with the server's own message when it says more. */
export function certificateErrorText(
  t: CertificatesT,
  action: 'creating' | 'updating' | 'deleting',
  err: unknown,
): string {
  const base = t(FAILED[action]);
  return err instanceof ApiError && err.message ? `${base} ${err.message}` : base;
}

interface CertificateDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The certificate to edit; null or absent: create mode. */
  certificate?: Certificate | null;
}

/** The admin's Create/Edit certificate dialog (spec §2, §4, §5). */
export function CertificateDialog({ opened, onClose, certificate }: CertificateDialogProps) {
  const { t, rich } = useT(certificatesWords);
  const editing = Boolean(certificate);
  const save = useSaveCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const schema = useCallback((base: Certificate | null | undefined) => certificateForm(t, base), [t]);
  const malformed = useMemo(() => malformedToasts(t), [t]);
  const {
    register,
    handleSubmit,
    fieldProps,
    base,
    conflict,
    showConflict,
    close: closeForm,
  } = useRecordForm({
    record: certificate,
    schema,
    toForm: toCertificateForm,
    defaults: CERTIFICATE_FORM_DEFAULTS,
    opened,
    current: certificateSchema,
    conflictFields: conflictFields(t),
    save,
    onClose,
    malformed,
  });

  const close = () => {
    setFile(null);
    setProgress(null);
    closeForm();
  };

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: base?._id, version: base?.version, values, file, onProgress: setProgress },
      {
        onSuccess: () => {
          if (editing) toast.success(t('certificates.dialog.updatedTitle'), t('certificates.dialog.updatedText'));
          else toast.success(t('certificates.dialog.createdTitle'), t('certificates.dialog.createdText'));
          close();
        },
        onError: (err) => {
          setProgress(null);
          if (showConflict(err)) return;
          toast.error(t('common.error'), certificateErrorText(t, editing ? 'updating' : 'creating', err));
        },
      },
    ),
  );

  const currentLink = base?.downloadLink;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={editing ? t('certificates.dialog.editTitle') : t('certificates.dialog.addTitle')}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={editing ? t('certificates.dialog.update') : t('certificates.dialog.create')}
    >
      {conflict && <EditConflictAlert record={t('certificates.dialog.conflictRecord')} {...conflict} />}
      <TextInput
        label={t('certificates.dialog.userEmail')}
        type="email"
        dir="auto"
        withAsterisk
        {...fieldProps('userEmail')}
      />
      <TextInput
        label={t('certificates.dialog.certificateNo')}
        dir="auto"
        withAsterisk
        {...fieldProps('certificateNo')}
      />
      <TextInput label={t('certificates.dialog.name')} dir="auto" withAsterisk {...fieldProps('name')} />
      <TextInput
        label={t('certificates.dialog.holder')}
        description={t('certificates.dialog.holderHint')}
        dir="auto"
        {...fieldProps('holderName')}
      />
      <TextInput label={t('certificates.dialog.validTill')} type="date" withAsterisk {...fieldProps('validTill')} />
      <TextInput
        label={t('certificates.dialog.awardedOn')}
        type="date"
        description={editing ? t('certificates.dialog.awardedOnEditHint') : t('certificates.dialog.awardedOnNewHint')}
        max={localToday()}
        {...fieldProps('awardedOn')}
      />
      <NativeSelect
        label={t('certificates.dialog.status')}
        data={CERTIFICATE_STATUSES.map((value) => ({ value, label: statusLabel(t, value) }))}
        {...register('status')}
      />
      <FileInput
        label={t('certificates.dialog.document')}
        description={
          currentLink
            ? rich('certificates.dialog.documentOnFile', {
                link: (chunks: ReactNode[]) => (
                  <Anchor href={currentLink} target="_blank" rel="noopener noreferrer" size="xs">
                    {chunks}
                  </Anchor>
                ),
              })
            : t('certificates.dialog.documentHint')
        }
        placeholder={t('certificates.dialog.chooseFile')}
        accept=".pdf,.doc,.docx"
        clearable
        value={file}
        onChange={setFile}
      />
      {progress !== null && save.isPending && file && (
        <Stack gap={4}>
          <Text size="xs">{rich('certificates.dialog.uploading', { file: <bdi>{file.name}</bdi> })}</Text>
          <Progress value={progress * 100} aria-label={t('certificates.dialog.uploadProgress')} />
        </Stack>
      )}
    </FormDialog>
  );
}
