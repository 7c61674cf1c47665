import { z } from 'zod';
import { dateInput, isoDateTime } from './common';
import { bulkResult, certificateSelectionShape, filtersWithSearch, MAX_BULK_SELECTION, oneSelection } from './bulk';

/** Issue 15: days before validTill a holder is reminded; 0 is "expires today". */
export const DEFAULT_REMINDER_OFFSETS = [60, 30, 7, 0] as const;
export const MAX_REMINDER_OFFSETS = 6;
export const MAX_REMINDER_OFFSET_DAYS = 365;

export const REMINDER_MESSAGES = {
  offset: `Each offset is a whole number of days from 0 to ${MAX_REMINDER_OFFSET_DAYS}`,
  tooMany: `At most ${MAX_REMINDER_OFFSETS} offsets`,
  duplicate: 'Each offset may appear only once',
} as const;

/** GET and PUT /api/settings/renewal-reminders. */
export const renewalReminderSettings = z.strictObject({
  offsetsDays: z
    .array(
      z
        .number({ error: REMINDER_MESSAGES.offset })
        .int({ error: REMINDER_MESSAGES.offset })
        .min(0, { error: REMINDER_MESSAGES.offset })
        .max(MAX_REMINDER_OFFSET_DAYS, { error: REMINDER_MESSAGES.offset }),
    )
    .max(MAX_REMINDER_OFFSETS, { error: REMINDER_MESSAGES.tooMany })
    .refine((days) => new Set(days).size === days.length, { error: REMINDER_MESSAGES.duplicate }),
});
export type RenewalReminderSettings = z.infer<typeof renewalReminderSettings>;

/**
 * An item of a member's own inbox (issue 15): a renewal reminder, a revocation, a new copy of a
 * credential to download (decision 0037).
 */
export const inboxItem = z.object({
  _id: z.string(),
  kind: z.enum(['renewal-reminder', 'revocation', 'new-copy', 'renewal']),
  title: z.string(),
  message: z.string(),
  /** The certificate it is about (null once that certificate is deleted). */
  certificateId: z.string().nullable(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type InboxItem = z.infer<typeof inboxItem>;

/** GET /api/inbox: the newest items and how many of all are unread. */
export const inbox = z.object({ items: z.array(inboxItem), unread: z.number().int() });
export type Inbox = z.infer<typeof inbox>;

/** Issue 15: an admin renews many certificates at once, chosen by id or by the list's search. */
export const MAX_BULK_RENEWAL = MAX_BULK_SELECTION;
export const MAX_EXTEND_MONTHS = 120;

export const bulkRenewalBody = z
  .strictObject({
    ...certificateSelectionShape,
    /** Either a new valid-till date… */
    validTill: dateInput.optional(),
    /** …or a number of months to extend each one's own valid-till by. */
    extendMonths: z.number().int().min(1).max(MAX_EXTEND_MONTHS).optional(),
  })
  .refine(...oneSelection)
  .refine(...filtersWithSearch)
  .refine((b) => (b.validTill === undefined) !== (b.extendMonths === undefined), {
    error: 'Give either validTill or extendMonths',
    path: ['validTill'],
  });
export type BulkRenewalBody = z.input<typeof bulkRenewalBody>;

export const bulkRenewalResult = bulkResult;
export type BulkRenewalResult = z.infer<typeof bulkRenewalResult>;

/** POST /api/reminders/unsubscribe (RFC 8058 one-click): the signed token of the mail's link. */
export const unsubscribeQuery = z.strictObject({ token: z.string().min(1).max(200) });
