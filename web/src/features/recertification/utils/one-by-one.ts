import { errorMessage } from '../../../lib/api';

export interface OneByOneOutcome {
  succeeded: string[];
  failed: { id: string; message: string }[];
}

/**
 * Issue 33's bulk decisions: the per-application endpoint called for each id in turn, never two
 * at once (each locks its certificate), going on past a refusal; answers which went through and,
 * for the others, the server's message (`fallback` when it gave none: the caller's words, in its
 * language). `onProgress` hears how many are done.
 */
export async function runOneByOne(
  ids: readonly string[],
  call: (id: string) => Promise<unknown>,
  onProgress?: (done: number) => void,
  fallback = 'The request failed. Please try again.',
): Promise<OneByOneOutcome> {
  const outcome: OneByOneOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await call(id);
      outcome.succeeded.push(id);
    } catch (err) {
      outcome.failed.push({ id, message: errorMessage(err, fallback) });
    }
    onProgress?.(outcome.succeeded.length + outcome.failed.length);
  }
  return outcome;
}
