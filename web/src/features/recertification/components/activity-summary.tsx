import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { CeActivity } from '@portal/contract';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { formatCalendarDay } from '../../../lib/dates';
import { recertificationWords } from '../words';

const ACTIVITY_COLOR: Record<CeActivity['status'], string> = { Pending: 'gray', Approved: 'green', Rejected: 'red' };

/** Evidence is a file the member uploaded (`/api/files/{id}`): only a same-origin path is made a link. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Issue 33: one continuing-education activity as the member and the reviewer both see it (its
 * review, the day, hours and category, a rejection's reason and the evidence), then `children`:
 * what the viewer may do with it.
 */
export function ActivitySummary({
  activity,
  category,
  children,
}: {
  activity: CeActivity;
  category: string;
  children?: ReactNode;
}) {
  const { t, rich } = useT(recertificationWords);
  return (
    <Card withBorder padding="sm" component="article" aria-label={activity.title}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={500} dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {activity.title}
          </Text>
          <Badge color={ACTIVITY_COLOR[activity.status]} variant="light" style={{ flexShrink: 0 }}>
            {t('recertification.activity.status', { status: activity.status })}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {rich('recertification.activity.line', {
            provider: <bdi>{activity.provider}</bdi>,
            day: formatCalendarDay(activity.completedOn),
            hours: t('recertification.hours', { hours: activity.hours }),
            category: <bdi>{category}</bdi>,
          })}
        </Text>
        {activity.rejectionReason ? (
          <Text size="sm" c="red.8">
            {rich('recertification.activity.rejected', { reason: <bdi>{activity.rejectionReason}</bdi> })}
          </Text>
        ) : null}
        {activity.evidenceUrl && isOwnPath(activity.evidenceUrl) ? (
          <Anchor
            href={activity.evidenceUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
          >
            <IconExternalLink size={14} aria-hidden />
            {rich('recertification.activity.viewEvidence', { title: <bdi>{activity.title}</bdi> })}
          </Anchor>
        ) : (
          <Text size="sm" c="orange.9">
            {t('recertification.activity.noEvidence')}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
