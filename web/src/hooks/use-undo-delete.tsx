import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { apiPath, bulkResult, messageBody, type TrashType, UNDO_MS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { commonWords } from '../components/words';
import { formatMessage } from '../i18n/format';
import { useT } from '../i18n/use-t';
import { api, errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { refreshAfterWrite } from '../lib/refresh';

/** POST /api/trash/{type}/{id}/restore (issue 16, decision 0017). */
export const restoreFromTrash = (type: TrashType, id: string) =>
  api('POST', apiPath('/api/trash/:type/:id/restore', { type, id }), { schema: messageBody });

/** POST /api/trash/restore: several records of one type back in one transaction (a bulk delete's Undo). */
export const restoreManyFromTrash = (type: TrashType, ids: string[]) =>
  api('POST', apiPath('/api/trash/restore'), { body: { type, ids }, schema: bulkResult });

/**
 * Issue 16: a delete moves the record to the trash, so its toast (the spec's texts, kept) offers
 * "Undo" for 10 seconds. Undo restores it and refetches every list in place. A bulk delete names
 * every id it moved (`ids`), and its Undo brings them all back in one call.
 */
export function useUndoDelete() {
  const queryClient = useQueryClient();
  const { t } = useT(commonWords);
  return ({
    type,
    title,
    message,
    ...records
  }: { type: TrashType; title: string; message: string } & ({ id: string } | { ids: string[] })) => {
    const ids = 'ids' in records ? records.ids : [records.id];
    const toastId = `undo-${type}-${ids[0] ?? ''}-${ids.length}`;
    const undo = () => {
      notifications.hide(toastId);
      const restoring = 'ids' in records ? restoreManyFromTrash(type, ids) : restoreFromTrash(type, records.id);
      restoring.then(
        () => {
          // Formatted when the answer comes: the language may have changed in the meantime.
          toast.success(
            formatMessage('common.ui.undo.restored', undefined, commonWords),
            formatMessage('common.ui.undo.back', { type, count: ids.length }, commonWords),
          );
          return refreshAfterWrite(queryClient);
        },
        (err: unknown) =>
          toast.error(
            formatMessage('common.error'),
            errorMessage(err, formatMessage('common.ui.undo.failed', undefined, commonWords)),
          ),
      );
    };
    notifications.show({
      id: toastId,
      title,
      color: 'green',
      autoClose: UNDO_MS,
      withCloseButton: true,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{message}</Text>
          {ids.length ? (
            <Button size="compact-sm" variant="light" onClick={undo}>
              {t('common.ui.undo.action')}
            </Button>
          ) : null}
        </Group>
      ),
    });
  };
}
