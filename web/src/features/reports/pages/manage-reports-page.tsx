import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiPath, type ReportSummary } from '@portal/contract';
import { useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDeleteReport, useReports } from '../api/use-reports';
import { ReportDetailsDialog } from '../components/report-details-dialog';
import { ReportImage } from '../components/report-image';

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
  const name = report.clientName || 'Unnamed client';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Card.Section>
        <ReportImage src={report.imageUrl} alt={`Image of ${name}`} h={180} />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Checkbox
            aria-label={`Select report ${name}`}
            checked={selected}
            onChange={(e) => onSelectedChange(e.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Project start date: {formatDate(report.projectStartDate)}
        </Text>
      </Stack>
      <Group mt="md" grow>
        <Button variant="light" onClick={onView}>
          View
        </Button>
        <Button variant="light" color="red" onClick={onDelete}>
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** spec §2 admin Reports: a card grid (1/2/3 columns), details, delete with a confirmation. */
export default function ManageReportsPage() {
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
        search={{ label: 'Search reports', placeholder: 'Search by client name...' }}
        exportHref={apiPath('/api/reports/export.csv', undefined, { q: q || undefined })}
        bulk={{ rows, q, type: 'report', noun: 'reports' }}
        list={list}
        loading="Loading reports"
        error="Unable to load reports. Please try again."
        empty={
          q
            ? { title: 'No reports match your search.', description: 'Try part of the client name.' }
            : {
                title: 'No reports found.',
                description: 'Intake reports that members file from the Report screen appear here.',
              }
        }
        paging={paging}
        pagesLabel="Report pages"
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
        title="Delete report"
        message="Are you sure you want to delete this report?"
        type="report"
        remove={remove}
        deleted={{ title: 'Report Deleted Success', message: 'Report deleted successfully.' }}
        list={list}
        paging={paging}
        onError={(err) => toast.error('Error', errorMessage(err, 'The report could not be deleted. Please try again.'))}
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </>
  );
}
