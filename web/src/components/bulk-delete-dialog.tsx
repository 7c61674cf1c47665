import type { BulkDeleteType } from '@portal/contract';
import { useUndoDelete } from '../hooks/use-undo-delete';
import { errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { type BulkDialogProps, selectionCount, useBulkDelete } from './bulk-bar';
import { ConfirmDialog } from './confirm-dialog';

/** Confirms a bulk delete (to the trash, restorable for 30 days), runs it, and offers its Undo. */
export function BulkDeleteDialog({
  type,
  noun,
  selection,
  onClose,
  onDone,
}: BulkDialogProps & {
  type: BulkDeleteType;
  /** Plural, lower case: "users". */
  noun: string;
}) {
  const remove = useBulkDelete(type);
  const undoDelete = useUndoDelete();
  const count = selection ? selectionCount(selection) : 0;
  return (
    <ConfirmDialog
      opened={selection !== null}
      title={`Delete ${noun}`}
      message={`Move ${count} ${noun} to the trash? They can be restored from the Trash for 30 days.`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={() =>
        selection &&
        remove.mutate(selection, {
          onSuccess: (result) => {
            // Issue 16: the same Undo as a single delete's, for every record it moved.
            undoDelete({ type, ids: result.ids, title: 'Deleted', message: result.message });
            onDone();
          },
          onError: (err) => {
            toast.error('Not deleted', errorMessage(err, 'Unable to delete. Please try again.'));
            onClose();
          },
        })
      }
      onCancel={onClose}
    />
  );
}
