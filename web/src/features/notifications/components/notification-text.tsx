import { Anchor, Text } from '@mantine/core';
import type { Notification } from '@portal/contract';

/** A notification as members read it (spec §3.6): its title, its message, and its link. */
export function NotificationText({
  notification,
  titleSize,
}: {
  notification: Pick<Notification, 'title' | 'message' | 'link'>;
  titleSize?: 'sm';
}) {
  return (
    <>
      <Text fw={600} size={titleSize}>
        {notification.title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {notification.message}
      </Text>
      <Anchor
        href={notification.link}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ wordBreak: 'break-all' }}
      >
        {notification.link}
      </Anchor>
    </>
  );
}
