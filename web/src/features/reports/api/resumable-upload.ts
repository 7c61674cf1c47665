import { RESUMABLE_UPLOADS_PATH, uploadFileResponse } from '@portal/contract';
import type { DetailedError, HttpStack, Upload } from 'tus-js-client';
import { ApiError, clientFailure } from '../../../lib/api';
import { forgetUpload, recallUpload, rememberUpload, type UploadRole } from '../../../lib/upload-urls';
import { say } from '../outbox/words';

/**
 * Issue 18 part 5, decision 0021: a report's photo or video sent over tus 1.0.0 to
 * /api/uploads/tus with tus-js-client (loaded only when a file is sent, so no screen's first
 * visit pays for it). The upload's URL is kept on the device per member, report and role
 * (lib/upload-urls.ts): a retry, a reload or the outbox resumes it from the offset the server
 * answers to HEAD. The last PATCH answers what POST /api/upload-file answers, `{ fileUrl }`.
 */

/** Bytes per PATCH: what a dropped connection can cost at most, and one request per 5 MB. */
export const CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits before each retry of a failed request (network, 5xx, 409, 423), then the caller's turn. */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];
/**
 * A request that sends nothing for this long is given up: a connection that hangs (Chromium's
 * offline mode and some mobile networks leave a request pending instead of failing it) would
 * otherwise keep the form, and the outbox behind it, waiting for ever. Not while the server
 * processes the last chunk (a video is remuxed before it answers).
 */
export const STALL_MS = 30_000;

export interface ResumableUploadOptions {
  userId: string;
  /** The report's Idempotency-Key: it names the stored URL and goes with every request. */
  reportKey: string;
  role: UploadRole;
  headers?: Record<string, string>;
  onProgress?: (sent: number, total: number) => void;
  /** Tests: the network. */
  httpStack?: HttpStack;
}

/** The URL of the tus endpoint, absolute (tus-js-client resolves the upload's Location against it). */
const endpoint = () => new URL(RESUMABLE_UPLOADS_PATH, globalThis.location.href).toString();

function toApiError(err: Error): ApiError {
  const res = (err as Partial<DetailedError>).originalResponse;
  if (!res) return new ApiError(0, clientFailure('unreachable'));
  let message = clientFailure('upload');
  try {
    message = (JSON.parse(res.getBody()) as { message?: string }).message ?? message;
  } catch {
    // Not JSON: the generic message.
  }
  return new ApiError(res.getStatus(), message);
}

/**
 * Sends `file` and answers its `{ fileUrl }`. Rejects with an ApiError: status 0 when the server
 * cannot be reached (the caller tries again later and resumes), the server's status and message
 * when it refuses the file.
 */
export async function uploadResumable(file: File, options: ResumableUploadOptions): Promise<{ fileUrl: string }> {
  const tus = await import('tus-js-client');
  const { userId, reportKey, role } = options;
  const previous = recallUpload(userId, reportKey, role, file);
  try {
    return await attempt(tus.Upload, file, options, previous);
  } catch (err) {
    // The upload is gone from the server (swept after a day, or kept by another instance): a new
    // one. The Idempotency-Key makes the file stored once however many uploads carried it.
    if (previous && err instanceof ApiError && err.status === 404) {
      forgetUpload(userId, reportKey, role);
      return attempt(tus.Upload, file, options, null);
    }
    throw err;
  }
}

function attempt(
  UploadClass: typeof Upload,
  file: File,
  { userId, reportKey, role, headers = {}, onProgress, httpStack }: ResumableUploadOptions,
  uploadUrl: string | null,
): Promise<{ fileUrl: string }> {
  return new Promise((resolve, reject) => {
    let stall: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(stall);
      window.removeEventListener('offline', giveUp);
      outcome();
    };
    // Gives the upload up where it stands: the stored URL stays, so the next try resumes.
    function giveUp() {
      void upload.abort(false);
      finish(() => reject(new ApiError(0, clientFailure('unreachable'))));
    }
    const watch = (waiting: boolean) => {
      clearTimeout(stall);
      if (waiting) stall = setTimeout(giveUp, STALL_MS);
    };

    const upload: Upload = new UploadClass(file, {
      endpoint: endpoint(),
      uploadUrl,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      // Same origin: the session cookie goes with every request, and the server's CSRF rule
      // (Origin / Sec-Fetch-Site, ARCHITECTURE §5) holds as for the app's other calls.
      headers,
      metadata: { filename: file.name, filetype: file.type || `${role}/*` },
      // Our own store (per member, report and role), not tus-js-client's fingerprints.
      storeFingerprintForResuming: false,
      ...(httpStack ? { httpStack } : {}),
      onBeforeRequest: () => watch(true),
      onAfterResponse: () => watch(false),
      onUploadUrlAvailable: () => {
        if (upload.url) rememberUpload(userId, reportKey, role, file, upload.url);
      },
      onProgress: (sent, total) => {
        // All sent: the server now checks and stores the file before it answers; no stall then.
        watch(sent < total);
        onProgress?.(sent, total);
      },
      onSuccess: ({ lastResponse }) => {
        let answer: { fileUrl: string } | undefined;
        try {
          answer = uploadFileResponse.parse(JSON.parse(lastResponse.getBody()));
        } catch {
          // A HEAD that found every byte there, with no answer: the upload is not ours to finish.
        }
        forgetUpload(userId, reportKey, role);
        finish(() => (answer ? resolve(answer) : reject(new ApiError(404, say('reports.outbox.uploadUnanswered')))));
      },
      onError: (err) => {
        const error = toApiError(err);
        // Refused for good (content, size, key): a new try starts from a new upload.
        if ([400, 403, 413, 415, 422].includes(error.status)) forgetUpload(userId, reportKey, role);
        finish(() => reject(error));
      },
    });
    window.addEventListener('offline', giveUp);
    upload.start();
  });
}
