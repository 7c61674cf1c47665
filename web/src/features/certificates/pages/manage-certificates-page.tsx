import { Alert, Button, NativeSelect, SimpleGrid } from '@mantine/core';
import {
  apiPath,
  type Certificate,
  certificateFilters,
  type CertificateSort,
  DISPLAY_STATUSES,
} from '@portal/contract';
import { IconBan, IconCalendarPlus, IconFileImport, IconPlus, IconToggleRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { type ListSelection, useRowSelection } from '../../../components/bulk-bar';
import { ListTools } from '../../../components/paged-list';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { toast } from '../../../lib/toast';
import { useDeleteCertificate, useManageCertificates } from '../api/use-manage-certificates';
import { AdminCertificateCard } from '../components/admin-certificate-card';
import { BulkRenewDialog } from '../components/bulk-renew-dialog';
import { BulkStatusDialog } from '../components/bulk-status-dialog';
import { CertificateDialog, certificateErrorText } from '../components/certificate-dialog';
import { ImportDialog } from '../components/import-dialog';
import { BulkRevokeDialog, ReinstateDialog, RevokeDialog } from '../components/revoke-dialog';
import { statusLabel } from '../components/certificate-status';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey, type CertificatesT } from '../words';

const PAGE_SIZE = 12;

/** Issue 35: the orders an admin picks from, kept in the address as `?sort=`. The first is the server's own. */
const SORTS: { value: string; label: CertificatesKey; sort?: { by: CertificateSort; order: 'asc' | 'desc' } }[] = [
  { value: '', label: 'certificates.manage.sortNewest' },
  { value: 'validTill', label: 'certificates.manage.sortValidTill', sort: { by: 'validTill', order: 'asc' } },
  { value: 'name', label: 'certificates.manage.sortName', sort: { by: 'name', order: 'asc' } },
  { value: 'certificateNo', label: 'certificates.manage.sortNumber', sort: { by: 'certificateNo', order: 'asc' } },
  { value: 'status', label: 'certificates.manage.sortStatus', sort: { by: 'status', order: 'asc' } },
];

/** Issue 35: the filters, kept in the address as `?status=` and `?expiringWithin=`. */
const statusChoices = (t: CertificatesT) => [
  { value: '', label: t('certificates.manage.statusAll') },
  ...DISPLAY_STATUSES.map((status) => ({
    value: status,
    label: t('certificates.manage.statusOption', { status: statusLabel(t, status) }),
  })),
];
const expiringChoices = (t: CertificatesT) => [
  { value: '', label: t('certificates.manage.endsAny') },
  ...[30, 60, 90].map((days) => ({ value: String(days), label: t('certificates.manage.endsWithin', { days }) })),
];

