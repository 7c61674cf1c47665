import { ActionIcon, Anchor, Divider, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useNotifications } from '../api/use-notifications';

/** The top bar's notifications (spec §2): title, message and a link opening in a new tab. */
export function NotificationsPopover() {
  const { data, isPending, isError } = useNotifications();
  const count = data?.length ?? 0;
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Indicator disabled={count === 0} label={count} size={16} offset={4} color="red">
          <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="Notifications">
            <IconBell size={22} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={700} mb="xs">
          Notifications
        </Text>
        {isPending ? (
          <Loader size="sm" aria-label="Loading notifications" />
        ) : isError ? (
          <Text c="red" size="sm">
            Error fetching notifications.
          </Text>
        ) : count === 0 ? (
          <Text c="dimmed" size="sm">
            No notifications available.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.map((item, index) => (
                <Fragment key={item._id}>
                  {index > 0 && <Divider />}
                  <li>
                    <Text fw={600} size="sm">
                      {item.title}
                    </Text>
                    <Text size="sm">{item.message}</Text>
                    <Anchor
                      href={item.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {item.link}
                    </Anchor>
                  </li>
                </Fragment>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
