import { Badge, Button, Group, Modal, Table } from '@mantine/core';
import type { User } from '@portal/contract';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { formatDay, formatMoment } from '../../../lib/dates';

interface UserDetailsDialogProps {
  user: User | null;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** spec §2: 'User Details' with 'Edit User' and 'Delete User'. */
export function UserDetailsDialog({ user, onClose, onEdit, onDelete }: UserDetailsDialogProps) {
  const rows: [string, string][] = user
    ? [
        ['Name', dash(user.name)],
        ['Email', dash(user.email)],
        ['Certificate No', dash(user.certificateNo)],
        ['Gender', dash(user.gender)],
        ['Job', dash(user.job)],
        ['Age', dash(user.age)],
        ['Phone No', dash(user.phoneNo)],
        ['Area', dash(user.address.area)],
        ['State', dash(user.address.state)],
        ['Country', dash(user.address.country)],
        ['Postal Code', dash(user.address.postalCode)],
        ['Verified', user.isVerified ? 'Yes' : 'No'],
        ['Joined', formatDay(user.createdAt)],
        ['Last login', user.lastLogin ? formatMoment(user.lastLogin) : '—'],
      ]
    : [];
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="User Details"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {user?.isAdmin && (
        <Badge mb="sm" variant="light">
          Administrator
        </Badge>
      )}
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="lg">
        <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          Edit User
        </Button>
        <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete User
        </Button>
      </Group>
    </Modal>
  );
}
