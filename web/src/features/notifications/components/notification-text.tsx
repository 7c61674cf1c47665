import { Anchor, Text } from '@mantine/core';
import type { Notification } from '@portal/contract';

/**
 * A notification as members read it (spec §3.6): its title, its message, and its link. The board's
 * own words, not translated: each shown in its own direction.
 */
export function NotificationText({
  notification,
  titleSize,
}: {
  notification: Pick<Notification, 'title' | 'message' | 'link'>;
  titleSize?: 'sm';
}) {
  return (
    <>
      <Text fw={600} size={titleSize} dir="auto">
        {notification.title}
      </Text>
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
        {notification.message}
      </Text>
      <Anchor
        href={notification.link}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        dir="auto"
        style={{ wordBreak: 'break-all' }}
      >
        {notification.link}
      </Anchor>
    </>
  );
}
