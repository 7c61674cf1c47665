import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DraftSummary } from '../drafts/use-report-drafts';
import { formatTimeOfDay } from '../../../lib/dates';

interface DeviceDraftsProps {
  drafts: DraftSummary[];
  currentId: string;
  onOpen(id: string): void;
  onDiscard(id: string): void;
}

const nameOf = (draft: DraftSummary) => draft.clientName.trim() || 'Unnamed client';

/** Issue 18: the member's drafts kept on this device, each to open or discard. */
export function DeviceDrafts({ drafts, currentId, onOpen, onDiscard }: DeviceDraftsProps) {
  if (!drafts.length) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="device-drafts">
      <Title order={3} size="h5" id="device-drafts" mb="xs">
        Drafts on this device ({drafts.length})
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {drafts.map((draft) => (
          <Group key={draft.id} component="li" justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              <Text span fw={600} dir="auto">
                {nameOf(draft)}
              </Text>{' '}
              · saved {formatTimeOfDay(draft.updatedAt)}
              {draft.id === currentId && ' · open now'}
            </Text>
            <Group gap={6}>
              {draft.id !== currentId && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpen(draft.id)}
                  aria-label={`Open draft of ${nameOf(draft)}`}
                >
                  Open
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => onDiscard(draft.id)}
                aria-label={`Discard draft of ${nameOf(draft)}`}
              >
                Discard
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
