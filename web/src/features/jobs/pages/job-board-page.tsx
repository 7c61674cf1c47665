import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconMapPin } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { useT } from '../../../i18n/use-t';
import { useJobs } from '../api/use-jobs';
import { jobsWords } from '../words';

/** /admin/job-board (spec §2): job cards in 1, 2 or 3 columns by screen width. */
export default function JobBoardPage() {
  const { t } = useT(jobsWords);
  const { data: jobs, isPending, isError, error, refetch, isFetching } = useJobs();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('jobs.board.title')}</Title>
      {isPending ? (
        <Text>{t('jobs.board.loading')}</Text>
      ) : isError ? (
        // spec §2 keeps 'Error: {message}'; issue 35 adds the way to try again.
        <Stack gap="sm" align="flex-start" role="alert">
          <Text c="red">{t('jobs.board.error', { message: error.message })}</Text>
          <Button mih={44} variant="light" onClick={() => void refetch()} loading={isFetching}>
            {t('jobs.board.retry')}
          </Button>
        </Stack>
      ) : jobs.length === 0 ? (
        <EmptyState title={t('jobs.empty')} description={t('jobs.board.emptyDescription')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {/* A job's texts are the board's, shown as written, each in its own direction. */}
          {jobs.map((item) => (
            <Card key={item._id} component="article" withBorder shadow="sm" radius="lg" padding="lg">
              <Stack gap="xs" h="100%">
                <Title order={3} size="h4" dir="auto">
                  {item.title}
                </Title>
                <Group gap={6} c="dimmed" wrap="nowrap">
                  <IconBuilding size={16} aria-hidden />
                  <Text size="sm" dir="auto">
                    {item.company}
                  </Text>
                </Group>
                <Group gap={6} c="dimmed" wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm" dir="auto">
                    {item.location}
                  </Text>
                </Group>
                <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line', flex: 1 }}>
                  {item.description}
                </Text>
                <Button
                  component="a"
                  href={item.applyLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('jobs.board.applyLabel', { title: item.title })}
                >
                  {t('jobs.board.apply')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