/** spec §2 admin certificates: a searchable, paged card grid with create, edit and delete. */
export default function ManageCertificatesPage() {
  const { t } = useT(certificatesWords);
  const paging = usePagedSearch(PAGE_SIZE);
  const { q, offset, limit, param, setParam } = paging;
  const sortChoice = SORTS.find((s) => s.value === param('sort')) ?? SORTS[0]!;
  const filters = { status: param('status'), expiringWithin: param('expiringWithin') };
  const filtered = Boolean(filters.status || filters.expiringWithin);
  // What a bulk action on "all matching" sends with the search, so that it acts on what is shown.
  const chosenFilters = certificateFilters.safeParse({
    status: filters.status || undefined,
    expiringWithin: filters.expiringWithin || undefined,
  });
  const [dialog, setDialog] = useState<{ opened: boolean; certificate: Certificate | null }>({
    opened: false,
    certificate: null,
  });
  const [importing, setImporting] = useState(false);
  const activeTools = [sortChoice.value, filters.status, filters.expiringWithin].filter(Boolean).length;
  const [toDelete, setToDelete] = useState<Certificate | null>(null);
  const [toRevoke, setToRevoke] = useState<Certificate | null>(null);
  const [toReinstate, setToReinstate] = useState<Certificate | null>(null);
  // Issues 15, 16: ticked certificates (kept across pages), or all matching, and the bulk action
  // whose dialog is open (AdminListPage runs the bulk Delete).
  const rows = useRowSelection();
  type BulkKind = 'renew' | 'status' | 'revoke';
  const [bulk, setBulk] = useState<{ action: BulkKind; selection: ListSelection } | null>(null);
  const bulkOf = (action: BulkKind) => (bulk?.action === action ? bulk.selection : null);
  const bulkDone = () => {
    setBulk(null);
    rows.clear();
  };

  const list = useManageCertificates({ q, offset, limit, sort: sortChoice.sort, filters });
  const remove = useDeleteCertificate();

  // spec §8: load failure toast.
  useEffect(() => {
    if (list.isError) toast.error(t('common.error'), t('certificates.loadFailedToast'));
  }, [list.isError, list.errorUpdatedAt, t]);

  return (
    <>
      <AdminListPage
        search={{ label: t('certificates.manage.search'), placeholder: t('certificates.manage.searchPlaceholder') }}
        tools={
          <ListTools label={t('certificates.manage.tools')} active={activeTools}>
            <NativeSelect
              aria-label={t('certificates.manage.sortBy')}
              data={SORTS.map(({ value, label }) => ({
                value,
                label: t('certificates.manage.sortOption', { label: t(label) }),
              }))}
              value={sortChoice.value}
              onChange={(e) => setParam('sort', e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <NativeSelect
              aria-label={t('certificates.manage.filterStatus')}
              data={statusChoices(t)}
              value={filters.status}
              onChange={(e) => setParam('status', e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
            <NativeSelect
              aria-label={t('certificates.manage.filterEnds')}
              data={expiringChoices(t)}
              value={filters.expiringWithin}
              onChange={(e) => setParam('expiringWithin', e.currentTarget.value)}
              w={{ base: '100%', sm: 200 }}
            />
          </ListTools>
        }
        exportHref={apiPath('/api/certificates/export.csv', undefined, {
          q: q || undefined,
          status: filters.status || undefined,
          expiringWithin: filters.expiringWithin || undefined,
        })}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('certificates.manage.import')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ opened: true, certificate: null })}
            >
              {t('certificates.manage.addNew')}
            </Button>
          </>
        }
        bulk={{
          rows,
          q,
          filters: filtered && chosenFilters.success ? chosenFilters.data : undefined,
          actions: [
            {
              verb: t('certificates.manage.setStatus'),
              icon: <IconToggleRight size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'status', selection }),
            },
            {
              verb: t('certificates.manage.renew'),
              icon: <IconCalendarPlus size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'renew', selection }),
            },
            {
              verb: t('certificates.manage.revoke'),
              color: 'red',
              icon: <IconBan size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'revoke', selection }),
            },
          ],
          type: 'certificate',
          noun: t('certificates.manage.noun'),
        }}
        list={list}
        loading={t('certificates.loading')}
        error={() => (
          <Alert color="red" title={t('common.error')}>
            {t('certificates.loadFailedToast')}
          </Alert>
        )}
        empty={
          filtered
            ? {
                title: t('certificates.manage.noMatchFilters'),
                description: t('certificates.manage.noMatchFiltersText'),
              }
            : q
              ? {
                  title: t('certificates.manage.noMatchSearch'),
                  description: t('certificates.manage.noMatchSearchText'),
                }
              : {
                  title: t('certificates.manage.emptyTitle'),
                  description: t('certificates.manage.emptyText'),
                  action: (
                    <Button variant="light" onClick={() => setDialog({ opened: true, certificate: null })}>
                      {t('certificates.manage.addOne')}
                    </Button>
                  ),
                }
        }
        paging={paging}
        pagesLabel={t('certificates.manage.pages')}
      >
        {({ items }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((c) => (
              <AdminCertificateCard
                key={c._id}
                certificate={c}
                onEdit={() => setDialog({ opened: true, certificate: c })}
                onDelete={() => setToDelete(c)}
                onRevoke={() => setToRevoke(c)}
                onReinstate={() => setToReinstate(c)}
                selected={rows.isSelected(c._id)}
                onSelectedChange={(on) => rows.toggle(c._id, on)}
              />
            ))}
          </SimpleGrid>
        )}
      </AdminListPage>

      <CertificateDialog
        opened={dialog.opened}
        certificate={dialog.certificate}
        onClose={() => setDialog({ opened: false, certificate: null })}
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
      <BulkRenewDialog selection={bulkOf('renew')} onClose={() => setBulk(null)} onDone={bulkDone} />
      <BulkStatusDialog selection={bulkOf('status')} onClose={() => setBulk(null)} onDone={bulkDone} />
      <BulkRevokeDialog selection={bulkOf('revoke')} onClose={() => setBulk(null)} onDone={bulkDone} />
      <RevokeDialog certificate={toRevoke} onClose={() => setToRevoke(null)} />
      <ReinstateDialog certificate={toReinstate} onClose={() => setToReinstate(null)} />
      <DeleteDialog
        id={toDelete?._id ?? null}
        title={t('certificates.manage.deleteTitle')}
        message={t('certificates.manage.deleteMessage', {
          number: toDelete?.certificateNo ?? '',
          email: toDelete?.userEmail ?? '',
        })}
        type="certificate"
        remove={remove}
        deleted={{ title: t('certificates.manage.deletedTitle'), message: t('certificates.manage.deletedText') }}
        list={list}
        paging={paging}
        onError={(err) => toast.error(t('common.error'), certificateErrorText(t, 'deleting', err))}
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </>
  );
}
