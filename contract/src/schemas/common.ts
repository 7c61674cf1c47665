import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants';

/** Every error answer (ARCHITECTURE §4): a message, plus the issues for invalid input. */
export const errorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const idParams = z.strictObject({ id: z.uuid({ message: 'Not a valid id' }) });

/** ISO 8601 timestamp as the API sends it. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A calendar date (YYYY-MM-DD) or a full ISO timestamp, as forms and API clients send them. */
export const dateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: 'Enter a valid date',
});

/** Query of every collection (ARCHITECTURE §4); the total travels in X-Total-Count. */
export const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});
export type ListQuery = z.infer<typeof listQuery>;

export const TOTAL_COUNT_HEADER = 'x-total-count';
