import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiPath, type ReportSummary } from '@portal/contract';
import { useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDeleteReport, useReports } from '../api/use-reports';
import { ReportDetailsDialog } from '../components/report-details-dialog';
import { ReportImage } from '../components/report-image';
import { reportsWords } from '../words';

const PAGE_SIZE = 12;

const formatDate = (date: string) => (date ? formatCalendarDay(date) : '—');

function ReportCard({
  report,
  onView,
  onDelete,
  selected,
  onSelectedChange,
}: {
  report: ReportSummary;
  onView: () => void;
  onDelete: () => void;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const { t } = useT(reportsWords);
  const name = report.clientName || t('reports.admin.unnamed');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Card.Section>
        <ReportImage src={report.imageUrl} alt={t('reports.details.imageOf', { name })} h={180} />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} dir="auto">
            {name}
          </Text>
          <Checkbox
            aria-label={t('reports.admin.select', { name })}
            checked={selected}
            onChange={(e) => onSelectedChange(e.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('reports.admin.projectStart', { date: formatDate(report.projectStartDate) })}
        </Text>
      </Stack>
      <Group mt="md" grow>
        <Button variant="light" onClick={onView}>
          {t('reports.admin.view')}
        </Button>
        <Button variant="light" color="red" onClick={onDelete}>
          {t('reports.admin.delete')}
        </Button>
      </Group>
    </Card>
  );
}

/** spec §2 admin Reports: a card grid (1/2/3 columns), details, delete with a confirmation. */
export default function ManageReportsPage() {
  const { t } = useT(reportsWords);
  const paging = usePagedSearch(PAGE_SIZE);
  const { q, offset, limit } = paging;
  const list = useReports({ q, offset, limit });
  const remove = useDeleteReport();
  // Issue 16: ticked rows (kept across pages), or all matching, deleted in one go.
  const rows = useRowSelection();
  const [viewing, setViewing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ReportSummary | null>(null);

  return (
    <>
      <AdminListPage
        search={{ label: t('reports.admin.searchLabel'), placeholder: t('reports.admin.searchPlaceholder') }}
        exportHref={apiPath('/api/reports/export.csv', undefined, { q: q || undefined })}
        bulk={{ rows, q, type: 'report', noun: t('reports.admin.noun') }}
        list={list}
        loading={t('reports.admin.loading')}
        error={t('reports.admin.loadError')}
        empty={
          q
            ? { title: t('reports.admin.noMatch'), description: t('reports.admin.noMatchHint') }
            : { title: t('reports.admin.empty'), description: t('reports.admin.emptyHint') }
        }
        paging={paging}
        pagesLabel={t('reports.admin.pages')}
      >
        {({ items }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((r) => (
              <ReportCard
                key={r._id}
                report={r}
                onView={() => setViewing(r._id)}
                onDelete={() => setToDelete(r)}
                selected={rows.isSelected(r._id)}
                onSelectedChange={(on) => rows.toggle(r._id, on)}
              />
            ))}
          </SimpleGrid>
        )}
      </AdminListPage>

      <ReportDetailsDialog reportId={viewing} onClose={() => setViewing(null)} />
      <DeleteDialog
        id={toDelete?._id ?? null}
        title={t('reports.admin.deleteTitle')}
        message={t('reports.admin.deleteMessage')}
        type="report"
        remove={remove}
        deleted={{ title: t('reports.admin.deletedTitle'), message: t('reports.admin.deletedMessage') }}
        list={list}
        paging={paging}
        onError={(err) => toast.error(t('reports.admin.error'), errorMessage(err, t('reports.admin.deleteFailed')))}
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </>
  );
}
