import { Anchor, FileInput, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import {
  awardedOnProblem,
  certificate as certificateSchema,
  CERTIFICATE_STATUSES,
  certificateBody,
  toAwardedOn,
  toValidTill,
  type Certificate,
} from '@portal/contract';
import { useState } from 'react';
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

/** The contract's body, as the form's boxes hold it: each rule is the contract's. */
const certificateFields = certificateBody.extend({
  validTill: filled('Valid till is required', certificateBody.shape.validTill),
  // Issue 31: empty is today on create (and is never sent).
  awardedOn: z
    .string()
    .transform((day) => day || undefined)
    .pipe(certificateBody.shape.awardedOn),
});
type CertificateFormInput = z.input<typeof certificateFields>;
type CertificateFormOutput = z.output<typeof certificateFields>;

/** spec §5: a malformed e-mail address gets a toast rather than an inline error. */
const MALFORMED: MalformedToasts<CertificateFormInput> = {
  userEmail: (message) => toast.error('Invalid Email', message),
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
const certificateForm = (editing: Certificate | null | undefined) =>
  certificateFields.superRefine((values, ctx) => {
    const issue = awardedOnIssue(values, editing);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
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
const conflictFields = (cert: Certificate) => {
  const form = toCertificateForm(cert);
  return [
    { label: 'User Email', value: form.userEmail },
    { label: 'Certificate No', value: form.certificateNo },
    { label: 'Name', value: form.name },
    { label: 'Holder', value: form.holderName ?? '' },
    { label: 'Valid Till', value: form.validTill },
    { label: 'Awarded on', value: form.awardedOn ?? '' },
    { label: 'Status', value: cert.status },
  ];
};

/** The failure toast of spec §8, with the server's own message when it says more. */
export function certificateErrorText(action: 'creating' | 'updating' | 'deleting', err: unknown): string {
  const base = `There was an error ${action} the certificate. Please try again.`;
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
  const editing = Boolean(certificate);
  const save = useSaveCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
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
    schema: certificateForm,
    toForm: toCertificateForm,
    defaults: CERTIFICATE_FORM_DEFAULTS,
    opened,
    current: certificateSchema,
    conflictFields,
    save,
    onClose,
    malformed: MALFORMED,
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
          if (editing) toast.success('Certificate Updated', 'The certificate has been updated successfully.');
          else toast.success('Certificate Created', 'The certificate has been created successfully.');
          close();
        },
        onError: (err) => {
          setProgress(null);
          if (showConflict(err)) return;
          toast.error('Error', certificateErrorText(editing ? 'updating' : 'creating', err));
        },
      },
    ),
  );

  const currentLink = base?.downloadLink;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Certificate' : 'Add Certificate'}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
    >
      {conflict && <EditConflictAlert record="this certificate" {...conflict} />}
      <TextInput label="User Email" type="email" withAsterisk {...fieldProps('userEmail')} />
      <TextInput label="Certificate No" withAsterisk {...fieldProps('certificateNo')} />
      <TextInput label="Name" withAsterisk {...fieldProps('name')} />
      <TextInput
        label="Holder"
        description="The name printed on the certificate; left empty, it is the name of the member who claims it."
        {...fieldProps('holderName')}
      />
      <TextInput label="Valid Till" type="date" withAsterisk {...fieldProps('validTill')} />
      <TextInput
        label="Awarded on"
        type="date"
        description={
          editing ? 'The day the board awarded it, shown as Issued.' : 'The day the board awarded it; empty is today.'
        }
        max={localToday()}
        {...fieldProps('awardedOn')}
      />
      <NativeSelect label="Status" data={[...CERTIFICATE_STATUSES]} {...register('status')} />
      <FileInput
        label="Certificate Document"
        description={
          currentLink ? (
            <>
              A document is on file (
              <Anchor href={currentLink} target="_blank" rel="noopener noreferrer" size="xs">
                open
              </Anchor>
              ); choose a file to replace it.
            </>
          ) : (
            'PDF or Word document (optional)'
          )
        }
        placeholder="Choose a file"
        accept=".pdf,.doc,.docx"
        clearable
        value={file}
        onChange={setFile}
      />
      {progress !== null && save.isPending && file && (
        <Stack gap={4}>
          <Text size="xs">Uploading {file.name}…</Text>
          <Progress value={progress * 100} aria-label="Upload progress" />
        </Stack>
      )}
    </FormDialog>
  );
}
