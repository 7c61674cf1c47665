import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError, UNREACHABLE } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../auth/store';
import { useMyCertificates } from '../api/use-my-certificates';
import { standingOf } from '../utils/my-certificates';
import { RenewNowButton } from './renew-now-button';
import { useT } from '../../../i18n/use-t';
import { frameWords } from '../../../app/layouts/words';

/**
 * Issue 35, first run: the member's certificates at a glance above the dashboard's tiles (active,
 * expiring soon, no longer valid) and the one next step that matters.
 */
export function CertificateStanding() {
  const { t, day } = useT(frameWords);
  const headingId = useId();
  const email = useAuth((s) => s.user?.email ?? '');
  const query = useMyCertificates(email);

  let body;
  if (query.isPending) {
    // The shape of what comes (a count, a line of advice, a button), so that the answer moves
    // nothing below it (CLS, docs/performance.md).
    body = (
      <Stack gap="sm" aria-label={t('standing.loading')}>
        <Skeleton height={24} width="45%" />
        <Skeleton height={24} width="85%" />
        <Skeleton height={44} width={170} radius="md" />
      </Stack>
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadError
        title={t('standing.loadFailed')}
        message={errorMessage(query.error, UNREACHABLE)}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  } else {
    const standing = standingOf(query.data ?? []);
    const soonest = standing.expiringSoon[0];
    body = (
      <Stack gap="sm">
        {standing.total === 0 ? (
          <Text>{t('standing.none')}</Text>
        ) : (
          <>
            <Text>
              {t('standing.active', { count: standing.active })}
              {standing.expiringSoon.length > 0 && t('standing.expiringSoon', { count: standing.expiringSoon.length })}
              {standing.notValid > 0 && t('standing.notValid', { count: standing.notValid })}
            </Text>
            {soonest ? (
              <Text fw={600} c="yellow.9">
                {t('standing.soonest', { name: soonest.name, day: day(soonest.validTill) })}
              </Text>
            ) : standing.nextExpiry ? (
              <Text c="dimmed">{t('standing.allActive', { day: day(standing.nextExpiry) })}</Text>
            ) : (
              <Text c="dimmed">{t('standing.noneActive')}</Text>
            )}
          </>
        )}
        <Group gap="sm">
          {soonest && <RenewNowButton certificate={soonest} />}
          <Button
            component={Link}
            to={standing.total === 0 ? '../help' : '../certificates'}
            relative="path"
            variant="light"
            mih={44}
          >
            {standing.total === 0 ? t('standing.goToHelp') : t('standing.view')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('standing.title')}
      </Title>
      {body}
    </Card>
  );
}
