import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { approveRenewal, rejectRenewal, RENEWALS_KEY } from '../api/use-renewals';
import { type OneByOneOutcome, runOneByOne } from '../utils/one-by-one';
import { ReasonForm } from './reason-form';
import classes from './touch.module.css';
import { refreshAfterWrite } from '../../../lib/refresh';
import { recertificationWords } from '../words';

export type BulkDecision = 'approve' | 'reject';

/**
 * Issue 33: the ticked applications approved, or rejected with one reason. The server decides
 * one application at a time, so each is sent in turn; the dialog then says how many went through
 * and lists the others with the server's message (one no longer open, an audit without evidence).
 */
export function BulkDecisionDialog({
  decision,
  ids,
  labelOf,
  onClose,
  onDone,
}: {
  /** null: closed. */
  decision: BulkDecision | null;
  ids: string[];
  /** How the result names an application (its certificate number). */
  labelOf: (id: string) => string;
  onClose: () => void;
  /** After the run: the selection is cleared. */
  onDone: () => void;
}) {
  const { t, rich } = useT(recertificationWords);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<OneByOneOutcome | null>(null);
  const running = done !== null && outcome === null;

  const run = async (call: (id: string) => Promise<unknown>) => {
    setDone(0);
    const result = await runOneByOne(ids, call, setDone, t('recertification.bulk.failed'));
    setOutcome(result);
    onDone();
    await refreshAfterWrite(queryClient, { queryKey: RENEWALS_KEY });
  };
  const close = () => {
    if (running) return;
    setDone(null);
    setOutcome(null);
    onClose();
  };
  const approving = decision === 'approve';
  const progress = running ? ` ${t('recertification.bulk.progress', { done: done ?? 0, total: ids.length })}` : '';

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      title={t(approving ? 'recertification.bulk.approveTitle' : 'recertification.bulk.rejectTitle')}
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': t('recertification.close') }}
    >
      {outcome ? (
        <Stack>
          <Alert color={outcome.failed.length ? 'orange' : 'green'} role="status">
            {t(approving ? 'recertification.bulk.approvedResult' : 'recertification.bulk.rejectedResult', {
              succeeded: outcome.succeeded.length,
              total: outcome.succeeded.length + outcome.failed.length,
            })}
          </Alert>
          {outcome.failed.length ? (
            <>
              <Text size="sm" fw={500}>
                {t(approving ? 'recertification.bulk.notApprovedList' : 'recertification.bulk.notRejectedList')}
              </Text>
              <List
                size="sm"
                aria-label={t(approving ? 'recertification.bulk.notApproved' : 'recertification.bulk.notRejected')}
              >
                {outcome.failed.map((f) => (
                  <List.Item key={f.id} style={{ overflowWrap: 'anywhere' }}>
                    {rich('recertification.bulk.failure', {
                      label: <bdi>{labelOf(f.id)}</bdi>,
                      message: <bdi>{f.message}</bdi>,
                    })}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={close}>{t('recertification.done')}</Button>
          </Group>
        </Stack>
      ) : decision === 'reject' ? (
        <Stack>
          <Text size="sm">
            {t('recertification.bulk.rejectIntro', { count: ids.length })}
            {progress}
          </Text>
          <ReasonForm
            label={t('recertification.bulk.reason')}
            submitLabel={t('recertification.bulk.rejectSubmit', { count: ids.length })}
            pending={running}
            onCancel={close}
            onSubmit={(reason) => void run((id) => rejectRenewal(id, reason))}
          />
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            {t('recertification.bulk.approveIntro', { count: ids.length })}
            {progress}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={running}>
              {t('recertification.bulk.cancel')}
            </Button>
            <Button color="green" loading={running} onClick={() => void run(approveRenewal)}>
              {t('recertification.bulk.approveSubmit', { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
