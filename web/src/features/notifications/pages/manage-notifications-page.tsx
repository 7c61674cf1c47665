import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { NotificationBody } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AdminListPage, useTrashDelete } from '../../../components/admin-list-page';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { NotificationText } from '../components/notification-text';
import {
  CHECK_MESSAGE_KEYS,
  checkNotification,
  useAddNotification,
  useDeleteNotification,
  useManageNotifications,
} from '../api/use-notification-mutations';
import { notificationsWords } from '../words';

const PAGE_SIZE = 20;
const EMPTY: NotificationBody = { title: '', message: '', link: '' };

function AddNotificationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useT(notificationsWords);
  /** checkNotification's texts in the reader's language; the contract's limits as they are. */
  const said = (text: string) =>
    Object.hasOwn(CHECK_MESSAGE_KEYS, text) ? t(CHECK_MESSAGE_KEYS[text as keyof typeof CHECK_MESSAGE_KEYS]) : text;
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
      toast[check.kind](said(check.title), said(check.message));
      return;
    }
    // Show what will be saved (spec §5: the link got https://).
    setValues(check.body);
    add.mutate(check.body, {
      onSuccess: () => {
        toast.success(t('notifications.form.added.title'), t('notifications.form.added.message'));
        close();
      },
      onError: (err) =>
        toast.error(t('notifications.form.addFailed'), errorMessage(err, t('notifications.manage.tryAgain'))),
    });
  };

  return (
    <Modal
      opened={opened}
      // Not while saving: the result (and its toast) would be lost.
      onClose={() => !add.isPending && close()}
      title={t('notifications.manage.add')}
      centered
      closeButtonProps={{ 'aria-label': t('notifications.form.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {/* What an admin types is shown in its own direction. */}
          <TextInput label={t('notifications.form.title')} dir="auto" value={values.title} onChange={set('title')} />
          <Textarea
            label={t('notifications.form.message')}
            autosize
            minRows={3}
            dir="auto"
            value={values.message}
            onChange={set('message')}
          />
          <TextInput
            label={t('notifications.form.link')}
            placeholder={t('notifications.form.linkPlaceholder')}
            dir="auto"
            value={values.link}
            onChange={set('link')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('notifications.form.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('notifications.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** spec §2 admin notifications: add (dialog), list with delete icons, spinner while loading. */
export default function ManageNotificationsPage() {
  const { t } = useT(notificationsWords);
  const [page, setPage] = useState(1);
  const paging = { page, setPage, pagesFor: (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  const [adding, setAdding] = useState(false);
  const list = useManageNotifications({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const remove = useDeleteNotification();
  // The icon deletes at once: the toast offers Undo (issue 16).
  const trashDelete = useTrashDelete({
    type: 'notification',
    remove,
    deleted: { title: t('notifications.manage.deleted.title'), message: t('notifications.manage.deleted.message') },
    list,
    paging,
  });

  useEffect(() => {
    if (list.isError) {
      toast.error(t('notifications.loadError'), errorMessage(list.error, t('notifications.manage.tryAgain')));
    }
    // The toast once per failure, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.isError, list.error]);

  const del = (id: string) =>
    trashDelete(id, {
      onError: (err) =>
        toast.error(t('notifications.manage.deleteFailed'), errorMessage(err, t('notifications.manage.tryAgain'))),
    });

  return (
    <>
      <AdminListPage
        heading={<Title order={2}>{t('notifications.manage.title')}</Title>}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('notifications.manage.add')}
          </Button>
        }
        list={list}
        loading={t('notifications.loading')}
        error={() => <Text c="red">{t('notifications.loadError')}</Text>}
        empty={{
          title: t('notifications.none'),
          description: t('notifications.manage.emptyDescription'),
          action: (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('notifications.manage.addFirst')}
            </Button>
          ),
        }}
        paging={paging}
        pagesLabel={t('notifications.manage.pages')}
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
                    aria-label={t('notifications.manage.delete', { title: n.title })}
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
