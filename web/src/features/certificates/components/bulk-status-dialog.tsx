import { SegmentedControl, Text } from '@mantine/core';
import { CERTIFICATE_STATUSES } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { errorMessage } from '../../../lib/api';
import { useBulkStatus } from '../api/use-manage-certificates';
import { BulkActionDialog } from './bulk-action-dialog';

/** Issue 16: one status for many certificates; each is re-signed as a single edit is. */
export function BulkStatusDialog(props: BulkDialogProps) {
  const setStatus = useBulkStatus();
  const [status, setStatusValue] = useState<(typeof CERTIFICATE_STATUSES)[number]>('Inactive');
  const count = props.selection ? selectionCount(props.selection) : 0;
  return (
    <BulkActionDialog
      {...props}
      title="Set status"
      submitLabel="Apply"
      pending={setStatus.isPending}
      onSubmit={(chosen, { setError, done }) =>
        setStatus.mutate(
          { ...selectionBody(chosen), status },
          {
            onSuccess: (result) => done('Status changed', result),
            onError: (err) => setError(errorMessage(err, 'Unable to change the status. Please try again.')),
          },
        )
      }
    >
      <Text>{`Set the status of ${count} ${count === 1 ? 'certificate' : 'certificates'}.`}</Text>
      <SegmentedControl
        aria-label="New status"
        data={[...CERTIFICATE_STATUSES]}
        value={status}
        onChange={(value) => setStatusValue(value as typeof status)}
      />
    </BulkActionDialog>
  );
}
