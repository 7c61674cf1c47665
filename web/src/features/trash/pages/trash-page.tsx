import { Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { TRASH_MESSAGES, TRASH_RETENTION_DAYS, TRASH_TYPES, type TrashItem, type TrashType } from '@portal/contract';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListBody, ListPages, SearchBox } from '../../../components/paged-list';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { NO_VALUE, useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteForever, useRestore, useTrash } from '../api/use-trash';
import { formatMoment } from '../../../lib/dates';
import { trashWords } from '../words';

const PAGE_SIZE = 20;

/** Each kind of record's name (the contract's TRASH_LABELS in English), by its key. */
const TYPE_KEY = {
  user: 'trash.type.user',
  certificate: 'trash.type.certificate',
  report: 'trash.type.report',
  job: 'trash.type.job',
  notification: 'trash.type.notification',
} as const satisfies Record<TrashType, string>;

/**
 * Issue 16 (decision 0017): what was deleted in the last 30 days, newest first, by type. Restore
 * brings an item back where it was; "Delete forever" (confirmed) removes it and its files.
 */
export default function TrashPage() {
  const { t } = useT(trashWords);
  const { search, setSearch, q, page, setPage, offset, limit, pagesFor } = usePagedSearch(PAGE_SIZE);
  const [type, setType] = useState<TrashType | ''>('');
  const [toPurge, setToPurge] = useState<TrashItem | null>(null);
  const list = useTrash({ type, q, offset, limit });
  const restore = useRestore();
  const purge = useDeleteForever();
  const pages = pagesFor(list.data?.total ?? 0);
  const typeOptions = [
    { value: '', label: t('trash.allTypes') },
    ...TRASH_TYPES.map((value) => ({ value, label: t(TYPE_KEY[value]) })),
  ];

  const onRestore = (item: TrashItem) =>
    restore.mutate(
      { type: item.type, id: item._id },
      {
        onSuccess: (result) =>
          toast.success(
            // The server's word for it, in the reader's language when it is the usual one.
            result.message === TRASH_MESSAGES.restored ? t('trash.restored.title') : result.message,
            t('trash.restored.message', { item: item.label }),
          ),
        onError: (err) =>
          toast.error(t('trash.restoreFailed.title'), errorMessage(err, t('trash.restoreFailed.message'))),
      },
    );

  const confirmPurge = () => {
    if (!toPurge) return;
    purge.mutate(
      { type: toPurge.type, id: toPurge._id },
      {
        onSuccess: () => {
          toast.success(t('trash.deleted.title'), t('trash.deleted.message', { item: toPurge.label }));
          if (list.data?.items.length === 1) setPage(page - 1);
          setToPurge(null);
        },
        onError: (err) => {
          toast.error(t('common.error'), errorMessage(err, t('trash.deleteFailed.message')));
          setToPurge(null);
        },
      },
    );
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchBox
            label={t('trash.search.label')}
            placeholder={t('trash.search.placeholder')}
            value={search}
            onChange={setSearch}
          />
          <Select
            label={t('trash.filter.type')}
            data={typeOptions}
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
          {t('trash.retention', { days: TRASH_RETENTION_DAYS })}
        </Text>
      </Group>

      <ListBody
        query={list}
        loading={t('trash.loading')}
        error={t('trash.loadFailed')}
        empty={
          q || type
            ? { title: t('trash.empty.filteredTitle'), description: t('trash.empty.filteredText') }
            : { title: t('trash.empty.title'), description: t('trash.empty.text') }
        }
      >
        {({ items }) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('trash.column.type')}</Table.Th>
                  <Table.Th scope="col">{t('trash.column.item')}</Table.Th>
                  <Table.Th scope="col">{t('trash.column.deleted')}</Table.Th>
                  <Table.Th scope="col">{t('trash.column.deletedBy')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('trash.column.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.type}-${item._id}`}>
                    <Table.Td>{t(TYPE_KEY[item.type])}</Table.Td>
                    <Table.Td dir="auto">{item.label}</Table.Td>
                    <Table.Td>
                      <time dateTime={item.deletedAt}>{formatMoment(item.deletedAt)}</time>
                    </Table.Td>
                    <Table.Td dir="auto">{item.deletedBy ?? NO_VALUE}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRestore size={16} aria-hidden />}
                          aria-label={t('trash.restoreItem', { item: item.label })}
                          loading={restore.isPending && restore.variables.id === item._id}
                          onClick={() => onRestore(item)}
                        >
                          {t('trash.restore')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconTrashX size={16} aria-hidden />}
                          aria-label={t('trash.deleteForeverItem', { item: item.label })}
                          onClick={() => setToPurge(item)}
                        >
                          {t('trash.deleteForever')}
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

      <ListPages pages={pages} page={page} onChange={setPage} label={t('trash.pages')} />

      <ConfirmDialog
        opened={toPurge !== null}
        title={t('trash.confirm.title')}
        message={t('trash.confirm.message', { item: toPurge?.label ?? '' })}
        confirmLabel={t('trash.confirm.submit')}
        loading={purge.isPending}
        onConfirm={confirmPurge}
        onCancel={() => setToPurge(null)}
      />
    </Stack>
  );
}
