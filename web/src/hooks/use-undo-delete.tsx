import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messageBody, TRASH_LABELS, type TrashType, UNDO_MS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../lib/toast';

/** POST /api/trash/{type}/{id}/restore (issue 16, decision 0017). */
export const restoreFromTrash = (type: TrashType, id: string) =>
  api('POST', `/api/trash/${type}/${encodeURIComponent(id)}/restore`, { schema: messageBody });

/**
 * Issue 16: a delete moves the record to the trash, so its toast (the spec's texts, kept) offers
 * "Undo" for 10 seconds. Undo restores it and refetches every list in place.
 */
export function useUndoDelete() {
  const queryClient = useQueryClient();
  return ({ type, id, title, message }: { type: TrashType; id: string; title: string; message: string }) => {
    const toastId = `undo-${type}-${id}`;
    const undo = () => {
      notifications.hide(toastId);
      restoreFromTrash(type, id).then(
        () => {
          toast.success('Restored', `The ${TRASH_LABELS[type].toLowerCase()} is back.`);
          return queryClient.invalidateQueries();
        },
        (err: unknown) => toast.error('Error', errorMessage(err, 'Unable to undo the delete. Please try again.')),
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
          <Button size="compact-sm" variant="light" onClick={undo}>
            Undo
          </Button>
        </Group>
      ),
    });
  };
}
