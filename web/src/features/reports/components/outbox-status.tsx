import { Badge, Button, Group, List, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { OFFLINE_BANNER_ID } from '../../../components/offline-banner';
import { useOnline } from '../../../hooks/use-online';
import { useAuth } from '../../auth/store';
import { type OutboxItem, outboxItems, useOutbox } from '../outbox/outbox-store';
import { ReportListItem } from './report-list-item';
import { formatMoment, formatTimeOfDay } from '../../../lib/dates';

/**
 * Issue 18: sends the member's waiting reports when the app starts and whenever the connection
 * comes back. Mounted once, in the signed-in layout.
 */
export function useOutboxSync() {
  const userId = useAuth((s) => s.user?._id);
  const send = useOutbox((s) => s.send);
  const stop = useOutbox((s) => s.stop);
  useEffect(() => {
    if (!userId) return;
    const sendNow = () => void send(userId);
    sendNow();
    window.addEventListener('online', sendNow);
    return () => {
      window.removeEventListener('online', sendNow);
      stop();
    };
  }, [send, stop, userId]);
}

const STATE_LABELS: Record<OutboxItem['state'], { word: string; color: string }> = {
  waiting: { word: 'Waiting', color: 'yellow' },
  sending: { word: 'Sending…', color: 'blue' },
  failed: { word: 'Not sent', color: 'red' },
  sent: { word: 'Sent', color: 'green' },
};

/**
 * Issue 35: the outbox as a list: each report on this device with its client's name, when it was
 * saved and its state (the reason, when the server refused it), then what this tab sent.
 */
export function OutboxList() {
  const state = useOutbox();
  const items = outboxItems(state);
  const hidden = state.waiting - state.entries.length;
  if (!items.length && !hidden) return <Text size="sm">Nothing waits on this device.</Text>;
  return (
    <Stack gap="xs">
      {hidden > 0 && (
        <Text size="sm">
          {hidden === 1 ? '1 report waits' : `${hidden} reports wait`} on this device; sign in online to see{' '}
          {hidden === 1 ? 'it' : 'them'}.
        </Text>
      )}
      <List listStyleType="none" spacing="xs" aria-label="Reports on this device">
        {items.map((item) => (
          <ReportListItem
            key={item.key}
            clientName={item.clientName}
            when={
              item.state === 'sent' && item.sentAt
                ? `Sent ${formatTimeOfDay(item.sentAt)}`
                : `Saved ${formatMoment(item.queuedAt)}`
            }
            note={item.state === 'failed' ? state.failure : null}
            state={STATE_LABELS[item.state]}
          />
        ))}
      </List>
    </Stack>
  );
}

/** The outbox in a few words: "2 waiting · last sent 10:42", or why sending stopped, with Retry; it opens the list. */
export function OutboxStatus() {
  const userId = useAuth((s) => s.user?._id);
  const { waiting, lastSentAt, failure, sending, send } = useOutbox();
  const [opened, setOpened] = useState(false);
  const online = useOnline();
  if (!userId || (!waiting && !failure && !lastSentAt)) return null;
  const lastSent = lastSentAt ? `last sent ${formatTimeOfDay(lastSentAt)}` : null;
  const summary = waiting
    ? [`${waiting} waiting`, lastSent].filter(Boolean).join(' · ')
    : `All sent · ${lastSent ?? ''}`;
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label="Outbox">
      <UnstyledButton
        onClick={() => {
          // The dialog says it is offline itself; on a phone the banner would cover its list.
          notifications.hide(OFFLINE_BANNER_ID);
          setOpened(true);
        }}
        aria-haspopup="dialog"
        style={{ minHeight: 44 }}
      >
        <Badge color={failure ? 'red' : waiting ? 'yellow' : 'green'} variant="light" tt="none" size="lg">
          {sending ? 'Sending…' : summary}
        </Badge>
      </UnstyledButton>
      {failure && (
        <>
          <Text size="sm" c="red.8">
            {failure}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void send(userId)} loading={sending}>
            Retry
          </Button>
        </>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Outbox"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          {!online && <Text size="sm">You are offline: these reports are sent when you are back online.</Text>}
          <OutboxList />
        </Stack>
      </Modal>
    </Group>
  );
}
