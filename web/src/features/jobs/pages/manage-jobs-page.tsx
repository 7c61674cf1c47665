import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { apiPath, JOB_TOAST_MS, type Job } from '@portal/contract';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { EditDeleteButtons } from '../../../components/card-actions';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteJob } from '../api/use-job-mutations';
import { useManageJobs } from '../api/use-manage-jobs';
import { JobDialog } from '../components/job-dialog';
import { jobsWords } from '../words';

const PAGE_SIZE = 12;

/** spec §2 admin jobs: cards with Edit, Delete and 'Visit Job', and an Add/Edit dialog. */
export default function ManageJobsPage() {
  const { t } = useT(jobsWords);
  const paging = usePagedSearch(PAGE_SIZE);
  const { q, offset, limit } = paging;
  const [dialog, setDialog] = useState<{ opened: boolean; job: Job | null }>({ opened: false, job: null });
  const [toDelete, setToDelete] = useState<Job | null>(null);
  const list = useManageJobs({ q, offset, limit });
  const remove = useDeleteJob();
  // Issue 16: ticked rows (kept across pages), or all matching, deleted in one go.
  const rows = useRowSelection();

  return (
    <>
      <AdminListPage
        search={{ label: t('jobs.manage.searchLabel'), placeholder: t('jobs.manage.searchPlaceholder') }}
        exportHref={apiPath('/api/jobs/export.csv', undefined, { q: q || undefined })}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ opened: true, job: null })}
          >
            {t('jobs.manage.addNew')}
          </Button>
        }
        bulk={{ rows, q, type: 'job', noun: t('jobs.manage.bulkNoun') }}
        list={list}
        loading={t('jobs.manage.loading')}
        error={t('jobs.manage.loadError')}
        empty={
          q
            ? {
                title: t('jobs.empty'),
                description: t('jobs.manage.noMatch'),
              }
            : {
                title: t('jobs.empty'),
                description: t('jobs.manage.emptyDescription'),
                action: (
                  <Button variant="light" onClick={() => setDialog({ opened: true, job: null })}>
                    {t('jobs.manage.addFirst')}
                  </Button>
                ),
              }
        }
        paging={paging}
        pagesLabel={t('jobs.manage.pages')}
      >
        {({ items }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((job) => (
              <Card key={job._id} withBorder shadow="sm" padding="lg" component="article" aria-label={job.title}>
                <Stack gap="xs" h="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    {/* h2: nothing stands between the screen's h1 and its cards (Lighthouse heading-order). */}
                    <Title order={2} size="h4" dir="auto">
                      {job.title}
                    </Title>
                    <Checkbox
                      aria-label={t('jobs.manage.select', { title: job.title })}
                      checked={rows.isSelected(job._id)}
                      onChange={(e) => rows.toggle(job._id, e.currentTarget.checked)}
                    />
                  </Group>
                  <Text size="sm" fw={500} dir="auto">
                    {job.company}
                  </Text>
                  <Text size="sm" c="dimmed" dir="auto">
                    {job.location}
                  </Text>
                  <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }} lineClamp={6}>
                    {job.description}
                  </Text>
                  <Group gap="xs" mt="auto" pt="sm">
                    <EditDeleteButtons
                      onEdit={() => setDialog({ opened: true, job })}
                      onDelete={() => setToDelete(job)}
                    />
                    <Button
                      size="xs"
                      variant="outline"
                      component="a"
                      href={job.applyLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      leftSection={<IconExternalLink size={16} aria-hidden />}
                    >
                      {t('jobs.manage.visit')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </AdminListPage>

      <JobDialog opened={dialog.opened} job={dialog.job} onClose={() => setDialog({ opened: false, job: null })} />
      <DeleteDialog
        id={toDelete?._id ?? null}
        title={t('jobs.delete.title')}
        message={t('jobs.delete.question', { title: toDelete?.title ?? '' })}
        type="job"
        remove={remove}
        deleted={{ title: t('jobs.deleted.title'), message: t('jobs.deleted.message') }}
        list={list}
        paging={paging}
        onError={(err) =>
          toast.error(t('jobs.deleteFailed.title'), errorMessage(err, t('jobs.deleteFailed.message')), JOB_TOAST_MS)
        }
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </>
  );
}
