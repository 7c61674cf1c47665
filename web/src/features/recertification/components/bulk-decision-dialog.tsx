import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { approveRenewal, rejectRenewal, RENEWALS_KEY } from '../api/use-renewals';
import { type OneByOneOutcome, runOneByOne } from '../utils/one-by-one';
import { ReasonForm } from './reason-form';
import classes from './touch.module.css';
import { refreshAfterWrite } from '../../../lib/refresh';

export type BulkDecision = 'approve' | 'reject';

const count = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

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
  const queryClient = useQueryClient();
  const [done, setDone] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<OneByOneOutcome | null>(null);
  const running = done !== null && outcome === null;

  const run = async (call: (id: string) => Promise<unknown>) => {
    setDone(0);
    const result = await runOneByOne(ids, call, setDone);
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
  const verb = decision === 'approve' ? 'approved' : 'rejected';

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      title={decision === 'approve' ? 'Approve applications' : 'Reject applications'}
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {outcome ? (
        <Stack>
          <Alert color={outcome.failed.length ? 'orange' : 'green'} role="status">
            {`${outcome.succeeded.length} of ${count(outcome.succeeded.length + outcome.failed.length)} ${verb}.`}
          </Alert>
          {outcome.failed.length ? (
            <>
              <Text size="sm" fw={500}>
                Not {verb}:
              </Text>
              <List size="sm" aria-label={`Not ${verb}`}>
                {outcome.failed.map((f) => (
                  <List.Item key={f.id} style={{ overflowWrap: 'anywhere' }}>
                    {labelOf(f.id)}: {f.message}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : decision === 'reject' ? (
        <Stack>
          <Text size="sm">
            {count(ids.length)}, each rejected with this reason, which its holder reads.
            {running ? ` ${done} of ${ids.length} done…` : ''}
          </Text>
          <ReasonForm
            label="Reason for rejecting"
            submitLabel={`Reject ${count(ids.length)}`}
            pending={running}
            onCancel={close}
            onSubmit={(reason) => void run((id) => rejectRenewal(id, reason))}
          />
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            {count(ids.length)} approved: each certificate is renewed for its next cycle, and its holder is told. An
            application drawn for audit needs evidence on every activity.
            {running ? ` ${done} of ${ids.length} done…` : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button color="green" loading={running} onClick={() => void run(approveRenewal)}>
              {`Approve ${count(ids.length)}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
