import { Badge, Button, Group, List, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { OFFLINE_BANNER_ID } from '../../../components/offline-banner';
import { useOnline } from '../../../hooks/use-online';
import { useT } from '../../../i18n/use-t';
import { useAuth } from '../../auth/store';
import type { OutboxKey } from '../outbox/messages/en';
import { type OutboxItem, outboxItems, useOutbox } from '../outbox/outbox-store';
import { outboxWords } from '../outbox/words';
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

const STATE_LABELS: Record<OutboxItem['state'], { word: OutboxKey; color: string }> = {
  waiting: { word: 'reports.outbox.state.waiting', color: 'yellow' },
  sending: { word: 'reports.outbox.state.sending', color: 'blue' },
  failed: { word: 'reports.outbox.state.failed', color: 'red' },
  sent: { word: 'reports.outbox.state.sent', color: 'green' },
};

/**
 * Issue 35: the outbox as a list: each report on this device with its client's name, when it was
 * saved and its state (the reason, when the server refused it), then what this tab sent.
 */
export function OutboxList() {
  const { t } = useT(outboxWords);
  const state = useOutbox();
  const items = outboxItems(state);
  const hidden = state.waiting - state.entries.length;
  if (!items.length && !hidden) return <Text size="sm">{t('reports.outbox.empty')}</Text>;
  return (
    <Stack gap="xs">
      {hidden > 0 && <Text size="sm">{t('reports.outbox.hidden', { count: hidden })}</Text>}
      <List listStyleType="none" spacing="xs" aria-label={t('reports.outbox.list')}>
        {items.map((item) => (
          <ReportListItem
            key={item.key}
            clientName={item.clientName || t('reports.outbox.noClientName')}
            when={
              item.state === 'sent' && item.sentAt
                ? t('reports.outbox.sentAt', { time: formatTimeOfDay(item.sentAt) })
                : t('reports.outbox.savedAt', { time: formatMoment(item.queuedAt) })
            }
            note={item.state === 'failed' ? state.failure : null}
            state={{ word: t(STATE_LABELS[item.state].word), color: STATE_LABELS[item.state].color }}
          />
        ))}
      </List>
    </Stack>
  );
}

/**
 * The outbox in a few words: "2 waiting · last sent 10:42", or why sending stopped, with Retry; it
 * opens the list. Issue 34: in the top bar of every signed-in screen, so its words load on their
 * own (a Suspense of its own: nothing shows meanwhile, and the screen around it does not wait).
 */
export function OutboxStatus() {
  return (
    <Suspense fallback={null}>
      <OutboxBadge />
    </Suspense>
  );
}

function OutboxBadge() {
  // Before anything else: the words load while nothing waits, not first when the device is offline.
  const { t } = useT(outboxWords);
  // What the outbox says away from the screens (a report sent in the background) is in their language.
  const userId = useAuth((s) => s.user?._id);
  const { waiting, lastSentAt, failure, sending, send } = useOutbox();
  const [opened, setOpened] = useState(false);
  const online = useOnline();
  if (!userId || (!waiting && !failure && !lastSentAt)) return null;
  const lastSent = lastSentAt ? formatTimeOfDay(lastSentAt) : null;
  const summary = waiting
    ? lastSent
      ? t('reports.outbox.waitingLastSent', { count: waiting, time: lastSent })
      : t('reports.outbox.waiting', { count: waiting })
    : lastSent
      ? t('reports.outbox.allSent', { time: lastSent })
      : t('reports.outbox.allSentNever');
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={t('reports.outbox.label')}>
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
          {sending ? t('reports.outbox.sending') : summary}
        </Badge>
      </UnstyledButton>
      {failure && (
        <>
          <Text size="sm" c="red.8">
            {failure}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void send(userId)} loading={sending}>
            {t('reports.outbox.retry')}
          </Button>
        </>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('reports.outbox.label')}
        centered
        closeButtonProps={{ 'aria-label': t('reports.outbox.close') }}
      >
        <Stack>
          {!online && <Text size="sm">{t('reports.outbox.offline')}</Text>}
          <OutboxList />
        </Stack>
      </Modal>
    </Group>
  );
}
