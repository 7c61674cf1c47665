import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { NotificationBody } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AdminListPage, useTrashDelete } from '../../../components/admin-list-page';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { NotificationText } from '../components/notification-text';
import {
  checkNotification,
  useAddNotification,
  useDeleteNotification,
  useManageNotifications,
} from '../api/use-notification-mutations';

const PAGE_SIZE = 20;
const EMPTY: NotificationBody = { title: '', message: '', link: '' };

function AddNotificationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState<NotificationBody>(EMPTY);
  const add = useAddNotification();
  const set = (field: keyof NotificationBody) => (e: { currentTarget: { value: string } }) => {
    // Read now: the event's target is gone by the time an updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const close = () => {
    setValues(EMPTY);
    add.reset();
    onClose();
  };

  const submit = () => {
    const check = checkNotification(values);
    if (!check.ok) {
      toast[check.kind](check.title, check.message);
      return;
    }
    // Show what will be saved (spec §5: the link got https://).
    setValues(check.body);
    add.mutate(check.body, {
      onSuccess: () => {
        toast.success('Notification Added.', 'The notification has been successfully added.');
        close();
      },
      onError: (err) => toast.error('Error adding notification.', errorMessage(err, 'Please try again.')),
    });
  };

  return (
    <Modal
      opened={opened}
      // Not while saving: the result (and its toast) would be lost.
      onClose={() => !add.isPending && close()}
      title="Add Notification"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label="Title" value={values.title} onChange={set('title')} />
          <Textarea label="Message" autosize minRows={3} value={values.message} onChange={set('message')} />
          <TextInput label="Link" placeholder="e.g. example.org" value={values.link} onChange={set('link')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** spec §2 admin notifications: add (dialog), list with delete icons, spinner while loading. */
export default function ManageNotificationsPage() {
  const [page, setPage] = useState(1);
  const paging = { page, setPage, pagesFor: (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  const [adding, setAdding] = useState(false);
  const list = useManageNotifications({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const remove = useDeleteNotification();
  // The icon deletes at once: the toast offers Undo (issue 16).
  const trashDelete = useTrashDelete({
    type: 'notification',
    remove,
    deleted: { title: 'Notification Deleted.', message: 'The notification has been successfully deleted.' },
    list,
    paging,
  });

  useEffect(() => {
    if (list.isError) toast.error('Error fetching notifications.', errorMessage(list.error, 'Please try again.'));
  }, [list.isError, list.error]);

  const del = (id: string) =>
    trashDelete(id, {
      onError: (err) => toast.error('Error deleting notification.', errorMessage(err, 'Please try again.')),
    });

  return (
    <>
      <AdminListPage
        heading={<Title order={2}>Manage Notifications</Title>}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Notification
          </Button>
        }
        list={list}
        loading="Loading notifications"
        error={() => <Text c="red">Error fetching notifications.</Text>}
        empty={{
          title: 'No notifications available.',
          description: "A notification you add appears in every member's top bar.",
          action: (
            <Button variant="light" onClick={() => setAdding(true)}>
              Add a notification
            </Button>
          ),
        }}
        paging={paging}
        pagesLabel="Notification pages"
      >
        {({ items }) => (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((n) => (
              <Card key={n._id} component="li" withBorder padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <NotificationText notification={n} />
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete notification ${n.title}`}
                    loading={remove.isPending && remove.variables === n._id}
                    onClick={() => del(n._id)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </AdminListPage>

      <AddNotificationDialog opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
