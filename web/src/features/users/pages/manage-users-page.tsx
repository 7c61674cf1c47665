import { Button, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { apiPath, type User } from '@portal/contract';
import { useState } from 'react';
import { AdminListPage, DeleteDialog } from '../../../components/admin-list-page';
import { useRowSelection } from '../../../components/bulk-bar';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteUser, useManageUsers } from '../api/use-manage-users';
import { EditUserDialog } from '../components/edit-user-dialog';
import { UserDetailsDialog } from '../components/user-details-dialog';

const PAGE_SIZE = 20;

type Open = { dialog: 'details' | 'edit' | 'delete'; user: User } | null;

/** spec §2 admin users: a search on name or e-mail, a table, and View / Edit / Delete dialogs. */
export default function ManageUsersPage() {
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
        search={{ label: 'Search users', placeholder: 'Search by name or email...' }}
        exportHref={apiPath('/api/users/export.csv', undefined, { q: q || undefined })}
        bulk={{ rows, q, type: 'user', noun: 'users' }}
        list={list}
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
        paging={paging}
        pagesLabel="User pages"
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
        title="Delete User"
        message={`Are you sure you want to delete ${current?.name ?? ''} (${current?.email ?? ''})?`}
        type="user"
        remove={remove}
        deleted={{ title: 'User Deleted', message: 'The user has been deleted successfully.' }}
        list={list}
        paging={paging}
        // The server refuses to delete the last admin or yourself, and says why.
        onError={(err) =>
          toast.error('User not deleted.', errorMessage(err, 'The user could not be deleted. Please try again.'))
        }
        // Cancelled or refused: back to the user's details.
        onClose={() => current && setOpen({ dialog: 'details', user: current })}
        onDeleted={() => setOpen(null)}
      />
    </>
  );
}
