import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { InboxItem } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useT } from '../../../i18n/use-t';
import { useInbox, useMarkRead } from '../api/use-inbox';
import { useNotifications } from '../api/use-notifications';
import { notificationsWords } from '../words';
import { NotificationText } from './notification-text';

/** The mark of an unread item: a symbol, the same in every language (its words are for screen readers). */
const UNREAD_MARK = '● ';

const rule = {
  borderTop: '1px solid var(--mantine-color-gray-3)',
  paddingTop: 'var(--mantine-spacing-xs)',
} as const;

/**
 * The member's own items (issue 15): unread ones in bold, each linking to the certificate it is
 * about; opening one marks it read. The server writes each in the member's language when it is
 * made: shown as written, in its own direction.
 */
function InboxList({ items, onOpen }: { items: InboxItem[]; onOpen: (item: InboxItem) => void }) {
  const { t } = useT(notificationsWords);
  const layout = useLocation().pathname.startsWith('/rtl') ? '/rtl' : '/admin';
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('notifications.inbox.title')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item, index) => (
        <li key={item._id} style={index > 0 ? rule : undefined}>
          <Text fw={item.read ? 500 : 700} size="sm">
            {item.read ? null : (
              <>
                <span aria-hidden>{UNREAD_MARK}</span>
                <VisuallyHidden>{t('notifications.inbox.unread')}</VisuallyHidden>
              </>
            )}
            <bdi>{item.title}</bdi>
          </Text>
          <Text size="sm" dir="auto">
            {item.message}
          </Text>
          {item.certificateId ? (
            <Anchor component={Link} to={`${layout}/certificates`} size="sm" onClick={() => onOpen(item)}>
              {t('notifications.inbox.viewCertificate')}
            </Anchor>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}

/**
 * The top bar's notifications (spec §2): the board's notifications (title, message and a link
 * opening in a new tab) and, above them, the member's own items (issue 15). The badge counts the
 * unread own items: board notifications have no read state, so a badge of them would never clear.
 */
export function NotificationsPopover() {
  // Issue 34: the bell is in the dashboard's frame, its words in the notifications' own set. While
  // they load in the reader's language (first use), the place of the bell is kept and the frame
  // and screen are shown: the frame is not held back for them (nor is the build's snapshot).
  return (
    <Suspense fallback={<Box w={34} h={34} />}>
      <NotificationsBell />
    </Suspense>
  );
}

function NotificationsBell() {
  const { t, intl } = useT(notificationsWords);
  const { data, isPending, isError } = useNotifications();
  const inbox = useInbox();
  const markRead = useMarkRead();
  const [opened, setOpened] = useState(false);
  const count = data?.length ?? 0;
  const unread = inbox.data?.unread ?? 0;
  const own = inbox.data?.items ?? [];
  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate(item._id);
    setOpened(false);
  };
  return (
    // The count sits outside the popover's target: the target's aria-haspopup and aria-expanded
    // belong on the button, not on a wrapping div (axe aria-allowed-attr).
    <Indicator
      disabled={unread === 0}
      label={<span aria-hidden>{intl.formatNumber(unread)}</span>}
      size={16}
      offset={4}
      color="red"
    >
      <Popover
        width={320}
        position="bottom-end"
        shadow="md"
        withArrow
        trapFocus
        returnFocus
        opened={opened}
        onChange={setOpened}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            aria-label={unread === 0 ? t('notifications.title') : t('notifications.bellUnread', { count: unread })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('notifications.title')}>
          {own.length > 0 ? (
            <Stack gap="xs" mb="md">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('notifications.inbox.title')}</Text>
                {unread > 0 ? (
                  <Button variant="subtle" size="compact-xs" onClick={() => markRead.mutate(undefined)}>
                    {t('notifications.inbox.markAllRead')}
                  </Button>
                ) : null}
              </Group>
              <ScrollArea.Autosize mah={240} type="auto">
                <InboxList items={own} onOpen={open} />
              </ScrollArea.Autosize>
            </Stack>
          ) : null}
          <Text fw={700} mb="xs">
            {t('notifications.title')}
          </Text>
          {isPending ? (
            <Loader size="sm" aria-label={t('notifications.loading')} />
          ) : isError ? (
            <Text c="red" size="sm">
              {t('notifications.loadError')}
            </Text>
          ) : count === 0 ? (
            <EmptyState compact title={t('notifications.none')} description={t('notifications.none.popover')} />
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.map((item, index) => (
                  // A list holds only items: the rule between two is the item's own border.
                  <li key={item._id} style={index > 0 ? rule : undefined}>
                    <NotificationText notification={item} titleSize="sm" />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
