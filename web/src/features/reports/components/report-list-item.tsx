import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A report in a short list (the outbox, "My reports"): its client's name (or what the list says for
 * none, in its own words), when, a note under them (why it was refused), and its state as a badge.
 */
export function ReportListItem({
  clientName,
  when,
  note,
  state,
}: {
  clientName: string;
  when: string;
  note?: ReactNode;
  state: { word: string; color: string };
}) {
  return (
    <List.Item>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} dir="auto">
            {clientName}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
          </Text>
          {note && (
            <Text size="xs" c="red.8">
              {note}
            </Text>
          )}
        </Stack>
        <Badge color={state.color} variant="light" tt="none">
          {state.word}
        </Badge>
      </Group>
    </List.Item>
  );
}
