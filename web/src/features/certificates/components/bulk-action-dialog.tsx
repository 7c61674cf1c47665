import { type ReactNode, useState } from 'react';
import type { BulkDialogProps, ListSelection } from '../../../components/bulk-bar';
import { FormDialog } from '../../../components/form-dialog';
import { toast } from '../../../lib/toast';

/** What a bulk action's submit can tell its dialog. */
interface BulkOutcome {
  /** A failure, said in the dialog; null: none. */
  setError: (message: string | null) => void;
  /** The action is done: its toast says how it went, and the list takes over. */
  done: (title: string, result: { message: string }) => void;
}

export interface BulkActionDialogProps extends BulkDialogProps {
  title: string;
  submitLabel: ReactNode;
  /** The action runs: its button spins. */
  pending: boolean;
  /** Sends the action for the chosen certificates. */
  onSubmit: (selection: ListSelection, outcome: BulkOutcome) => void;
  children: ReactNode;
}

/**
 * Issues 15 and 16: the dialog of an action on the chosen certificates, open while there is a
 * choice. A failure is said in it, and forgotten on closing. The action goes on if the dialog is
 * left: its toast still says how it went.
 */
export function BulkActionDialog({ selection, onClose, onDone, onSubmit, ...dialog }: BulkActionDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const done = (title: string, result: { message: string }) => {
    toast.success(title, result.message);
    setError(null);
    onDone();
  };
  return (
    <FormDialog
      {...dialog}
      opened={selection !== null}
      onClose={close}
      locked={false}
      error={error}
      onSubmit={(e) => {
        e.preventDefault();
        if (selection) onSubmit(selection, { setError, done });
      }}
    />
  );
}
