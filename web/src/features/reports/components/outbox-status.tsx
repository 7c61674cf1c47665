import { Badge, Button, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useAuth } from '../../auth/store';
import { useOutbox } from '../outbox/outbox-store';

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

/** The outbox in a few words: "2 waiting · last sent 10:42", or why sending stopped, with Retry. */
export function OutboxStatus() {
  const userId = useAuth((s) => s.user?._id);
  const { waiting, lastSentAt, failure, sending, send } = useOutbox();
  if (!userId || (!waiting && !failure && !lastSentAt)) return null;
  const lastSent = lastSentAt ? `last sent ${dayjs(lastSentAt).format('HH:mm')}` : null;
  const summary = waiting
    ? [`${waiting} waiting`, lastSent].filter(Boolean).join(' · ')
    : `All sent · ${lastSent ?? ''}`;
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label="Outbox">
      <Badge color={failure ? 'red' : waiting ? 'yellow' : 'green'} variant="light" tt="none" size="lg">
        {sending ? 'Sending…' : summary}
      </Badge>
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
    </Group>
  );
}
