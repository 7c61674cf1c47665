import {
  apiPath,
  createReportResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyValue,
  messageBody,
  report,
  type ReportFields,
  reportSummary,
  revealSsnResponse,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { uploadResumable } from './resumable-upload';
import { refreshAfterWrite } from '../../../lib/refresh';

export const REPORTS_KEY = ['reports'] as const;

export type UploadStage = 'image' | 'video';

export interface SubmitReportInput {
  /** Who sends it: the device keeps each upload's URL under the member, to resume it. */
  userId: string;
  /**
   * Issue 18: the report's Idempotency-Key (its draft's id), sent with the report and its media,
   * so that however often this is retried, one report and one copy of each file are stored.
   */
  key: string;
  values: ReportFields;
  image: File | null;
  video: File | null;
  /** Bytes of the file of `stage` the server has, of its size. */
  onProgress?: (stage: UploadStage, sent: number, total: number) => void;
}

/**
 * spec §7: upload the image, then the video, then post the report with their URLs ('' when
 * none). The report's owner is the session's user; the form never sends a userId. The form and
 * the outbox both send through here. Issue 18 part 5: the files go over tus (decision 0021), in
 * 5 MB chunks, resumed from where they stopped on the next try, however it comes (a retry, a
 * reload, the outbox).
 */
export async function sendReport({ userId, key, values, image, video, onProgress }: SubmitReportInput) {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyValue(key) };
  const upload = async (file: File | null, role: UploadStage) =>
    file
      ? (
          await uploadResumable(file, {
            userId,
            reportKey: key,
            role,
            headers,
            onProgress: (sent, total) => onProgress?.(role, sent, total),
          })
        ).fileUrl
      : '';
  const imageUrl = await upload(image, 'image');
  const videoUrl = await upload(video, 'video');
  return api('POST', apiPath('/api/reports'), {
    body: { ...values, imageUrl, videoUrl },
    schema: createReportResponse,
    headers,
  });
}

export function useSubmitReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReport,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: REPORTS_KEY }),
  });
}

export interface ReportsParams {
  offset: number;
  limit: number;
  q?: string;
}

/** GET /api/reports: one page, newest first (admins). */
export const reportsQueryOptions = ({ offset, limit, q }: ReportsParams) =>
  pagedQueryOptions(
    [...REPORTS_KEY, 'list', { offset, limit, q: q ?? '' }] as const,
    apiPath('/api/reports', undefined, { offset, limit, q: q || undefined }),
    reportSummary,
  );

export const useReports = (params: ReportsParams) => useQuery(reportsQueryOptions(params));

/**
 * GET /api/reports/mine (issue 35): one page of the reports the member filed, newest first. Under
 * REPORTS_KEY, so a report sent from the form or the outbox shows up in it.
 */
export const useMyReports = ({ offset, limit }: ReportsParams, enabled: boolean) =>
  useQuery({
    ...pagedQueryOptions(
      [...REPORTS_KEY, 'mine', { offset, limit }] as const,
      apiPath('/api/reports/mine', undefined, { offset, limit }),
      reportSummary,
    ),
    enabled,
  });

/** GET /api/reports/{id}: every field, SSN masked. Not cached once the dialog closes. */
export const reportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'one', id] as const,
    queryFn: ({ signal }) => api('GET', apiPath('/api/reports/:id', { id }), { schema: report, signal }),
    gcTime: 0,
    staleTime: 0,
  });

export const useReport = (id: string | null) => useQuery({ ...reportQueryOptions(id ?? ''), enabled: !!id });

export function useRevealSsn() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api('POST', apiPath('/api/reports/:id/reveal-ssn', { id }), {
        body: { reason },
        schema: revealSsnResponse,
      }),
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/reports/:id', { id }), { schema: messageBody }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: REPORTS_KEY }),
  });
}
