import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { ListBody, ListPages } from '../../../components/paged-list';
import { useMyReports } from '../api/use-reports';
import { ReportListItem } from './report-list-item';
import { formatMoment } from '../../../lib/dates';
import { reportsWords } from '../words';

const PAGE_SIZE = 10;

/**
 * Issue 35: "My reports", the reports the member filed from any device, newest first: the client's
 * name, when it was filed and its state. Read-only: a filed report is the board's record, and only
 * administrators open it. Unlike the outbox's "sent" entries, it outlives the tab.
 */
export function MyReports() {
  const { t } = useT(reportsWords);
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
        {t('reports.mine.title')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('reports.mine.title')}
        centered
        closeButtonProps={{ 'aria-label': t('reports.mine.close') }}
      >
        <ListBody
          query={query}
          loading={t('reports.mine.loading')}
          error={t('reports.mine.error')}
          empty={{ title: t('reports.mine.emptyTitle'), description: t('reports.mine.emptyDescription') }}
        >
          {(data) => (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('reports.mine.count', { count: data.total })}
              </Text>
              <List listStyleType="none" spacing="xs" aria-label={t('reports.mine.list')}>
                {data.items.map((report) => (
                  <ReportListItem
                    key={report._id}
                    clientName={report.clientName || t('reports.mine.noClientName')}
                    when={t('reports.mine.filedAt', { time: formatMoment(report.createdAt) })}
                    // A filed report's one state: reports have no review workflow (decision 0044).
                    state={{ word: t('reports.mine.filed'), color: 'green' }}
                  />
                ))}
              </List>
              <ListPages
                pages={Math.ceil(data.total / PAGE_SIZE)}
                page={page}
                onChange={setPage}
                label={t('reports.mine.pages')}
              />
            </Stack>
          )}
        </ListBody>
      </Modal>
    </>
  );
}
