import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { auditSampleBody } from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useState } from 'react';
import { DialogForm } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { useAuditSample } from '../api/use-renewals';
import classes from './touch.module.css';

/** What the draw said: "N of M applications drawn for audit". */
export const drawnText = ({ selected, of }: { selected: number; of: number }) =>
  `${selected} of ${of} ${of === 1 ? 'application' : 'applications'} drawn for audit`;

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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Draw audit sample"
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Afresh at each opening, from the rules' share. */}
      {opened ? <AuditSampleForm defaultPercent={defaultPercent} onClose={onClose} /> : null}
    </Modal>
  );
}

function AuditSampleForm({ defaultPercent, onClose }: { defaultPercent: number | undefined; onClose: () => void }) {
  const draw = useAuditSample();
  const [drawn, setDrawn] = useState<string | null>(null);
  const { control, handleSubmit } = useContractForm(auditSampleBody, {
    defaultValues: { percent: defaultPercent ?? 10 },
  });
  if (drawn) {
    return (
      <Stack>
        <Alert color="green" role="status">
          {drawn}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <DialogForm
      onSubmit={handleSubmit(({ percent }) =>
        draw.mutate(percent, { onSuccess: (result) => setDrawn(drawnText(result)) }),
      )}
      onClose={onClose}
      submitLabel="Draw"
      pending={draw.isPending}
      error={draw.isError ? errorMessage(draw.error, 'The sample could not be drawn. Please try again.') : null}
    >
      <Text size="sm">
        Applications that are Submitted are drawn at random; those drawn are marked Audit and need evidence on every
        activity before they can be approved.
      </Text>
      <Controller
        control={control}
        name="percent"
        render={({ field, fieldState }) => (
          <NumberInput
            label="Share to draw (%)"
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
