import { ActionIcon, Anchor, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { useNotifications } from '../api/use-notifications';

/** The top bar's notifications (spec §2): title, message and a link opening in a new tab. */
export function NotificationsPopover() {
  const { data, isPending, isError } = useNotifications();
  const count = data?.length ?? 0;
  return (
    // The count sits outside the popover's target: the target's aria-haspopup and aria-expanded
    // belong on the button, not on a wrapping div (axe aria-allowed-attr).
    <Indicator disabled={count === 0} label={<span aria-hidden>{count}</span>} size={16} offset={4} color="red">
      <Popover width={320} position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            aria-label={count === 0 ? 'Notifications' : `Notifications (${count})`}
          >
            <IconBell size={22} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label="Notifications">
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
            <EmptyState compact title="No notifications available." description="News from your board appears here." />
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.map((item, index) => (
                  // A list holds only items: the rule between two is the item's own border.
                  <li
                    key={item._id}
                    style={
                      index > 0
                        ? {
                            borderTop: '1px solid var(--mantine-color-gray-3)',
                            paddingTop: 'var(--mantine-spacing-xs)',
                          }
                        : undefined
                    }
                  >
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
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
