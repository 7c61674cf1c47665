import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RENEWAL_STATUSES, type RenewalSort, type RenewalStatus } from '@portal/contract';
import { IconCheck, IconDice5, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AdminListPage } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { ListTools } from '../../../components/paged-list';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useT } from '../../../i18n/use-t';
import { formatDay } from '../../../lib/dates';
import { useRecertificationRules } from '../api/use-recertification-rules';
import { renewalsExportHref, useRenewals } from '../api/use-renewals';
import { AuditSampleDialog } from '../components/audit-sample-dialog';
import { type BulkDecision, BulkDecisionDialog } from '../components/bulk-decision-dialog';
import { isOpenRenewal, RenewalDetailDialog } from '../components/renewal-detail-dialog';
import { RenewalStatusBadge } from '../components/renewal-status-badge';
import classes from '../components/touch.module.css';
import { recertificationWords } from '../words';

const PAGE_SIZE = 12;

/**
 * The orders an admin picks from, kept in the address as `?sort=`. The first is the server's own: a
 * queue. Each names its option ("Sort: …") by a message key.
 */
const SORTS = [
  { value: '', label: 'recertification.queue.sortOldest' },
  { value: 'newest', label: 'recertification.queue.sortNewest', sort: { by: 'submittedAt', order: 'desc' } },
  { value: 'status', label: 'recertification.queue.sortStatus', sort: { by: 'status', order: 'asc' } },
  {
    value: 'certificateNo',
    label: 'recertification.queue.sortCertificateNo',
    sort: { by: 'certificateNo', order: 'asc' },
  },
  { value: 'holderName', label: 'recertification.queue.sortHolderName', sort: { by: 'holderName', order: 'asc' } },
] as const satisfies readonly {
  value: string;
  label: string;
  sort?: { by: RenewalSort; order: 'asc' | 'desc' };
}[];

const isStatus = (value: string): value is RenewalStatus => (RENEWAL_STATUSES as readonly string[]).includes(value);

/**
 * Issue 33: /admin/manage/renewals. The board's queue of renewal applications: the audit draw,
 * each application's activities and evidence, and the decisions, one by one or on the ticked rows.
 */
