import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconMapPin } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { useJobs } from '../api/use-jobs';

/** /admin/job-board (spec §2): job cards in 1, 2 or 3 columns by screen width. */
export default function JobBoardPage() {
  const { data: jobs, isPending, isError, error, refetch, isFetching } = useJobs();
  return (
    <Stack gap="lg">
      <Title order={2}>Job Board</Title>
      {isPending ? (
        <Text>Loading...</Text>
      ) : isError ? (
        // spec §2 keeps 'Error: {message}'; issue 35 adds the way to try again.
        <Stack gap="sm" align="flex-start" role="alert">
          <Text c="red">Error: {error.message}</Text>
          <Button mih={44} variant="light" onClick={() => void refetch()} loading={isFetching}>
            Retry
          </Button>
        </Stack>
      ) : jobs.length === 0 ? (
        <EmptyState
          title="No jobs found."
          description="Openings your certifying board posts appear here. Check back soon."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {jobs.map((item) => (
            <Card key={item._id} component="article" withBorder shadow="sm" radius="lg" padding="lg">
              <Stack gap="xs" h="100%">
                <Title order={3} size="h4">
                  {item.title}
                </Title>
                <Group gap={6} c="dimmed" wrap="nowrap">
                  <IconBuilding size={16} aria-hidden />
                  <Text size="sm">{item.company}</Text>
                </Group>
                <Group gap={6} c="dimmed" wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{item.location}</Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-line', flex: 1 }}>
                  {item.description}
                </Text>
                <Button
                  component="a"
                  href={item.applyLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Apply Now: ${item.title}`}
                >
                  Apply Now
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
