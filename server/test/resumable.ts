import type { FastifyInstance } from 'fastify';
import { call } from './harness';

/** Requests of the resumable upload protocol (tus 1.0.0), as tus-js-client sends them. */

export const TUS_HEADERS = { 'tus-resumable': '1.0.0' };

/** tus `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** POST: creates an upload of `length` bytes; its URL is the answer's Location. */
export function createResumable(
  app: FastifyInstance,
  cookie: string | undefined,
  {
    length,
    filename = 'clip.mp4',
    filetype = 'video/mp4',
    key,
    metadata = {},
  }: { length: number; filename?: string; filetype?: string; key?: string; metadata?: Record<string, string> },
) {
  return call(app, cookie, {
    method: 'POST',
    url: '/api/uploads/tus',
    headers: {
      ...TUS_HEADERS,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ filename, filetype, ...metadata }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

/** PATCH: sends `data` at `offset`. */
export const patchResumable = (
  app: FastifyInstance,
  cookie: string | undefined,
  url: string,
  offset: number,
  data: Buffer,
) =>
  call(app, cookie, {
    method: 'PATCH',
    url,
    headers: { ...TUS_HEADERS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: data,
  });

/** HEAD: where the upload stands (Upload-Offset). */
export const headResumable = (app: FastifyInstance, cookie: string | undefined, url: string) =>
  call(app, cookie, { method: 'HEAD', url, headers: TUS_HEADERS });
