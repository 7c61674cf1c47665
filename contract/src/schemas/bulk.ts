import { z } from 'zod';
import { CERTIFICATE_STATUSES } from '../constants';
import { type CertificateFilters, certificateFilters, revokeBody } from './certificate';

/**
 * Issue 16: the one selection model of the admin lists (first built for bulk renewal, issue 15).
 * A bulk action names the rows ticked on the list, or every row the list's search matches.
 */
export const MAX_BULK_SELECTION = 1000;

export const bulkSelectionShape = {
  /** The rows ticked on the list… */
  ids: z
    .array(z.uuid({ message: 'Not a valid id' }))
    .min(1)
    .max(MAX_BULK_SELECTION)
    .optional(),
  /** …or every row the list's search matches ('' is every row). */
  q: z.string().trim().max(200).optional(),
};

/** The refinement every bulk body carries: exactly one of `ids` and `q`. */
export const oneSelection: [
  (b: { ids?: string[] | undefined; q?: string | undefined }) => boolean,
  { error: string; path: string[] },
] = [
  (b) => (b.ids === undefined) !== (b.q === undefined),
  { error: 'Choose rows by ids or by q, not both', path: ['ids'] },
];

export type BulkSelection = { ids: string[] } | { q: string; filters?: CertificateFilters };

/** The selection of a parsed body, its ids without repeats. */
export const selectionOf = (b: {
  ids?: string[] | undefined;
  q?: string | undefined;
  filters?: CertificateFilters | undefined;
}): BulkSelection =>
  b.ids ? { ids: [...new Set(b.ids)] } : { q: b.q ?? '', ...(b.filters ? { filters: b.filters } : {}) };

/**
 * Issue 35: the certificate list's bulk actions choose as the list shows: by ids, or by the search
 * and the list's filters (status, end date).
 */
export const certificateSelectionShape = { ...bulkSelectionShape, filters: certificateFilters.optional() };

/** The refinement of a body with filters: they narrow a search, so they come with `q`. */
export const filtersWithSearch: [
  (b: { ids?: string[] | undefined; filters?: CertificateFilters | undefined }) => boolean,
  { error: string; path: string[] },
] = [
  (b) => b.filters === undefined || b.ids === undefined,
  { error: 'Filters narrow a search: send them with q, not with ids', path: ['filters'] },
];

export const bulkResult = z.object({ count: z.number().int(), message: z.string() });
export type BulkResult = z.infer<typeof bulkResult>;

/** POST /api/certificates/bulk-status: Active or Inactive for every certificate chosen. */
export const bulkStatusBody = z
  .strictObject({ ...certificateSelectionShape, status: z.enum(CERTIFICATE_STATUSES) })
  .refine(...oneSelection)
  .refine(...filtersWithSearch);
export type BulkStatusBody = z.input<typeof bulkStatusBody>;

/** What the admin lists can delete in bulk (to the trash). */
export const BULK_DELETE_TYPES = ['certificate', 'user', 'job', 'report'] as const;
export type BulkDeleteType = (typeof BULK_DELETE_TYPES)[number];

/** POST /api/bulk-delete: one route for every list, so that a check on bulk deletes has one place. */
export const bulkDeleteBody = z
  .strictObject({ type: z.enum(BULK_DELETE_TYPES), ...certificateSelectionShape })
  .refine(...oneSelection)
  .refine(...filtersWithSearch)
  .refine((b) => b.filters === undefined || b.type === 'certificate', {
    error: 'Only the certificate list has filters',
    path: ['filters'],
  });
export type BulkDeleteBody = z.input<typeof bulkDeleteBody>;

/** What a bulk delete answers: also the ids it moved, which its Undo (POST /api/trash/restore) names. */
export const bulkDeleteResult = bulkResult.extend({ ids: z.array(z.string()) });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResult>;

/**
 * POST /api/certificates/bulk-revoke (issue 35): many certificates revoked at once, each as
 * POST /api/certificates/{id}/revoke revokes one, with the one reason.
 */
export const bulkRevokeBody = z
  .strictObject({ ...certificateSelectionShape, ...revokeBody.shape })
  .refine(...oneSelection)
  .refine(...filtersWithSearch);
export type BulkRevokeBody = z.input<typeof bulkRevokeBody>;
