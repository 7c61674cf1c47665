import { NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { bulkRenewalBody, MAX_EXTEND_MONTHS, type BulkRenewalBody } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { ApiError } from '../../../lib/api';
import { useBulkRenew } from '../api/use-manage-certificates';
import { BulkActionDialog, type BulkActionDialogProps } from './bulk-action-dialog';

/**
 * Issue 15: renew many certificates at once: a new valid-till date for all, or each one's own
 * date moved on by N months. One request, one transaction on the server.
 */
export function BulkRenewDialog(props: BulkDialogProps) {
  const renew = useBulkRenew();
  const [mode, setMode] = useState<'extend' | 'date'>('extend');
  const [months, setMonths] = useState<number | string>(12);
  const [date, setDate] = useState('');
  const count = props.selection ? selectionCount(props.selection) : 0;
  const what = `${count} ${count === 1 ? 'certificate' : 'certificates'}`;

  const submit: BulkActionDialogProps['onSubmit'] = (selected, { setError, done }) => {
    const chosen = selectionBody(selected);
    const change =
      mode === 'extend' ? { extendMonths: typeof months === 'number' ? months : Number.NaN } : { validTill: date };
    const parsed = bulkRenewalBody.safeParse({ ...chosen, ...change });
    if (!parsed.success) {
      setError(
        mode === 'extend'
          ? `Enter a whole number of months from 1 to ${MAX_EXTEND_MONTHS}.`
          : 'Enter the new valid-till date.',
      );
      return;
    }
    setError(null);
    renew.mutate(parsed.data as BulkRenewalBody, {
      onSuccess: (result) => done('Certificates renewed', result),
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Unable to renew. Please try again.'),
    });
  };

  return (
    <BulkActionDialog
      {...props}
      title="Renew certificates"
      submitLabel={<>Renew {what}</>}
      pending={renew.isPending}
      onSubmit={submit}
    >
      <Text size="sm">Renew {what} in one go. Each change is recorded in the audit log.</Text>
      <SegmentedControl
        aria-label="How to renew"
        value={mode}
        onChange={(value) => setMode(value as 'extend' | 'date')}
        data={[
          { value: 'extend', label: 'Extend by months' },
          { value: 'date', label: 'Set a new date' },
        ]}
      />
      {mode === 'extend' ? (
        <NumberInput
          label="Months to extend by"
          value={months}
          onChange={setMonths}
          min={1}
          max={MAX_EXTEND_MONTHS}
          allowDecimal={false}
          allowNegative={false}
        />
      ) : (
        <TextInput
          label="New valid-till date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
      )}
    </BulkActionDialog>
  );
}
