import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { CERTIFICATE_STATUSES } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useBulkStatus } from '../api/use-manage-certificates';

/** Issue 16: one status for many certificates; each is re-signed as a single edit is. */
export function BulkStatusDialog({ selection, onClose, onDone }: BulkDialogProps) {
  const setStatus = useBulkStatus();
  const [status, setStatusValue] = useState<(typeof CERTIFICATE_STATUSES)[number]>('Inactive');
  const [error, setError] = useState<string | null>(null);
  const count = selection ? selectionCount(selection) : 0;
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!selection) return;
    setStatus.mutate(
      { ...selectionBody(selection), status },
      {
        onSuccess: (result) => {
          toast.success('Status changed', result.message);
          setError(null);
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Unable to change the status. Please try again.')),
      },
    );
  };
  return (
    <Modal
      opened={selection !== null}
      onClose={close}
      title="Set status"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit}>
        <Stack>
          <Text>{`Set the status of ${count} ${count === 1 ? 'certificate' : 'certificates'}.`}</Text>
          <SegmentedControl
            aria-label="New status"
            data={[...CERTIFICATE_STATUSES]}
            value={status}
            onChange={(value) => setStatusValue(value as typeof status)}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={setStatus.isPending}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
