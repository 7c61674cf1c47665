import { Textarea } from '@mantine/core';
import { reviewReasonBody } from '@portal/contract';
import { DialogForm } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/contract-form';

/**
 * A reviewer's reason (issue 33: rejecting an activity or an application), checked with the
 * contract's rule; the member reads it as written.
 */
export function ReasonForm({
  label,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { handleSubmit, fieldProps } = useContractForm(reviewReasonBody, { defaultValues: { reason: '' } });
  return (
    <DialogForm
      onSubmit={handleSubmit(({ reason }) => onSubmit(reason))}
      onClose={onCancel}
      submitLabel={submitLabel}
      submitColor="red"
      pending={pending}
    >
      <Textarea label={label} withAsterisk autosize minRows={2} data-autofocus {...fieldProps('reason')} />
    </DialogForm>
  );
}