export default function RenewalsPage() {
  const { t, rich } = useT(recertificationWords);
  const paging = usePagedSearch(PAGE_SIZE);
  const { q, offset, limit, param, setParam } = paging;
  const sortChoice = SORTS.find((s) => s.value === param('sort')) ?? SORTS[0]!;
  const status = isStatus(param('status')) ? (param('status') as RenewalStatus) : undefined;
  const sort = 'sort' in sortChoice ? sortChoice.sort : undefined;
  const list = useRenewals({ q, offset, limit, sort, status });
  const rules = useRecertificationRules();
  const categoryNames = useMemo(
    () => Object.fromEntries((rules.data?.categories ?? []).map((c) => [c.key, c.name])),
    [rules.data],
  );
  const rows = useRowSelection();
  const [opened, setOpened] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [bulk, setBulk] = useState<{ decision: BulkDecision; ids: string[] } | null>(null);
  // The certificate numbers of the rows ticked, so that a bulk result names those on other pages too.
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(() => new Map());

  const ticked = (decision: BulkDecision) => ({
    verb: t(decision === 'approve' ? 'recertification.approve' : 'recertification.reject'),
    color: decision === 'approve' ? 'green' : 'red',
    icon: decision === 'approve' ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />,
    run: () => setBulk({ decision, ids: [...rows.selected] }),
  });

  return (
    <div className={classes.touch}>
      <AdminListPage
        search={{
          label: t('recertification.queue.search'),
          placeholder: t('recertification.queue.searchPlaceholder'),
        }}
        tools={
          <ListTools
            label={t('recertification.queue.tools')}
            active={[sortChoice.value, status].filter(Boolean).length}
          >
            <NativeSelect
              aria-label={t('recertification.queue.sortBy')}
              data={SORTS.map(({ value, label }) => ({ value, label: t(label) }))}
              value={sortChoice.value}
              onChange={(e) => setParam('sort', e.currentTarget.value)}
              w={{ base: '100%', sm: 220 }}
            />
            <NativeSelect
              aria-label={t('recertification.queue.filterByStatus')}
              data={[
                { value: '', label: t('recertification.queue.statusAll') },
                ...RENEWAL_STATUSES.map((value) => ({
                  value,
                  label: t('recertification.queue.status', { status: value }),
                })),
              ]}
              value={status ?? ''}
              onChange={(e) => setParam('status', e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
          </ListTools>
        }
        exportHref={renewalsExportHref({ q, sort, status })}
        actions={
          <Button leftSection={<IconDice5 size={16} aria-hidden />} onClick={() => setDrawing(true)}>
            {t('recertification.queue.drawAudit')}
          </Button>
        }
        bulk={{ rows, q, ticked: true, actions: [ticked('approve'), ticked('reject')] }}
        list={list}
        loading={t('recertification.queue.loading')}
        error={t('recertification.queue.loadFailed')}
        empty={
          q || status
            ? { title: t('recertification.queue.noMatch'), description: t('recertification.queue.noMatchHint') }
            : { title: t('recertification.queue.empty'), description: t('recertification.queue.emptyHint') }
        }
        paging={paging}
        pagesLabel={t('recertification.queue.pages')}
      >
        {({ items }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((r) => (
              <Card
                key={r._id}
                withBorder
                shadow="sm"
                padding="md"
                component="article"
                aria-label={t('recertification.detail.title', { certificateNo: r.certificateNo })}
                // An application drawn for audit stands out in the queue.
                style={
                  r.status === 'Audit' ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined
                }
              >
                <Stack gap={4} h="100%">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    {/* h2: nothing stands between the screen's h1 and its cards (Lighthouse heading-order). */}
                    <Title order={2} size="h4" dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {r.certificateNo}
                    </Title>
                    <RenewalStatusBadge status={r.status} style={{ flexShrink: 0 }} />
                  </Group>
                  <Text size="sm" fw={500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {r.holderName}
                  </Text>
                  <Text size="sm" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {r.holderEmail}
                  </Text>
                  <Text size="sm">{t('recertification.counted', { hours: r.countedHours })}</Text>
                  <Text size="sm" c={r.withoutEvidence > 0 ? 'orange.9' : undefined}>
                    {t('recertification.activityCount', { count: r.activityCount, without: r.withoutEvidence })}
                  </Text>
                  <Text size="sm">{t('recertification.submitted', { day: formatDay(r.submittedAt) })}</Text>
                  {r.reason ? (
                    <Text size="sm" c="red.8" lineClamp={2}>
                      {rich('recertification.reason', { reason: <bdi>{r.reason}</bdi> })}
                    </Text>
                  ) : null}
                  <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
                    {isOpenRenewal(r.status) ? (
                      <Checkbox
                        label={t('recertification.queue.select')}
                        aria-label={t('recertification.queue.selectNamed', { certificateNo: r.certificateNo })}
                        checked={rows.isSelected(r._id)}
                        onChange={(e) => {
                          rows.toggle(r._id, e.currentTarget.checked);
                          setLabels((known) => new Map(known).set(r._id, r.certificateNo));
                        }}
                      />
                    ) : (
                      <span />
                    )}
                    <Button variant="light" onClick={() => setOpened(r._id)}>
                      {t(isOpenRenewal(r.status) ? 'recertification.queue.review' : 'recertification.queue.view')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </AdminListPage>

      <RenewalDetailDialog id={opened} categoryNames={categoryNames} onClose={() => setOpened(null)} />
      <AuditSampleDialog opened={drawing} defaultPercent={rules.data?.auditPercent} onClose={() => setDrawing(false)} />
      <BulkDecisionDialog
        decision={bulk?.decision ?? null}
        ids={bulk?.ids ?? []}
        labelOf={(id) => labels.get(id) ?? id}
        onClose={() => setBulk(null)}
        onDone={rows.clear}
      />
    </div>
  );
}
