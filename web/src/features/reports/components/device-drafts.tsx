import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { DraftSummary } from '../drafts/use-report-drafts';
import { formatTimeOfDay } from '../../../lib/dates';
import { reportsWords } from '../words';

interface DeviceDraftsProps {
  drafts: DraftSummary[];
  currentId: string;
  onOpen(id: string): void;
  onDiscard(id: string): void;
}

/** Issue 18: the member's drafts kept on this device, each to open or discard. */
export function DeviceDrafts({ drafts, currentId, onOpen, onDiscard }: DeviceDraftsProps) {
  const { t, rich } = useT(reportsWords);
  if (!drafts.length) return null;
  const nameOf = (draft: DraftSummary) => draft.clientName.trim() || t('reports.drafts.unnamed');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="device-drafts">
      <Title order={3} size="h5" id="device-drafts" mb="xs">
        {t('reports.drafts.title', { count: drafts.length })}
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {drafts.map((draft) => (
          <Group key={draft.id} component="li" justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              {rich(draft.id === currentId ? 'reports.drafts.savedOpen' : 'reports.drafts.saved', {
                client: (
                  <Text span fw={600} dir="auto">
                    {nameOf(draft)}
                  </Text>
                ),
                time: formatTimeOfDay(draft.updatedAt),
              })}
            </Text>
            <Group gap={6}>
              {draft.id !== currentId && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpen(draft.id)}
                  aria-label={t('reports.drafts.openLabel', { client: nameOf(draft) })}
                >
                  {t('reports.drafts.open')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => onDiscard(draft.id)}
                aria-label={t('reports.drafts.discardLabel', { client: nameOf(draft) })}
              >
                {t('reports.drafts.discard')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
