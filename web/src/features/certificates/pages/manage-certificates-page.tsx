import { Alert, Button, Center, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { toast } from '../../../lib/toast';
import { useDeleteCertificate, useManageCertificates } from '../api/use-manage-certificates';
import { AdminCertificateCard } from '../components/admin-certificate-card';
import { CertificateDialog, certificateErrorText } from '../components/certificate-dialog';

const PAGE_SIZE = 12;

/** spec §2 admin certificates: a searchable, paged card grid with create, edit and delete. */
export default function ManageCertificatesPage() {
  const { search, setSearch, q, page, setPage, offset, limit, pagesFor } = usePagedSearch(PAGE_SIZE);
  const [dialog, setDialog] = useState<{ opened: boolean; certificate: Certificate | null }>({
    opened: false,
    certificate: null,
  });
  const [toDelete, setToDelete] = useState<Certificate | null>(null);

  const list = useManageCertificates({ q, offset, limit });
  const remove = useDeleteCertificate();
  const pages = pagesFor(list.data?.total ?? 0);

  // spec §8: load failure toast.
  useEffect(() => {
    if (list.isError) toast.error('Error', 'Unable to fetch certificates. Please try again.');
  }, [list.isError, list.errorUpdatedAt]);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        toast.success('Certificate Deleted', 'The certificate has been deleted successfully.');
        // The last card of the last page is gone: show the page before it.
        if (list.data?.items.length === 1) setPage(page - 1);
        setToDelete(null);
      },
      onError: (err) => {
        toast.error('Error', certificateErrorText('deleting', err));
        setToDelete(null);
      },
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          aria-label="Search certificates"
          placeholder="Search by name, number or email..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ opened: true, certificate: null })}>
          Add New
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading certificates" />
        </Center>
      ) : list.isError && !list.data ? (
        <Alert color="red" title="Error">
          Unable to fetch certificates. Please try again.
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{q ? 'No certificates match your search.' : 'No certificates found.'}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.data.items.map((c) => (
            <AdminCertificateCard
              key={c._id}
              certificate={c}
              onEdit={() => setDialog({ opened: true, certificate: c })}
              onDelete={() => setToDelete(c)}
            />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Certificate pages" />
        </Group>
      )}

      <CertificateDialog
        opened={dialog.opened}
        certificate={dialog.certificate}
        onClose={() => setDialog({ opened: false, certificate: null })}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete certificate"
        message={`Are you sure you want to delete the certificate ${toDelete?.certificateNo ?? ''} of ${toDelete?.userEmail ?? ''}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
