import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What is missing: the spec's text where it gives one ('No jobs found.'). */
  title: string;
  /** Why the list is empty, or what fills it. */
  description?: ReactNode;
  /** The next step: a button or a link. */
  action?: ReactNode;
  /** Smaller, for a popover or a card. */
  compact?: boolean;
}

/** Issue 13: an empty list says what is missing, why, and what to do next. */
export function EmptyState({ title, description, action, compact }: EmptyStateProps) {
  return (
    <Stack align="center" gap={compact ? 4 : 'xs'} py={compact ? 'xs' : 'xl'} ta="center" data-empty-state>
      {!compact && (
        <ThemeIcon size={48} radius="xl" variant="light" color="brand" aria-hidden>
          <IconInbox size={26} stroke={1.75} />
        </ThemeIcon>
      )}
      <Text fw={600} size={compact ? 'sm' : 'md'}>
        {title}
      </Text>
      {description && (
        <Text size="sm" c="dimmed" maw={460}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
