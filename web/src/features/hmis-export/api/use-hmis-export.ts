import type { hmisExportBody, hmisExportCheckBody } from '@portal/contract';
import {
  apiPath,
  errorBody,
  type HmisExportCheck,
  hmisExportCheck,
  hmisExportFileName,
  hmisExportHistory,
  hmisExportRefused,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, clientFailure, withStepUp } from '../../../lib/api';
import { fileNameOf } from '../lib/save-file';
import { refreshAfterWrite } from '../../../lib/refresh';

const CHECK_PATH = apiPath('/api/exports/hmis/check');
const EXPORT_PATH = apiPath('/api/exports/hmis');
export const HMIS_EXPORTS_KEY = ['exports', 'hmis'] as const;

// The bodies as the contract's schemas parse them (the contract's *Body input types are `unknown`).
export type HmisCheckRequest = z.output<typeof hmisExportCheckBody>;
export type HmisExportRequest = z.output<typeof hmisExportBody>;

/** A 422 of the export: rows of non-excluded reports break the HMIS CSV rules; the check comes with it. */
export class HmisExportRefusedError extends ApiError {
  constructor(
    message: string,
    readonly check: HmisExportCheck,
  ) {
    super(422, message);
    this.name = 'HmisExportRefusedError';
  }
}

/** GET /api/exports/hmis: the past exports, newest first (issue 17). */
export const hmisExportHistoryQueryOptions = () =>
  queryOptions({
    queryKey: HMIS_EXPORTS_KEY,
    queryFn: ({ signal }) => api('GET', EXPORT_PATH, { schema: hmisExportHistory, signal }),
  });

export const useHmisExportHistory = () => useQuery(hmisExportHistoryQueryOptions());

/** POST /api/exports/hmis/check: counts per file and the rows that break the rules, for a period. */
export const useCheckHmisExport = () =>
  useMutation({
    mutationFn: (body: HmisCheckRequest) => api('POST', CHECK_PATH, { body, schema: hmisExportCheck }),
  });

export interface HmisExportFile {
  blob: Blob;
  fileName: string;
}

/**
 * POST /api/exports/hmis: the zip itself. The one call of the app whose answer is not JSON, so it
 * reads the body as a blob here; failures are the same typed errors as lib/api.ts throws, and a
 * 422 carries the check that refused it.
 */
async function fetchHmisExport(body: HmisExportRequest): Promise<HmisExportFile> {
  let res: Response;
  try {
    res = await fetch(EXPORT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/zip, application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, clientFailure('unreachable'));
  }
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => ({}));
    const refused = res.status === 422 ? hmisExportRefused.safeParse(data) : undefined;
    if (refused?.success) throw new HmisExportRefusedError(refused.data.message, refused.data);
    const parsed = errorBody.safeParse(data);
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data.message : res.statusText || clientFailure('request'),
      parsed.success ? parsed.data.issues : [],
      data,
    );
  }
  return {
    blob: await res.blob(),
    fileName: fileNameOf(res.headers.get('content-disposition')) ?? hmisExportFileName(body.from, body.to),
  };
}

/** Downloads the zip; every export is in the audit log, so the past exports are read again. */
export function useDownloadHmisExport() {
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 19: the export needs a fresh step-up; the dialog asks for it and the download is retried.
    mutationFn: (body: HmisExportRequest) => withStepUp(() => fetchHmisExport(body)),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: HMIS_EXPORTS_KEY }),
  });
}
