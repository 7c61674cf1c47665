import { Group, Stack } from '@mantine/core';
import type { BulkDeleteType, CertificateFilters, TrashType } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { PagedSearch } from '../hooks/use-paged-search';
import { useUndoDelete } from '../hooks/use-undo-delete';
import { type BulkAction, BulkBar, type ListSelection, type RowSelection } from './bulk-bar';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { ConfirmDialog } from './confirm-dialog';
import type { EmptyStateProps } from './empty-state';
import { ExportCsvButton, ListBody, type ListQuery, ListPages, SearchBox } from './paged-list';
import { commonWords } from './words';

/**
 * Where a list is: usePagedSearch's answer (its search box's text too), or a page the screen
 * keeps itself.
 */
type Paging = Pick<PagedSearch, 'page' | 'setPage' | 'pagesFor'> & Partial<Pick<PagedSearch, 'search' | 'setSearch'>>;

/**
 * Issue 32: the one shape of an admin list screen. A toolbar (a heading or the search box, the
 * sort and filters, "Export CSV", the screen's actions), the bulk bar with its Delete (to the
 * trash), the list's loading, error and empty states, and its pages. The screen gives its own
 * texts (the spec's) and renders its own items; its dialogs stay beside this.
 */
export function AdminListPage<D extends { items: readonly unknown[]; total: number }>({
  heading,
  search,
  tools,
  exportHref,
  actions,
  bulk,
  list,
  paging,
  loading,
  error,
  empty,
  pagesLabel,
  children,
}: {
  /** A title at the start of the toolbar, for a list without a search box. */
  heading?: ReactNode;
  /** The search box's name and hint; it searches through `paging` (usePagedSearch). */
  search?: { label: string; placeholder: string };
  /** The sort and filters (a ListTools). */
  tools?: ReactNode;
  /** The list's CSV export, with what is on screen (issue 16). */
  exportHref?: string;
  /** The screen's buttons at the end of the toolbar: "Add New" and the like. */
  actions?: ReactNode;
  /**
   * Rows ticked for bulk actions (issue 16): the screen's own actions, then Delete, which moves
   * the selection (`type`, "`noun`" in its texts) to the trash; without `type`, no Delete (a list
   * whose records are not deleted: issue 33's renewals). "All matching" carries `q` and
   * `filters`; `ticked` offers only the rows ticked, for actions taken one record at a time.
   */
  bulk?: {
    rows: RowSelection;
    q: string;
    filters?: CertificateFilters | undefined;
    actions?: BulkAction[];
    ticked?: boolean;
  } & ({ type: BulkDeleteType; noun: string } | { type?: never; noun?: never });
  list: ListQuery<D>;
  paging: Paging;
  /** ListBody's texts: the loader's name, the error, the empty state. */
  loading: string;
  error: string | ((err: unknown) => ReactNode);
  empty: string | EmptyStateProps;
  pagesLabel: string;
  children: (page: D) => ReactNode;
}) {
  const { t } = useT(commonWords);
  const [bulkDelete, setBulkDelete] = useState<ListSelection | null>(null);
  const total = list.data?.total ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        {heading}
        {search && paging.setSearch ? (
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            value={paging.search ?? ''}
            onChange={paging.setSearch}
          />
        ) : null}
        {tools}
        {exportHref || actions ? (
          <Group gap="xs">
            {exportHref ? <ExportCsvButton href={exportHref} /> : null}
            {actions}
          </Group>
        ) : null}
      </Group>

      {bulk ? (
        <>
          <BulkBar
            rows={bulk.rows}
            total={total}
            q={bulk.q}
            filters={bulk.filters}
            ticked={bulk.ticked}
            actions={[
              ...(bulk.actions ?? []),
              ...(bulk.type
                ? [
                    {
                      verb: t('common.ui.delete'),
                      color: 'red',
                      icon: <IconTrash size={16} aria-hidden />,
                      run: setBulkDelete,
                    },
                  ]
                : []),
            ]}
          />
          {bulk.type ? (
            <BulkDeleteDialog
              type={bulk.type}
              noun={bulk.noun}
              selection={bulkDelete}
              onClose={() => setBulkDelete(null)}
              onDone={() => {
                setBulkDelete(null);
                bulk.rows.clear();
              }}
            />
          ) : null}
        </>
      ) : null}

      <ListBody query={list} loading={loading} error={error} empty={empty}>
        {children}
      </ListBody>

      <ListPages pages={paging.pagesFor(total)} page={paging.page} onChange={paging.setPage} label={pagesLabel} />
    </Stack>
  );
}

interface TrashDelete {
  type: TrashType;
  /** The screen's delete mutation, called with the record's id. */
  remove: {
    mutate: (id: string, on: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
    isPending: boolean;
  };
  /** The toast that offers Undo: the screen's texts. */
  deleted: { title: string; message: string };
  /** The list the record is on, and its page. */
  list: { data?: { items: readonly unknown[] } | undefined };
  paging: Pick<Paging, 'page' | 'setPage'>;
}

/**
 * Issue 16: deletes one record of an admin list. It goes to the trash and its toast offers Undo;
 * when it was the last item of its page, the list shows the page before.
 */
export function useTrashDelete({ type, remove, deleted, list, paging }: TrashDelete) {
  const undoDelete = useUndoDelete();
  return (id: string, { onDone, onError }: { onDone?: () => void; onError: (err: unknown) => void }) =>
    remove.mutate(id, {
      onSuccess: () => {
        undoDelete({ type, id, ...deleted });
        if (list.data?.items.length === 1) paging.setPage(Math.max(1, paging.page - 1));
        onDone?.();
      },
      onError,
    });
}

/** The question before a single delete (`id`: the record asked about; null: closed), then the delete. */
export function DeleteDialog({
  id,
  title,
  message,
  onError,
  onClose,
  onDeleted,
  ...trash
}: TrashDelete & {
  id: string | null;
  title: string;
  message: string;
  /** The failure's toast; then `onClose`. */
  onError: (err: unknown) => void;
  /** Cancelled, or failed. */
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useT(commonWords);
  const trashDelete = useTrashDelete(trash);
  return (
    <ConfirmDialog
      opened={id !== null}
      title={title}
      message={message}
      confirmLabel={t('common.ui.delete')}
      loading={trash.remove.isPending}
      onConfirm={() =>
        id !== null &&
        trashDelete(id, {
          onDone: onDeleted,
          onError: (err) => {
            onError(err);
            onClose();
          },
        })
      }
      onCancel={onClose}
    />
  );
}
