import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { ListBody, ListPages } from '../../../components/paged-list';
import { useMyReports } from '../api/use-reports';
import { ReportListItem } from './report-list-item';
import { formatMoment } from '../../../lib/dates';

const PAGE_SIZE = 10;
/** A filed report's one state: reports have no review workflow (decision 0044). */
const FILED = { word: 'Filed', color: 'green' };

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
                  <ReportListItem
                    key={report._id}
                    clientName={report.clientName}
                    when={`Filed ${formatMoment(report.createdAt)}`}
                    state={FILED}
                  />
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
