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

const PAGE_SIZE = 12;

/** Issue 35: the orders an admin picks from, kept in the address as `?sort=`. The first is the server's own. */
const SORTS: { value: string; label: string; sort?: { by: CertificateSort; order: 'asc' | 'desc' } }[] = [
  { value: '', label: 'Newest first' },
  { value: 'validTill', label: 'Valid till, soonest first', sort: { by: 'validTill', order: 'asc' } },
  { value: 'name', label: 'Name, A to Z', sort: { by: 'name', order: 'asc' } },
  { value: 'certificateNo', label: 'Certificate No', sort: { by: 'certificateNo', order: 'asc' } },
  { value: 'status', label: 'Status', sort: { by: 'status', order: 'asc' } },
];

/** Issue 35: the filters, kept in the address as `?status=` and `?expiringWithin=`. */
const STATUS_CHOICES = [
  { value: '', label: 'Status: all' },
  ...DISPLAY_STATUSES.map((status) => ({ value: status, label: `Status: ${status}` })),
];
const EXPIRING_CHOICES = [
  { value: '', label: 'Ends: any time' },
  ...[30, 60, 90].map((days) => ({ value: String(days), label: `Ends within ${days} days` })),
];

/** spec §2 admin certificates: a searchable, paged card grid with create, edit and delete. */
export default function ManageCertificatesPage() {
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
    if (list.isError) toast.error('Error', 'Unable to fetch certificates. Please try again.');
  }, [list.isError, list.errorUpdatedAt]);

  return (
    <>
      <AdminListPage
        search={{ label: 'Search certificates', placeholder: 'Search by name, number or email...' }}
        tools={
          <ListTools label="Sort and filters" active={activeTools}>
            <NativeSelect
              aria-label="Sort certificates by"
              data={SORTS.map(({ value, label }) => ({ value, label: `Sort: ${label}` }))}
              value={sortChoice.value}
              onChange={(e) => setParam('sort', e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <NativeSelect
              aria-label="Filter by status"
              data={STATUS_CHOICES}
              value={filters.status}
              onChange={(e) => setParam('status', e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
            <NativeSelect
              aria-label="Filter by end date"
              data={EXPIRING_CHOICES}
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
              Import
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ opened: true, certificate: null })}
            >
              Add New
            </Button>
          </>
        }
        bulk={{
          rows,
          q,
          filters: filtered && chosenFilters.success ? chosenFilters.data : undefined,
          actions: [
            {
              verb: 'Set status',
              icon: <IconToggleRight size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'status', selection }),
            },
            {
              verb: 'Renew',
              icon: <IconCalendarPlus size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'renew', selection }),
            },
            {
              verb: 'Revoke',
              color: 'red',
              icon: <IconBan size={16} aria-hidden />,
              run: (selection) => setBulk({ action: 'revoke', selection }),
            },
          ],
          type: 'certificate',
          noun: 'certificates',
        }}
        list={list}
        loading="Loading certificates"
        error={() => (
          <Alert color="red" title="Error">
            Unable to fetch certificates. Please try again.
          </Alert>
        )}
        empty={
          filtered
            ? { title: 'No certificates match these filters.', description: 'Choose another status or end date.' }
            : q
              ? {
                  title: 'No certificates match your search.',
                  description: 'Try part of a name, a number or an email.',
                }
              : {
                  title: 'No certificates found.',
                  description:
                    'Add the certificates your board has issued. A holder can sign up once theirs is on record.',
                  action: (
                    <Button variant="light" onClick={() => setDialog({ opened: true, certificate: null })}>
                      Add a certificate
                    </Button>
                  ),
                }
        }
        paging={paging}
        pagesLabel="Certificate pages"
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
        title="Delete certificate"
        message={`Are you sure you want to delete the certificate ${toDelete?.certificateNo ?? ''} of ${toDelete?.userEmail ?? ''}?`}
        type="certificate"
        remove={remove}
        deleted={{ title: 'Certificate Deleted', message: 'The certificate has been deleted successfully.' }}
        list={list}
        paging={paging}
        onError={(err) => toast.error('Error', certificateErrorText('deleting', err))}
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </>
  );
}
