import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListBody, ListPages } from '../../../components/paged-list';
import { useMyReports } from '../api/use-reports';

const PAGE_SIZE = 10;

/**
 * Issue 35: "My reports", the reports the member filed from any device, newest first: the client's
 * name, when it was filed and its state. Read-only: a filed report is the board's record, and only
 * administrators open it. Unlike the outbox's "sent" entries, it outlives the tab.
 */
export function MyReports() {
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(1);
  const query = useMyReports({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, opened);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconListDetails size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        mih={44}
      >
        My reports
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="My reports"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <ListBody
          query={query}
          loading="Loading your reports"
          error="Your reports could not be loaded."
          empty={{ title: 'You have not filed a report yet', description: 'Reports you file appear here.' }}
        >
          {(data) => (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {data.total === 1 ? '1 report filed' : `${data.total} reports filed`}. Filed reports cannot be changed.
              </Text>
              <List listStyleType="none" spacing="xs" aria-label="Reports you filed">
                {data.items.map((report) => (
                  <List.Item key={report._id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {report.clientName || 'No client name'}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Filed {dayjs(report.createdAt).format('D MMM YYYY HH:mm')}
                        </Text>
                      </Stack>
                      <Badge color="green" variant="light" tt="none">
                        Filed
                      </Badge>
                    </Group>
                  </List.Item>
                ))}
              </List>
              <ListPages
                pages={Math.ceil(data.total / PAGE_SIZE)}
                page={page}
                onChange={setPage}
                label="Pages of your reports"
              />
            </Stack>
          )}
        </ListBody>
      </Modal>
    </>
  );
}
