import { Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { TRASH_LABELS, TRASH_RETENTION_DAYS, TRASH_TYPES, type TrashItem, type TrashType } from '@portal/contract';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListBody, ListPages, SearchBox } from '../../../components/paged-list';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteForever, useRestore, useTrash } from '../api/use-trash';
import { formatMoment } from '../../../lib/dates';

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...TRASH_TYPES.map((type) => ({ value: type, label: TRASH_LABELS[type] })),
];

/**
 * Issue 16 (decision 0017): what was deleted in the last 30 days, newest first, by type. Restore
 * brings an item back where it was; "Delete forever" (confirmed) removes it and its files.
 */
export default function TrashPage() {
  const { search, setSearch, q, page, setPage, offset, limit, pagesFor } = usePagedSearch(PAGE_SIZE);
  const [type, setType] = useState<TrashType | ''>('');
  const [toPurge, setToPurge] = useState<TrashItem | null>(null);
  const list = useTrash({ type, q, offset, limit });
  const restore = useRestore();
  const purge = useDeleteForever();
  const pages = pagesFor(list.data?.total ?? 0);

  const onRestore = (item: TrashItem) =>
    restore.mutate(
      { type: item.type, id: item._id },
      {
        onSuccess: (result) => toast.success(result.message, `${item.label} is back.`),
        onError: (err) => toast.error('Not restored', errorMessage(err, 'Unable to restore. Please try again.')),
      },
    );

  const confirmPurge = () => {
    if (!toPurge) return;
    purge.mutate(
      { type: toPurge.type, id: toPurge._id },
      {
        onSuccess: () => {
          toast.success('Deleted forever', `${toPurge.label} is gone for good.`);
          if (list.data?.items.length === 1) setPage(page - 1);
          setToPurge(null);
        },
        onError: (err) => {
          toast.error('Error', errorMessage(err, 'Unable to delete. Please try again.'));
          setToPurge(null);
        },
      },
    );
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchBox label="Search the trash" placeholder="Search the trash..." value={search} onChange={setSearch} />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => {
              setType((value ?? '') as TrashType | '');
              setPage(1);
            }}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Items are deleted for good {TRASH_RETENTION_DAYS} days after they were deleted.
        </Text>
      </Group>

      <ListBody
        query={list}
        loading="Loading the trash"
        error="Unable to fetch the trash. Please try again."
        empty={
          q || type
            ? { title: 'Nothing in the trash matches.', description: 'Try another type or part of a name.' }
            : {
                title: 'The trash is empty.',
                description: 'Deleted users, certificates, reports, jobs and notifications wait here for 30 days.',
              }
        }
      >
        {({ items }) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Item</Table.Th>
                  <Table.Th scope="col">Deleted</Table.Th>
                  <Table.Th scope="col">Deleted by</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.type}-${item._id}`}>
                    <Table.Td>{TRASH_LABELS[item.type]}</Table.Td>
                    <Table.Td>{item.label}</Table.Td>
                    <Table.Td>
                      <time dateTime={item.deletedAt}>{formatMoment(item.deletedAt)}</time>
                    </Table.Td>
                    <Table.Td>{item.deletedBy ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRestore size={16} aria-hidden />}
                          aria-label={`Restore ${item.label}`}
                          loading={restore.isPending && restore.variables.id === item._id}
                          onClick={() => onRestore(item)}
                        >
                          Restore
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconTrashX size={16} aria-hidden />}
                          aria-label={`Delete forever ${item.label}`}
                          onClick={() => setToPurge(item)}
                        >
                          Delete forever
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListBody>

      <ListPages pages={pages} page={page} onChange={setPage} label="Trash pages" />

      <ConfirmDialog
        opened={toPurge !== null}
        title="Delete forever"
        message={`Delete ${toPurge?.label ?? ''} forever? This cannot be undone: its files are deleted too.`}
        confirmLabel="Delete forever"
        loading={purge.isPending}
        onConfirm={confirmPurge}
        onCancel={() => setToPurge(null)}
      />
    </Stack>
  );
}
