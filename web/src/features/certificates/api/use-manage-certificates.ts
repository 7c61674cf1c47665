import {
  apiPath,
  bulkRenewalResult,
  certificateImportResult,
  certificate,
  certificateBody,
  uploadFileResponse,
  type BulkRenewalBody,
  type BulkRevokeBody,
  bulkResult,
  type BulkStatusBody,
  type CertificateBody,
  type CertificateSort,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api';
import { ifMatch, isEditConflict } from '../../../lib/edit-conflict';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { refreshAfterWrite } from '../../../lib/refresh';

/** Every certificate query (the admin list and a member's own list) starts with this key. */
export const CERTIFICATES_KEY = ['certificates'] as const;

export interface ManageCertificatesParams {
  q: string;
  offset: number;
  limit: number;
  /** Issue 35: an order the admin chose; absent, the server's (newest first). */
  sort?: { by: CertificateSort; order: 'asc' | 'desc' } | undefined;
  /** Issue 35: filters, as the server takes them (`status`, `expiringWithin` in days); '' is none. */
  filters?: { status: string; expiringWithin: string };
}

/** GET /api/certificates, searched, sorted and paged on the server (ARCHITECTURE §4). */
export const manageCertificatesQueryOptions = ({ q, offset, limit, sort, filters }: ManageCertificatesParams) =>
  pagedQueryOptions(
    [...CERTIFICATES_KEY, 'all', { q, offset, limit, sort, filters }] as const,
    apiPath('/api/certificates', undefined, {
      offset,
      limit,
      q: q || undefined,
      sort: sort?.by,
      order: sort?.order,
      status: filters?.status || undefined,
      expiringWithin: filters?.expiringWithin || undefined,
    }),
    certificate,
  );

export const useManageCertificates = (params: ManageCertificatesParams) =>
  useQuery(manageCertificatesQueryOptions(params));

export interface SaveCertificateInput {
  /** Absent: create; present: update. */
  id?: string;
  /** The version the form was opened at: a stale one is refused with 412 (issue 16). */
  version?: number;
  values: CertificateBody;
  /** A new document; uploaded first, its fileUrl becomes downloadLink (spec §7). */
  file?: File | null;
  onProgress?: (fraction: number) => void;
}

export function useSaveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, values, file, onProgress }: SaveCertificateInput) => {
      let downloadLink = values.downloadLink ?? '';
      if (file) {
        const uploaded = await uploadFile(apiPath('/api/upload-file'), file, uploadFileResponse, onProgress);
        downloadLink = uploaded.fileUrl;
      }
      const body = certificateBody.parse({ ...values, downloadLink });
      // spec §7: the answer to a write is not read (but checked, as every answer).
      return id
        ? api('PUT', apiPath('/api/certificates/:id', { id }), { body, headers: ifMatch(version), schema: certificate })
        : api('POST', apiPath('/api/certificates'), { body, schema: certificate });
    },
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
    // Someone else saved first: the list shows their certificate.
    onError: (err) =>
      isEditConflict(err) ? refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }) : undefined,
  });
}

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/certificates/:id', { id }), { noContent: true }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/** Issue 15: POST /api/certificates/bulk-renew; the answer says how many were renewed. */
export function useBulkRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRenewalBody) =>
      api('POST', apiPath('/api/certificates/bulk-renew'), { body, schema: bulkRenewalResult }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/** Issue 16: Active or Inactive for many certificates at once (POST /api/certificates/bulk-status). */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkStatusBody) =>
      api('POST', apiPath('/api/certificates/bulk-status'), { body, schema: bulkResult }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/** Issue 35: many certificates revoked at once, with one reason (POST /api/certificates/bulk-revoke). */
export function useBulkRevoke() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRevokeBody) =>
      api('POST', apiPath('/api/certificates/bulk-revoke'), { body, schema: bulkResult }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/**
 * Issue 16: POST /api/certificates/import with the file, as a check (dry run) or for real; the
 * answer counts the rows and lists every problem.
 */
export function useImportCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun, onProgress }: { file: File; dryRun: boolean; onProgress?: (f: number) => void }) =>
      uploadFile(apiPath('/api/certificates/import', undefined, { dryRun }), file, certificateImportResult, onProgress),
    onSuccess: (_result, { dryRun }) =>
      dryRun ? undefined : refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}
