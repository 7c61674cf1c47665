import { Checkbox, Text } from '@mantine/core';
import { CE_MESSAGES } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApplyForRenewal } from '../api/use-my-renewal';
import classes from './touch.module.css';

/** What the member attests to (issue 33), word for word what the box's label says. */
export const ATTESTATION =
  'I attest that the activities I logged are true and complete, that I completed them myself, and that I can show the evidence of each if my application is drawn for audit.';

/**
 * Issue 33: "Apply for renewal", with the attestation the server requires to be true. Mounted
 * while open, so that each opening starts afresh.
 */
export function ApplyDialog({
  certificateId,
  certificateName,
  opened,
  onClose,
}: {
  certificateId: string;
  certificateName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const apply = useApplyForRenewal(certificateId);
  const [attested, setAttested] = useState(false);
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!attested) return setMissing(true);
    apply.mutate(undefined, {
      onSuccess: (applied) => {
        toast.success(
          'Application submitted',
          applied.status === 'Audit'
            ? 'Your application was drawn for audit: the board checks the evidence of every activity.'
            : 'The board reviews your application and tells you its decision.',
        );
        onClose();
      },
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Apply for renewal"
      className={classes.touch}
      onSubmit={onSubmit}
      pending={apply.isPending}
      submitLabel="Submit application"
      error={apply.isError ? errorMessage(apply.error, 'The application could not be sent. Please try again.') : null}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        You apply to renew “{certificateName}” with the activities of this cycle. Until the board decides, they cannot
        be changed.
      </Text>
      <Checkbox
        label={ATTESTATION}
        checked={attested}
        onChange={(e) => {
          setAttested(e.currentTarget.checked);
          setMissing(false);
        }}
        error={missing ? CE_MESSAGES.attestation : undefined}
      />
    </FormDialog>
  );
}
