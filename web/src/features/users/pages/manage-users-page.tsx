import { Button, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { apiPath, type User } from '@portal/contract';
import { useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteUser, useManageUsers } from '../api/use-manage-users';
import { EditUserDialog } from '../components/edit-user-dialog';
import { UserDetailsDialog } from '../components/user-details-dialog';
import { usersWords } from '../words';

const PAGE_SIZE = 20;

type Open = { dialog: 'details' | 'edit' | 'delete'; user: User } | null;

/** spec §2 admin users: a search on name or e-mail, a table, and View / Edit / Delete dialogs. */
export default function ManageUsersPage() {
  const { t } = useT(usersWords);
  const paging = usePagedSearch(PAGE_SIZE);
  const { q, offset, limit } = paging;
  const [open, setOpen] = useState<Open>(null);
  const list = useManageUsers({ q, offset, limit });
  const remove = useDeleteUser();
  // Issue 16: ticked rows (kept across pages), or all matching, deleted in one go.
  const rows = useRowSelection();

  // The dialogs show the freshest copy of the user once the list is refetched.
  const current = open && (list.data?.items.find((u) => u._id === open.user._id) ?? open.user);

  return (
    <>
      <AdminListPage
        search={{ label: t('users.search.label'), placeholder: t('users.search.placeholder') }}
        exportHref={apiPath('/api/users/export.csv', undefined, { q: q || undefined })}
        bulk={{ rows, q, type: 'user', noun: t('users.bulk.noun') }}
        list={list}
        loading={t('users.loading')}
        error={t('users.loadFailed')}
        empty={
          q
            ? { title: t('users.empty.searchTitle'), description: t('users.empty.searchText') }
            : { title: t('users.empty.title'), description: t('users.empty.text') }
        }
        paging={paging}
        pagesLabel={t('users.pages')}
      >
        {({ items }) => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={t('users.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>{t('users.table.select')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('users.field.name')}</Table.Th>
                  <Table.Th>{t('users.field.email')}</Table.Th>
                  <Table.Th>{t('users.field.certificateNo')}</Table.Th>
                  <Table.Th>{t('users.field.gender')}</Table.Th>
                  <Table.Th>{t('users.field.job')}</Table.Th>
                  <Table.Th>{t('users.field.age')}</Table.Th>
                  <Table.Th>{t('users.table.view')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((u) => (
                  <Table.Tr key={u._id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('users.table.selectUser', { email: u.email })}
                        checked={rows.isSelected(u._id)}
                        onChange={(e) => rows.toggle(u._id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td dir="auto">{u.name}</Table.Td>
                    <Table.Td dir="auto">{u.email}</Table.Td>
                    <Table.Td dir="auto">{u.certificateNo}</Table.Td>
                    <Table.Td dir="auto">{u.gender}</Table.Td>
                    <Table.Td dir="auto">{u.job}</Table.Td>
                    <Table.Td>{u.age ?? ''}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setOpen({ dialog: 'details', user: u })}>
                        {t('users.table.view')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </AdminListPage>

      <UserDetailsDialog
        user={open?.dialog === 'details' ? current : null}
        onClose={() => setOpen(null)}
        onEdit={() => current && setOpen({ dialog: 'edit', user: current })}
        onDelete={() => current && setOpen({ dialog: 'delete', user: current })}
      />
      <EditUserDialog
        // The copy taken when the dialog opened: a refetch does not reset what is being typed.
        user={open?.dialog === 'edit' ? open.user : null}
        onClose={() => current && setOpen({ dialog: 'details', user: current })}
        onSaved={(saved) => current && setOpen({ dialog: 'details', user: saved ?? current })}
      />
      <DeleteDialog
        id={open?.dialog === 'delete' && current ? current._id : null}
        title={t('users.deleteUser')}
        message={t('users.delete.question', { name: current?.name ?? '', email: current?.email ?? '' })}
        type="user"
        remove={remove}
        deleted={{ title: t('users.deleted.title'), message: t('users.deleted.message') }}
        list={list}
        paging={paging}
        // The server refuses to delete the last admin or yourself, and says why.
        onError={(err) =>
          toast.error(t('users.deleteFailed.title'), errorMessage(err, t('users.deleteFailed.message')))
        }
        // Cancelled or refused: back to the user's details.
        onClose={() => current && setOpen({ dialog: 'details', user: current })}
        onDeleted={() => setOpen(null)}
      />
    </>
  );
}
