import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { type BulkDialogProps, type ListSelection, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { DialogForm } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useReinstateCertificate, useRevokeCertificate } from '../api/use-certificate-status';
import { useBulkRevoke } from '../api/use-manage-certificates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey } from '../words';

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
  const { t } = useT(certificatesWords);
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
          label={t('certificates.revoke.reason')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('certificates.revoke.reasonRequired') : undefined}
          data-autofocus
        />
        <Checkbox
          label={t('certificates.revoke.notify')}
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
  intro: ReactNode;
  fields: ReactNode;
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
  const { t, rich } = useT(certificatesWords);
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
          toast.success(t('certificates.revoke.doneTitle'), t('certificates.revoke.doneText'));
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <RevocationForm
      intro={rich('certificates.revoke.intro', {
        name: <bdi>{certificate.name}</bdi>,
        number: <bdi>{certificate.certificateNo}</bdi>,
      })}
      fields={fields}
      error={revoke.isError ? errorMessage(revoke.error, t('certificates.revoke.failed')) : null}
      pending={revoke.isPending}
      submitLabel={t('certificates.revoke.submit')}
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
  const { t } = useT(certificatesWords);
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
          toast.success(t('certificates.bulkRevoke.doneTitle'), result.message);
          onDone();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <RevocationForm
      intro={t('certificates.bulkRevoke.intro', { count })}
      fields={fields}
      error={revoke.isError ? errorMessage(revoke.error, t('certificates.bulkRevoke.failed')) : null}
      pending={revoke.isPending}
      submitLabel={t('certificates.bulkRevoke.submit', { count })}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** Undoes a revocation. */
function ReinstateForm({ certificate, onClose, onBusy }: StatusFormProps) {
  const { t, rich } = useT(certificatesWords);
  const reinstate = useReinstateCertificate();
  const [notifyHolder, setNotifyHolder] = useState(true);

  const submit = () => {
    onBusy(true);
    reinstate.mutate(
      { id: certificate._id, body: { notifyHolder } },
      {
        onSuccess: () => {
          toast.success(t('certificates.reinstate.doneTitle'), t('certificates.reinstate.doneText'));
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  return (
    <Stack>
      <Text size="sm">
        {certificate.revocationReason
          ? rich('certificates.reinstate.introWithReason', {
              name: <bdi>{certificate.name}</bdi>,
              number: <bdi>{certificate.certificateNo}</bdi>,
              reason: <bdi>{certificate.revocationReason}</bdi>,
            })
          : rich('certificates.reinstate.intro', {
              name: <bdi>{certificate.name}</bdi>,
              number: <bdi>{certificate.certificateNo}</bdi>,
            })}
      </Text>
      <Checkbox
        label={t('certificates.revoke.notify')}
        checked={notifyHolder}
        onChange={(e) => setNotifyHolder(e.currentTarget.checked)}
      />
      {reinstate.isError && (
        <Alert color="red" role="alert">
          {errorMessage(reinstate.error, t('certificates.reinstate.failed'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={reinstate.isPending}>
          {t('certificates.cancel')}
        </Button>
        <Button onClick={submit} loading={reinstate.isPending}>
          {t('certificates.reinstate')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A dialog whose form starts afresh for each certificate it is opened on. */
function StatusDialog({
  titleKey,
  Form,
  certificate,
  onClose,
}: StatusDialogProps & { titleKey: CertificatesKey; Form: typeof RevokeForm }) {
  const { t } = useT(certificatesWords);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={certificate !== null}
      onClose={() => !busy && onClose()}
      title={t(titleKey)}
      centered
      closeButtonProps={{ 'aria-label': t('certificates.close') }}
    >
      {certificate && <Form key={certificate._id} certificate={certificate} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

export const RevokeDialog = (props: StatusDialogProps) => (
  <StatusDialog titleKey="certificates.revoke.title" Form={RevokeForm} {...props} />
);

export const ReinstateDialog = (props: StatusDialogProps) => (
  <StatusDialog titleKey="certificates.reinstate.title" Form={ReinstateForm} {...props} />
);

/** Issue 35: the bulk bar's Revoke; its form starts afresh each time it opens. */
export function BulkRevokeDialog({ selection, onClose, onDone }: BulkDialogProps) {
  const { t } = useT(certificatesWords);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={selection !== null}
      onClose={() => !busy && onClose()}
      title={t('certificates.bulkRevoke.title')}
      centered
      closeButtonProps={{ 'aria-label': t('certificates.close') }}
    >
      {selection && <BulkRevokeForm selection={selection} onClose={onClose} onDone={onDone} onBusy={setBusy} />}
    </Modal>
  );
}
