import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, type ListSelection, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { DialogForm } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useReinstateCertificate, useRevokeCertificate } from '../api/use-certificate-status';
import { useBulkRevoke } from '../api/use-manage-certificates';

interface StatusDialogProps {
  certificate: Certificate | null;
  onClose: () => void;
}

interface StatusFormProps {
  certificate: Certificate;
  onClose: () => void;
  /** Reports whether a request is under way, so the dialog is not closed under it. */
  onBusy: (busy: boolean) => void;
}

/** What a revocation asks (issue 11): a reason, kept with the certificate, and whether to mail the holder. */
function useRevocationFields() {
  const [reason, setReason] = useState('');
  const [notifyHolder, setNotifyHolder] = useState(true);
  const [missing, setMissing] = useState(false);
  return {
    /** The body to send, or null (and the field's error shown) without a reason. */
    body: () => {
      if (!reason.trim()) {
        setMissing(true);
        return null;
      }
      return { reason: reason.trim(), notifyHolder };
    },
    fields: (
      <>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? 'A reason is required' : undefined}
          data-autofocus
        />
        <Checkbox
          label="E-mail the holder"
          checked={notifyHolder}
          onChange={(e) => setNotifyHolder(e.currentTarget.checked)}
        />
      </>
    ),
  };
}

/** A revocation's form: the question, its fields, the server's refusal and the two buttons. */
function RevocationForm({
  intro,
  fields,
  error,
  pending,
  submitLabel,
  onSubmit,
  onClose,
}: {
  intro: string;
  fields: React.ReactNode;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onClose={onClose}
      submitLabel={submitLabel}
      submitColor="red"
      pending={pending}
      error={error}
    >
      <Text size="sm">{intro}</Text>
      {fields}
    </DialogForm>
  );
}

/** Issue 11: revoking one certificate needs a reason (shown to the holder and admins). */
function RevokeForm({ certificate, onClose, onBusy }: StatusFormProps) {
  const revoke = useRevokeCertificate();
  const { body, fields } = useRevocationFields();
  const submit = () => {
    const values = body();
    if (!values) return;
    onBusy(true);
    revoke.mutate(
      { id: certificate._id, body: values },
      {
        onSuccess: () => {
          toast.success('Certificate Revoked', 'The certificate has been revoked.');
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <RevocationForm
      intro={`${certificate.name} (${certificate.certificateNo}). From now on, anyone who checks it sees it as revoked.`}
      fields={fields}
      error={
        revoke.isError ? errorMessage(revoke.error, 'The certificate could not be revoked. Please try again.') : null
      }
      pending={revoke.isPending}
      submitLabel="Revoke certificate"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** Issue 35: many certificates revoked at once, with one reason; those already revoked stay as they are. */
function BulkRevokeForm({
  selection,
  onClose,
  onDone,
  onBusy,
}: {
  selection: ListSelection;
  onClose: () => void;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const revoke = useBulkRevoke();
  const { body, fields } = useRevocationFields();
  const count = selectionCount(selection);
  const submit = () => {
    const values = body();
    if (!values) return;
    onBusy(true);
    revoke.mutate(
      { ...selectionBody(selection), ...values },
      {
        onSuccess: (result) => {
          toast.success('Certificates Revoked', result.message);
          onDone();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <RevocationForm
      intro={`${count} ${count === 1 ? 'certificate' : 'certificates'}. From now on, anyone who checks one sees it as revoked; those already revoked stay as they are.`}
      fields={fields}
      error={
        revoke.isError ? errorMessage(revoke.error, 'The certificates could not be revoked. Please try again.') : null
      }
      pending={revoke.isPending}
      submitLabel={count === 1 ? 'Revoke 1 certificate' : `Revoke ${count} certificates`}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** Undoes a revocation. */
function ReinstateForm({ certificate, onClose, onBusy }: StatusFormProps) {
  const reinstate = useReinstateCertificate();
  const [notifyHolder, setNotifyHolder] = useState(true);

  const submit = () => {
    onBusy(true);
    reinstate.mutate(
      { id: certificate._id, body: { notifyHolder } },
      {
        onSuccess: () => {
          toast.success('Certificate Reinstated', 'The certificate has been reinstated.');
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  return (
    <Stack>
      <Text size="sm">
        {certificate.name} ({certificate.certificateNo}) will no longer be revoked.
        {certificate.revocationReason ? ` It was revoked for: ${certificate.revocationReason}` : ''}
      </Text>
      <Checkbox
        label="E-mail the holder"
        checked={notifyHolder}
        onChange={(e) => setNotifyHolder(e.currentTarget.checked)}
      />
      {reinstate.isError && (
        <Alert color="red" role="alert">
          {errorMessage(reinstate.error, 'The certificate could not be reinstated. Please try again.')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={reinstate.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={reinstate.isPending}>
          Reinstate
        </Button>
      </Group>
    </Stack>
  );
}

/** A dialog whose form starts afresh for each certificate it is opened on. */
function StatusDialog({
  title,
  Form,
  certificate,
  onClose,
}: StatusDialogProps & { title: string; Form: typeof RevokeForm }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={certificate !== null}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {certificate && <Form key={certificate._id} certificate={certificate} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

export const RevokeDialog = (props: StatusDialogProps) => (
  <StatusDialog title="Revoke certificate" Form={RevokeForm} {...props} />
);

export const ReinstateDialog = (props: StatusDialogProps) => (
  <StatusDialog title="Reinstate certificate" Form={ReinstateForm} {...props} />
);

/** Issue 35: the bulk bar's Revoke; its form starts afresh each time it opens. */
export function BulkRevokeDialog({ selection, onClose, onDone }: BulkDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={selection !== null}
      onClose={() => !busy && onClose()}
      title="Revoke certificates"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {selection && <BulkRevokeForm selection={selection} onClose={onClose} onDone={onDone} onBusy={setBusy} />}
    </Modal>
  );
}
