import { SegmentedControl, Text } from '@mantine/core';
import { CERTIFICATE_STATUSES } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { errorMessage } from '../../../lib/api';
import { useBulkStatus } from '../api/use-manage-certificates';
import { BulkActionDialog } from './bulk-action-dialog';
import { statusLabel } from './certificate-status';
import { useT } from '../../../i18n/use-t';
import { certificatesWords } from '../words';

/** Issue 16: one status for many certificates; each is re-signed as a single edit is. */
export function BulkStatusDialog(props: BulkDialogProps) {
  const { t } = useT(certificatesWords);
  const setStatus = useBulkStatus();
  const [status, setStatusValue] = useState<(typeof CERTIFICATE_STATUSES)[number]>('Inactive');
  const count = props.selection ? selectionCount(props.selection) : 0;
  return (
    <BulkActionDialog
      {...props}
      title={t('certificates.bulkStatus.title')}
      submitLabel={t('certificates.bulkStatus.apply')}
      pending={setStatus.isPending}
      onSubmit={(chosen, { setError, done }) =>
        setStatus.mutate(
          { ...selectionBody(chosen), status },
          {
            onSuccess: (result) => done(t('certificates.bulkStatus.doneTitle'), result),
            onError: (err) => setError(errorMessage(err, t('certificates.bulkStatus.failed'))),
          },
        )
      }
    >
      <Text>{t('certificates.bulkStatus.intro', { count })}</Text>
      <SegmentedControl
        aria-label={t('certificates.bulkStatus.new')}
        data={CERTIFICATE_STATUSES.map((value) => ({ value, label: statusLabel(t, value) }))}
        value={status}
        onChange={(value) => setStatusValue(value as typeof status)}
      />
    </BulkActionDialog>
  );
}
