import type { BulkDeleteType } from '@portal/contract';
import { useUndoDelete } from '../hooks/use-undo-delete';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { type BulkDialogProps, selectionCount, useBulkDelete } from './bulk-bar';
import { ConfirmDialog } from './confirm-dialog';
import { commonWords } from './words';

/** Confirms a bulk delete (to the trash, restorable for 30 days), runs it, and offers its Undo. */
export function BulkDeleteDialog({
  type,
  noun,
  selection,
  onClose,
  onDone,
}: BulkDialogProps & {
  type: BulkDeleteType;
  /** Plural, lower case, in the screens' language: "users". */
  noun: string;
}) {
  const { t } = useT(commonWords);
  const remove = useBulkDelete(type);
  const undoDelete = useUndoDelete();
  const count = selection ? selectionCount(selection) : 0;
  return (
    <ConfirmDialog
      opened={selection !== null}
      title={t('common.ui.bulkDelete.title', { noun })}
      message={t('common.ui.bulkDelete.message', { count, noun })}
      confirmLabel={t('common.ui.delete')}
      loading={remove.isPending}
      onConfirm={() =>
        selection &&
        remove.mutate(selection, {
          onSuccess: (result) => {
            // Issue 16: the same Undo as a single delete's, for every record it moved.
            undoDelete({ type, ids: result.ids, title: t('common.ui.bulkDelete.done'), message: result.message });
            onDone();
          },
          onError: (err) => {
            toast.error(t('common.ui.bulkDelete.failed'), errorMessage(err, t('common.ui.bulkDelete.error')));
            onClose();
          },
        })
      }
      onCancel={onClose}
    />
  );
}
