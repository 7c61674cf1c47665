import type { ErrorBody } from '@portal/contract';
import type { z } from 'zod';
import { asksStepUp, confirmStepUp } from './step-up';
import { formatMessage } from '../i18n/format';
import type { MessageKey } from '../i18n/messages/en';

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

/**
 * What checks an answer against the contract: its zod schema, or, where zod must not load yet (the
 * landing page, a guest's session check: docs/performance.md), an object with the same `parse`,
 * which may load the schema first (`lazySchema`).
 */
export interface AnswerSchema<T = unknown> {
  parse(data: unknown): T | Promise<T>;
}

/** What a call answers once its schema parsed it. */
export type Answer<S> = S extends z.ZodType ? z.output<S> : S extends AnswerSchema<infer T> ? T : never;

interface CallOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Further request headers, such as If-Match (lib/edit-conflict.ts). */
  headers?: Record<string, string>;
}

/** A call whose answer is read: every one is checked against the contract. */
type ParsedCall<S extends AnswerSchema> = CallOptions & { schema: S; noContent?: never };
/** A call the server answers with 204 and no body; any other answer breaks the contract. */
type NoContentCall = CallOptions & { noContent: true; schema?: never };

/** A schema loaded when the first answer comes, for code that must not carry it before. */
export const lazySchema = <T>(load: () => Promise<AnswerSchema<T>>): AnswerSchema<T> => ({
  parse: async (data) => (await load()).parse(data),
});

/** The failures the client finds itself, which a person may read (a toast, an alert). */
const FAILURES = {
  unreachable: 'common.failure.unreachable',
  request: 'common.failure.request',
  upload: 'common.failure.upload',
} as const satisfies Record<string, MessageKey>;
export type ClientFailure = keyof typeof FAILURES;

/** A failure the client found itself, in the screens' language (`unreachable`: no answer came). */
export const clientFailure = (failure: ClientFailure) => formatMessage(FAILURES[failure]);

async function parseError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(res.status, body.message ?? res.statusText ?? clientFailure('request'), body.issues, body);
}

/**
 * The one API client: same-origin cookies, JSON in and out, typed errors, every answer parsed with
 * its schema (or, with `noContent`, checked to be empty). A refusal that asks for a step-up
 * (issue 19, lib/step-up.ts) is retried once after the person confirms.
 */
export function api(method: Method, path: string, options: NoContentCall): Promise<void>;
export function api<S extends AnswerSchema>(method: Method, path: string, options: ParsedCall<S>): Promise<Answer<S>>;
export async function api(
  method: Method,
  path: string,
  options: ParsedCall<AnswerSchema> | NoContentCall,
): Promise<unknown> {
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

async function request(
  method: Method,
  path: string,
  { body, schema, noContent, signal, headers }: ParsedCall<AnswerSchema> | NoContentCall,
): Promise<unknown> {
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
    throw new ApiError(0, clientFailure('unreachable'));
  }
  if (!res.ok) throw await parseError(res);
  if (noContent) {
    if (res.status !== 204) throw new Error(`${path}: ${res.status}, not 204`);
    return undefined;
  }
  // A 204 has no body: parsed as undefined, which a schema of a JSON answer refuses.
  const data: unknown = res.status === 204 ? undefined : await res.json();
  return schema.parse(data);
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
      throw new ApiError(0, clientFailure('unreachable'));
    },
  );
  if (!res.ok) throw await parseError(res);
  const items: unknown = await res.json();
  if (!Array.isArray(items)) throw new Error(`${path}: no list`);
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
        reject(new ApiError(xhr.status, body?.message ?? clientFailure('upload'), body?.issues));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, clientFailure('unreachable')));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;
