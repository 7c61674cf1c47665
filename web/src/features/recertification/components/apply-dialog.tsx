import { Checkbox, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { useT } from '../../../i18n/use-t';
import { toast } from '../../../lib/toast';
import { useApplyForRenewal } from '../api/use-my-renewal';
import { recertificationWords } from '../words';
import classes from './touch.module.css';

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
  const { t, rich } = useT(recertificationWords);
  const apply = useApplyForRenewal(certificateId);
  const [attested, setAttested] = useState(false);
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!attested) return setMissing(true);
    apply.mutate(undefined, {
      onSuccess: (applied) => {
        toast.success(
          t('recertification.apply.submittedTitle'),
          applied.status === 'Audit'
            ? t('recertification.apply.submittedAudit')
            : t('recertification.apply.submittedReview'),
        );
        onClose();
      },
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('recertification.apply.title')}
      className={classes.touch}
      onSubmit={onSubmit}
      pending={apply.isPending}
      submitLabel={t('recertification.apply.submit')}
      error={apply.isError ? errorMessage(apply.error, t('recertification.apply.failed')) : null}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {rich('recertification.apply.intro', { name: <bdi>{certificateName}</bdi> })}
      </Text>
      <Checkbox
        label={t('recertification.apply.attestation')}
        checked={attested}
        onChange={(e) => {
          setAttested(e.currentTarget.checked);
          setMissing(false);
        }}
        error={missing ? t('recertification.apply.attestationMissing') : undefined}
      />
    </FormDialog>
  );
}
