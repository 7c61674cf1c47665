import { Button, Checkbox, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { apiPath, type User } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ExportCsvButton, ListBody, ListPages, SearchBox } from '../../../components/paged-list';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteUser, useManageUsers } from '../api/use-manage-users';
import { EditUserDialog } from '../components/edit-user-dialog';
import { UserDetailsDialog } from '../components/user-details-dialog';
import { useUndoDelete } from '../../../hooks/use-undo-delete';
import { BulkBar, type ListSelection, useRowSelection } from '../../../components/bulk-bar';
import { BulkDeleteDialog } from '../../../components/bulk-delete-dialog';

const PAGE_SIZE = 20;

type Open = { dialog: 'details' | 'edit' | 'delete'; user: User } | null;

/** spec §2 admin users: a search on name or e-mail, a table, and View / Edit / Delete dialogs. */
export default function ManageUsersPage() {
  const { search, setSearch, q, page, setPage, offset, limit, pagesFor } = usePagedSearch(PAGE_SIZE);
  const [open, setOpen] = useState<Open>(null);
  const list = useManageUsers({ q, offset, limit });
  const remove = useDeleteUser();
  const undoDelete = useUndoDelete();
  // Issue 16: ticked rows (kept across pages), or all matching, deleted in one go.
  const rows = useRowSelection();
  const [bulkDelete, setBulkDelete] = useState<ListSelection | null>(null);
  const pages = pagesFor(list.data?.total ?? 0);

  // The dialogs show the freshest copy of the user once the list is refetched.
  const current = open && (list.data?.items.find((u) => u._id === open.user._id) ?? open.user);

  const confirmDelete = () => {
    if (!current) return;
    remove.mutate(current._id, {
      onSuccess: () => {
        undoDelete({
          type: 'user',
          id: current._id,
          title: 'User Deleted',
          message: 'The user has been deleted successfully.',
        });
        if (list.data?.items.length === 1) setPage(page - 1);
        setOpen(null);
      },
      // The server refuses to delete the last admin or yourself, and says why.
      onError: (err) => {
        toast.error('User not deleted.', errorMessage(err, 'The user could not be deleted. Please try again.'));
        setOpen({ dialog: 'details', user: current });
      },
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <SearchBox label="Search users" placeholder="Search by name or email..." value={search} onChange={setSearch} />
        <ExportCsvButton href={apiPath('/api/users/export.csv', undefined, { q: q || undefined })} />
      </Group>

      <BulkBar
        rows={rows}
        total={list.data?.total ?? 0}
        q={q}
        actions={[{ verb: 'Delete', color: 'red', icon: <IconTrash size={16} aria-hidden />, run: setBulkDelete }]}
      />

      <ListBody
        query={list}
        loading="Loading users"
        error="Unable to fetch users. Please try again."
        empty={
          q
            ? { title: 'No users match your search.', description: 'Try part of a name or an email address.' }
            : {
                title: 'No users found.',
                description: 'Members appear here once they sign up with a certificate on record.',
              }
        }
      >
        {({ items }) => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>Select</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Certificate No</Table.Th>
                  <Table.Th>Gender</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>View</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((u) => (
                  <Table.Tr key={u._id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select user ${u.email}`}
                        checked={rows.isSelected(u._id)}
                        onChange={(e) => rows.toggle(u._id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.certificateNo}</Table.Td>
                    <Table.Td>{u.gender}</Table.Td>
                    <Table.Td>{u.job}</Table.Td>
                    <Table.Td>{u.age ?? ''}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setOpen({ dialog: 'details', user: u })}>
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListBody>

      <BulkDeleteDialog
        type="user"
        noun="users"
        selection={bulkDelete}
        onClose={() => setBulkDelete(null)}
        onDone={() => {
          setBulkDelete(null);
          rows.clear();
        }}
      />
      <ListPages pages={pages} page={page} onChange={setPage} label="User pages" />

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
      <ConfirmDialog
        opened={open?.dialog === 'delete'}
        title="Delete User"
        message={`Are you sure you want to delete ${current?.name ?? ''} (${current?.email ?? ''})?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => current && setOpen({ dialog: 'details', user: current })}
      />
    </Stack>
  );
}
