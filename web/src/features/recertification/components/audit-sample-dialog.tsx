import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { auditSampleBody } from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useState } from 'react';
import { DialogForm } from '../../../components/form-dialog';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { useAuditSample } from '../api/use-renewals';
import { recertificationWords } from '../words';
import classes from './touch.module.css';

/**
 * Issue 33: draws a share of the Submitted applications for audit; the share starts at the rules'
 * auditPercent. After the draw, the dialog says how many were drawn.
 */
export function AuditSampleDialog({
  opened,
  defaultPercent,
  onClose,
}: {
  opened: boolean;
  defaultPercent: number | undefined;
  onClose: () => void;
}) {
  const { t } = useT(recertificationWords);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('recertification.audit.title')}
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': t('recertification.close') }}
    >
      {/* Afresh at each opening, from the rules' share. */}
      {opened ? <AuditSampleForm defaultPercent={defaultPercent} onClose={onClose} /> : null}
    </Modal>
  );
}

function AuditSampleForm({ defaultPercent, onClose }: { defaultPercent: number | undefined; onClose: () => void }) {
  const { t } = useT(recertificationWords);
  const draw = useAuditSample();
  const [drawn, setDrawn] = useState<{ selected: number; of: number } | null>(null);
  const { control, handleSubmit } = useContractForm(auditSampleBody, {
    defaultValues: { percent: defaultPercent ?? 10 },
  });
  if (drawn) {
    return (
      <Stack>
        <Alert color="green" role="status">
          {/* What the draw said: "N of M applications drawn for audit". */}
          {t('recertification.audit.drawn', { selected: drawn.selected, of: drawn.of })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('recertification.done')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <DialogForm
      onSubmit={handleSubmit(({ percent }) => draw.mutate(percent, { onSuccess: setDrawn }))}
      onClose={onClose}
      submitLabel={t('recertification.audit.draw')}
      pending={draw.isPending}
      error={draw.isError ? errorMessage(draw.error, t('recertification.audit.failed')) : null}
    >
      <Text size="sm">{t('recertification.audit.intro')}</Text>
      <Controller
        control={control}
        name="percent"
        render={({ field, fieldState }) => (
          <NumberInput
            label={t('recertification.audit.percent')}
            hideControls
            decimalScale={2}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </DialogForm>
  );
}
