import { EDIT_CONFLICT_STATUS, editConflictBody, IF_MATCH_HEADER, versionTag } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from './api';

/**
 * Issue 16 (decision 0015): an edit sends the version its form was opened at, and the server
 * refuses it with 412 when someone saved in between.
 */
export const ifMatch = (version: number | undefined): Record<string, string> | undefined =>
  version === undefined ? undefined : { [IF_MATCH_HEADER]: versionTag(version) };

/** Whether a failed call is the 412 of a stale edit. */
export const isEditConflict = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === EDIT_CONFLICT_STATUS;

/** The record as someone else saved it, from the 412 answer; null for any other failure. */
export function conflictCurrent<S extends z.ZodType>(err: unknown, schema: S): z.infer<S> | null {
  if (!isEditConflict(err)) return null;
  const body = editConflictBody.safeParse(err.body);
  if (!body.success) return null;
  const current = schema.safeParse(body.data.current);
  return current.success ? (current.data as z.infer<S>) : null;
}
