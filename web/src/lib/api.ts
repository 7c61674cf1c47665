import type { ErrorBody } from '@portal/contract';
import type { z } from 'zod';
import { asksStepUp, confirmStepUp } from './step-up';

/**
 * A failed call: the HTTP status and the server's message (ARCHITECTURE §4), and the whole answer
 * for the few that carry more (a 412's `current`, lib/edit-conflict.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ErrorBody['issues'] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions<S extends z.ZodType> {
  body?: unknown;
  /** Parses the answer; every answer the app reads is checked against the contract. */
  schema?: S;
  signal?: AbortSignal;
  /** Further request headers, such as If-Match (lib/edit-conflict.ts). */
  headers?: Record<string, string>;
}

async function parseError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(res.status, body.message ?? res.statusText ?? 'Request failed', body.issues, body);
}

/**
 * The one API client: same-origin cookies, JSON in and out, typed errors. A refusal that asks for
 * a step-up (issue 19, lib/step-up.ts) is retried once after the person confirms.
 */
export async function api<S extends z.ZodType = z.ZodUnknown>(
  method: Method,
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  return withStepUp(() => request(method, path, options));
}

/** Runs a call; when the server asks for a step-up and the person gives it, runs it once more. */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && asksStepUp(err.status, err.body) && (await confirmStepUp())) return call();
    throw err;
  }
}

async function request<S extends z.ZodType = z.ZodUnknown>(
  method: Method,
  path: string,
  { body, schema, signal, headers }: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...headers,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) throw await parseError(res);
  if (res.status === 204) return undefined as z.infer<S>;
  const data: unknown = await res.json();
  return (schema ? schema.parse(data) : data) as z.infer<S>;
}

/** A list with the total the server sent in X-Total-Count (ARCHITECTURE §4). */
export async function apiList<S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<{ items: z.infer<S>[]; total: number }> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal }).catch(
    (err: Error) => {
      if (err.name === 'AbortError') throw err;
      throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
    },
  );
  if (!res.ok) throw await parseError(res);
  const items = (await res.json()) as unknown[];
  const parsed = items.map((item) => schema.parse(item) as z.infer<S>);
  return { items: parsed, total: Number(res.headers.get('x-total-count') ?? parsed.length) };
}

/**
 * Uploads one file as multipart field `file` with progress (a video can be hundreds of MB), with
 * further request headers such as the report's Idempotency-Key. Answers the parsed JSON body.
 */
export function uploadFile<S extends z.ZodType>(
  path: string,
  file: File,
  schema: S,
  onProgress?: (fraction: number) => void,
  field = 'file',
  headers: Record<string, string> = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (Partial<ErrorBody> & Record<string, unknown>) | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(schema.parse(body) as z.infer<S>);
        } catch (err) {
          reject(err as Error);
        }
      } else {
        reject(new ApiError(xhr.status, body?.message ?? 'Upload failed', body?.issues));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;
