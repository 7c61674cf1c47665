/**
 * Issue 19, step-up: the server answers 401 `{ stepUp: true }` to the most sensitive acts (an SSN
 * revealed, the HMIS export, an admin flag changed) unless the session gave its second factor (or,
 * without one, the password) in the last 5 minutes. The API client then asks the step-up dialog
 * (features/auth/components/step-up-dialog.tsx), which registers itself here, and retries once.
 */
type Confirm = () => Promise<boolean>;
let confirm: Confirm | undefined;

/** The dialog registers how to ask; answers a function that unregisters it. */
export function setStepUpConfirm(next: Confirm) {
  confirm = next;
  return () => {
    if (confirm === next) confirm = undefined;
  };
}

/** Whether an error body asks for a step-up. */
export const asksStepUp = (status: number, body: unknown) =>
  status === 401 && typeof body === 'object' && body !== null && (body as { stepUp?: unknown }).stepUp === true;

/** Asks the person to confirm; false when they cancel or no dialog is there to ask. */
export const confirmStepUp = () => (confirm ? confirm() : Promise.resolve(false));
