import { NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { bulkRenewalBody, MAX_EXTEND_MONTHS, type BulkRenewalBody } from '@portal/contract';
import { useState } from 'react';
import { type BulkDialogProps, selectionBody, selectionCount } from '../../../components/bulk-bar';
import { ApiError } from '../../../lib/api';
import { useBulkRenew } from '../api/use-manage-certificates';
import { BulkActionDialog, type BulkActionDialogProps } from './bulk-action-dialog';
import { useT } from '../../../i18n/use-t';
import { certificatesWords } from '../words';

/**
 * Issue 15: renew many certificates at once: a new valid-till date for all, or each one's own
 * date moved on by N months. One request, one transaction on the server.
 */
export function BulkRenewDialog(props: BulkDialogProps) {
  const { t } = useT(certificatesWords);
  const renew = useBulkRenew();
  const [mode, setMode] = useState<'extend' | 'date'>('extend');
  const [months, setMonths] = useState<number | string>(12);
  const [date, setDate] = useState('');
  const count = props.selection ? selectionCount(props.selection) : 0;

  const submit: BulkActionDialogProps['onSubmit'] = (selected, { setError, done }) => {
    const chosen = selectionBody(selected);
    const change =
      mode === 'extend' ? { extendMonths: typeof months === 'number' ? months : Number.NaN } : { validTill: date };
    const parsed = bulkRenewalBody.safeParse({ ...chosen, ...change });
    if (!parsed.success) {
      setError(
        mode === 'extend'
          ? t('certificates.bulkRenew.monthsInvalid', { max: MAX_EXTEND_MONTHS })
          : t('certificates.bulkRenew.dateMissing'),
      );
      return;
    }
    setError(null);
    renew.mutate(parsed.data as BulkRenewalBody, {
      onSuccess: (result) => done(t('certificates.bulkRenew.doneTitle'), result),
      onError: (err) => setError(err instanceof ApiError ? err.message : t('certificates.bulkRenew.failed')),
    });
  };

  return (
    <BulkActionDialog
      {...props}
      title={t('certificates.bulkRenew.title')}
      submitLabel={t('certificates.bulkRenew.submit', { count })}
      pending={renew.isPending}
      onSubmit={submit}
    >
      <Text size="sm">{t('certificates.bulkRenew.intro', { count })}</Text>
      <SegmentedControl
        aria-label={t('certificates.bulkRenew.how')}
        value={mode}
        onChange={(value) => setMode(value as 'extend' | 'date')}
        data={[
          { value: 'extend', label: t('certificates.bulkRenew.extend') },
          { value: 'date', label: t('certificates.bulkRenew.setDate') },
        ]}
      />
      {mode === 'extend' ? (
        <NumberInput
          label={t('certificates.bulkRenew.months')}
          value={months}
          onChange={setMonths}
          min={1}
          max={MAX_EXTEND_MONTHS}
          allowDecimal={false}
          allowNegative={false}
        />
      ) : (
        <TextInput
          label={t('certificates.bulkRenew.date')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
      )}
    </BulkActionDialog>
  );
}
