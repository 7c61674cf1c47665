import { Badge, Button, Group, Modal, Table } from '@mantine/core';
import type { User } from '@portal/contract';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { NO_VALUE, useT } from '../../../i18n/use-t';
import { formatDay, formatMoment } from '../../../lib/dates';
import { usersWords } from '../words';

interface UserDetailsDialogProps {
  user: User | null;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NO_VALUE : String(value);

/** spec §2: 'User Details' with 'Edit User' and 'Delete User'. */
export function UserDetailsDialog({ user, onClose, onEdit, onDelete }: UserDetailsDialogProps) {
  const { t } = useT(usersWords);
  // The member's own words (a name, an address) in their own direction; the portal's in the reader's.
  const rows: [string, string, 'auto' | undefined][] = user
    ? [
        [t('users.field.name'), dash(user.name), 'auto'],
        [t('users.field.email'), dash(user.email), 'auto'],
        [t('users.field.certificateNo'), dash(user.certificateNo), 'auto'],
        [t('users.field.gender'), dash(user.gender), 'auto'],
        [t('users.field.job'), dash(user.job), 'auto'],
        [t('users.field.age'), dash(user.age), undefined],
        [t('users.field.phoneNo'), dash(user.phoneNo), 'auto'],
        [t('users.field.area'), dash(user.address.area), 'auto'],
        [t('users.field.state'), dash(user.address.state), 'auto'],
        [t('users.field.country'), dash(user.address.country), 'auto'],
        [t('users.field.postalCode'), dash(user.address.postalCode), 'auto'],
        [t('users.field.verified'), user.isVerified ? t('users.yes') : t('users.no'), undefined],
        [t('users.field.joined'), formatDay(user.createdAt), undefined],
        [t('users.field.lastLogin'), user.lastLogin ? formatMoment(user.lastLogin) : NO_VALUE, undefined],
      ]
    : [];
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('users.details.title')}
      centered
      closeButtonProps={{ 'aria-label': t('users.details.close') }}
      size="lg"
    >
      {user?.isAdmin && (
        <Badge mb="sm" variant="light">
          {t('users.field.administrator')}
        </Badge>
      )}
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value, dir]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" scope="row">
                {label}
              </Table.Th>
              <Table.Td dir={dir} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="lg">
        <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          {t('users.editUser')}
        </Button>
        <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          {t('users.deleteUser')}
        </Button>
      </Group>
    </Modal>
  );
}
