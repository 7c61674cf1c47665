import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, FileInput, Group, Modal, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import {
  awardedOnProblem,
  certificate as certificateSchema,
  CERTIFICATE_STATUSES,
  certificateBody,
  dateInput,
  EMAIL_PATTERN,
  toAwardedOn,
  toValidTill,
  type Certificate,
} from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { ApiError } from '../../../lib/api';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useSaveCertificate } from '../api/use-manage-certificates';
import { localToday } from '../../../lib/dates';

/**
 * The form validates what is required; the e-mail pattern is checked on submit so that a
 * malformed address gets the toast of spec §5 instead of an inline error.
 */
const certificateFields = certificateBody.extend({
  userEmail: z.string().trim().min(1, 'Email is required'),
  validTill: z.string().trim().min(1, 'Valid till is required').pipe(dateInput),
  // Issue 31: empty is today on create (and is never sent).
  awardedOn: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), dateInput])),
});
type CertificateFormInput = z.input<typeof certificateFields>;
type CertificateFormOutput = z.output<typeof certificateFields>;

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
  const day = values.awardedOn.slice(0, 10);
  const newDay = day !== '' && day !== editing?.awardedOn.slice(0, 10);
  const validTillChanged = !!editing && values.validTill.slice(0, 10) !== editing.validTill.slice(0, 10);
  if (!newDay && !(validTillChanged && editing)) return undefined;
  const awardedOn = newDay ? toAwardedOn(values.awardedOn) : new Date(editing!.awardedOn);
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
  // Issue 16: the certificate as someone else saved it, when a save was refused; once reloaded,
  // the form edits that version.
  const [conflict, setConflict] = useState<Certificate | null>(null);
  const [reloaded, setReloaded] = useState<Certificate | null>(null);
  const base = reloaded ?? certificate;
  const schema = useMemo(() => certificateForm(base), [base]);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CertificateFormInput, unknown, CertificateFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: CERTIFICATE_FORM_DEFAULTS,
  });

  useEffect(() => {
    if (opened) reset(certificate ? toCertificateForm(certificate) : CERTIFICATE_FORM_DEFAULTS);
  }, [opened, certificate, reset]);

  // spec §4: closing or finishing resets the form to its defaults.
  const close = () => {
    reset(CERTIFICATE_FORM_DEFAULTS);
    setFile(null);
    setProgress(null);
    save.reset();
    setConflict(null);
    setReloaded(null);
    onClose();
  };

  const reload = () => {
    if (!conflict) return;
    reset(toCertificateForm(conflict));
    setReloaded(conflict);
    setConflict(null);
  };

  const onSubmit = (values: CertificateFormOutput) => {
    if (!EMAIL_PATTERN.test(values.userEmail)) {
      toast.error('Invalid Email', 'Please enter a valid email address.');
      return;
    }
    // Issue 31: an empty award date is left out (today on create).
    const { awardedOn, ...rest } = values;
    save.mutate(
      {
        id: base?._id,
        version: base?.version,
        values: awardedOn ? { ...rest, awardedOn } : rest,
        file,
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          if (editing) toast.success('Certificate Updated', 'The certificate has been updated successfully.');
          else toast.success('Certificate Created', 'The certificate has been created successfully.');
          close();
        },
        onError: (err) => {
          setProgress(null);
          const current = conflictCurrent(err, certificateSchema);
          if (current) return setConflict(current);
          toast.error('Error', certificateErrorText(editing ? 'updating' : 'creating', err));
        },
      },
    );
  };

  const currentLink = base?.downloadLink;
  return (
    <Modal
      opened={opened}
      // Not while saving: the result (and its toast) would be lost.
      onClose={() => !save.isPending && close()}
      title={editing ? 'Edit Certificate' : 'Add Certificate'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <Stack>
          {conflict && (
            <EditConflictAlert
              record="this certificate"
              fields={conflictFields(conflict)}
              onReload={reload}
              disabled={save.isPending}
            />
          )}
          <TextInput
            label="User Email"
            type="email"
            withAsterisk
            {...register('userEmail')}
            error={errors.userEmail?.message}
          />
          <TextInput
            label="Certificate No"
            withAsterisk
            {...register('certificateNo')}
            error={errors.certificateNo?.message}
          />
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput
            label="Holder"
            description="The name printed on the certificate; left empty, it is the name of the member who claims it."
            {...register('holderName')}
            error={errors.holderName?.message}
          />
          <TextInput
            label="Valid Till"
            type="date"
            withAsterisk
            {...register('validTill')}
            error={errors.validTill?.message}
          />
          <TextInput
            label="Awarded on"
            type="date"
            description={
              editing
                ? 'The day the board awarded it, shown as Issued.'
                : 'The day the board awarded it; empty is today.'
            }
            max={localToday()}
            {...register('awardedOn')}
            error={errors.awardedOn?.message}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
