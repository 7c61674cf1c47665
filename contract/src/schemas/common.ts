import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants';

/** Every error answer (ARCHITECTURE §4): a message, plus the issues for invalid input. */
export const errorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** The message of a too-long text, naming its field (issue 16: import row errors show it as is). */
export const atMost = (field: string, max: number) => `${field} must be at most ${max} characters`;

export const idParams = z.strictObject({ id: z.uuid({ message: 'Not a valid id' }) });

/** ISO 8601 timestamp as the API sends it. */
export const isoDateTime = z.iso.datetime({ offset: true });

/**
 * The years every date the API takes must fall in, read in UTC (issue 12, L3): PostgreSQL has no
 * year 0000 (it was a 500), and the API's timestamps have four-digit years. A timestamp whose
 * offset carries it across either end is out of range too.
 */
export const DATE_YEAR_RANGE = { min: 1, max: 9999 } as const;
export const DATE_RANGE_MESSAGE = `Enter a date between the years ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}`;

/** Whether a well-formed date or timestamp falls in DATE_YEAR_RANGE; '' passes. */
const inDateRange = (value: string) => {
  if (value === '') return true;
  // A bare date parses as midnight UTC, a timestamp as the instant it names.
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_YEAR_RANGE.min && year <= DATE_YEAR_RANGE.max;
};

/**
 * Bounds a date schema to DATE_YEAR_RANGE: every date field of the contract goes through it. The
 * bound is checked only on what the format admitted, so a malformed date gets one message.
 */
export const withinDateRange = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(inDateRange, { message: DATE_RANGE_MESSAGE, when: (payload) => payload.issues.length === 0 });

/** A calendar date (YYYY-MM-DD) or a full ISO timestamp, as forms and API clients send them. */
export const dateInput = withinDateRange(
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    message: 'Enter a valid date',
  }),
);

/** Query of every collection (ARCHITECTURE §4); the total travels in X-Total-Count. */
export const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * The query of a list sorted by one of `sorts`, the columns it can sort by (ARCHITECTURE §4): any
 * other is refused with the list of those it can.
 */
export const sortedListQuery = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  listQuery.extend({ sort: z.enum(sorts, { message: `Sort by one of ${sorts.join(', ')}` }).optional() });

export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Issue 16 (decision 0015): every editable record carries a version, which every edit raises by
 * one. Answers with one record send it as a strong ETag (`"3"`); a PUT may send it back in
 * If-Match, or as `version` in its body, and a stale one is answered 412 with the record as it is.
 */
export const recordVersion = z.number().int().min(1);
export const ETAG_HEADER = 'etag';
export const IF_MATCH_HEADER = 'if-match';
/** The entity tag of a version, as ETag and If-Match carry it (RFC 9110 §8.8.3). */
export const versionTag = (version: number) => `"${version}"`;
export const EDIT_CONFLICT_STATUS = 412;
export const EDIT_CONFLICT_MESSAGE = 'Someone else changed this record since you opened it.';
/** The 412 answer: the message, and the record as it is now (the contract's shape of that record). */
export const editConflictBody = z.object({ message: z.string(), current: z.unknown() });

/**
 * Issue 18 (decision 0019): `POST /api/reports` and the uploads take an Idempotency-Key
 * (draft-ietf-httpapi-idempotency-key-header §2): one random UUID per report, sent again with
 * every retry of it and of its media, so that a retry does its work once. §2.1 makes the value a
 * Structured Field String (`"…"`); the bare UUID is accepted too.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** §2.1: the header's value as a client sends it. */
export const idempotencyKeyValue = (key: string) => `"${key}"`;
/** How long the server keeps a key and its first answer (§2.3). */
export const IDEMPOTENCY_KEY_DAYS = 7;
export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be one UUID, e.g. "8e03978e-40d5-43e8-bc93-6894a57f9324".',
  reused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;
