import { z } from 'zod';
import { MAX_BULK_SELECTION } from './bulk';
import { idParams, isoDateTime, listQuery } from './common';

/** Issue 16: what a delete moves to the trash (decision 0017). */
export const TRASH_TYPES = ['user', 'certificate', 'report', 'job', 'notification'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** Days an item stays in the trash before it is deleted for good. */
export const TRASH_RETENTION_DAYS = 30;

/** How long a delete toast offers its Undo (ms). */
export const UNDO_MS = 10_000;

export const TRASH_LABELS: Record<TrashType, string> = {
  user: 'User',
  certificate: 'Certificate',
  report: 'Report',
  job: 'Job',
  notification: 'Notification',
};

/** GET /api/trash: newest first, of one type or all. */
export const trashListQuery = listQuery.extend({ type: z.enum(TRASH_TYPES).optional() });
export type TrashListQuery = z.input<typeof trashListQuery>;

export const trashItem = z.object({
  type: z.enum(TRASH_TYPES),
  _id: z.string(),
  /** What the record is, in a few words (name and e-mail, number and name, title…). */
  label: z.string(),
  deletedAt: isoDateTime,
  /** The e-mail of the admin who deleted it, when that account still exists. */
  deletedBy: z.string().nullable(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashParams = idParams.extend({ type: z.enum(TRASH_TYPES) });

/**
 * POST /api/trash/restore: brings several records of one type back at once, in one transaction
 * (the Undo of a bulk delete, which answers the ids it moved). All or none: 404 when one is not in
 * the trash, 409 with the reason when one cannot come back.
 */
export const trashRestoreBody = z.strictObject({
  type: z.enum(TRASH_TYPES),
  ids: z
    .array(z.uuid({ message: 'Not a valid id' }))
    .min(1, 'Name at least one record to restore')
    .max(MAX_BULK_SELECTION, `At most ${MAX_BULK_SELECTION} records can be restored at once`),
});
export type TrashRestoreBody = z.input<typeof trashRestoreBody>;

export const TRASH_MESSAGES = {
  notInTrash: 'Not in the trash',
  restored: 'Restored',
  deletedForever: 'Deleted forever',
  emailTaken: 'This account cannot be restored: another account uses its e-mail now.',
  numberTaken: 'This certificate cannot be restored: another certificate has its number now.',
} as const;
