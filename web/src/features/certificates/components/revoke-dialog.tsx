import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useReinstateCertificate, useRevokeCertificate } from '../api/use-certificate-status';

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

/** Issue 11: revoking needs a reason (kept with the certificate, shown to the holder and admins). */
function RevokeForm({ certificate, onClose, onBusy }: StatusFormProps) {
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const [notifyHolder, setNotifyHolder] = useState(true);
  const [missing, setMissing] = useState(false);

  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onBusy(true);
    revoke.mutate(
      { id: certificate._id, body: { reason: reason.trim(), notifyHolder } },
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
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Text size="sm">
          {certificate.name} ({certificate.certificateNo}). From now on, anyone who checks it sees it as revoked.
        </Text>
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
        {revoke.isError && (
          <Alert color="red" role="alert">
            {errorMessage(revoke.error, 'The certificate could not be revoked. Please try again.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={revoke.isPending}>
            Revoke certificate
          </Button>
        </Group>
      </Stack>
    </form>
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
