import path from 'node:path';
import type { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  fileParams,
  fileQuery,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  uploadFileResponse,
  uploadImageResponse,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { fileUrl, uploadIdOf } from './plugin';
import { mayRead } from './access';
import { accept, DOC_TYPE, DOCX_TYPE, unsupported, UPLOAD_MESSAGES } from './content';
import { ingestOnce, type IngestOptions } from './ingest';
import { findUpload, type UploadRow } from './repository';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { escapeHtml } from '../../lib/html';
import { signedIn } from '../../plugins/auth';

/** Parses `Range: bytes=…` against the size: a range, 'unsatisfiable', or null to send it all. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'bad' | null {
  if (!header) return null;
  const value = header.trim();
  if (!value.toLowerCase().startsWith('bytes=')) return null;
  const spec = value.slice(6).trim();
  // Several ranges at once (multipart/byteranges) are not offered; the whole file is the answer.
  if (spec.includes(',')) return null;
  const m = /^(\d*)-(\d*)$/.exec(spec);
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return 'bad';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (start >= size || end < start) return 'bad';
  return { start, end: Math.min(end, size - 1) };
}

/** An ASCII file name safe in a header, with the extension the content has. */
function downloadName(file: UploadRow): string {
  const ext =
    file.contentType === DOCX_TYPE
      ? '.docx'
      : file.contentType === DOC_TYPE
        ? '.doc'
        : file.kind === 'import'
          ? (path.extname(file.originalName) || '.csv').toLowerCase()
          : '';
  const base = file.originalName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return `${base || 'document'}${ext}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Issue 12 (M3): one count per user over every upload route (the two multipart routes and the
 * creation of a resumable upload): every limiter made here counts under the same name in the
 * same store (plugins/limits.ts), so no route is a way around another.
 */
export function uploadRateLimit(app: FastifyInstance) {
  return app.rateLimit({
    max: app.config.uploads.ratePerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (req: FastifyRequest) => `upload:${req.auth?.user.id ?? req.ip}`,
  });
}

/**
 * Uploads and downloads (spec §7, ARCHITECTURE §2 and §5). Multipart is registered here only,
 * so no other route accepts it.
 */
export default async function fileRoutes(base: FastifyInstance) {
  await base.register(multipart, {
    limits: { files: 1, fields: 5, parts: 10, fieldSize: 1024, fileSize: MAX_VIDEO_BYTES },
    throwFileSizeLimit: true,
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const uploadRate = uploadRateLimit(app);

  /** The one file part of the request, sent under one of `fields`. */
  async function filePart(req: FastifyRequest, fields: string[], fileSize: number): Promise<MultipartFile> {
    if (!req.isMultipart()) throw unsupported();
    const part = await req.file({ limits: { fileSize } });
    if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
    if (!fields.includes(part.fieldname)) {
      part.file.resume();
      throw badRequest(UPLOAD_MESSAGES.noFile);
    }
    return part;
  }

  /** Ingests the request's one file, once per Idempotency-Key (ingestOnce). */
  async function upload(
    req: FastifyRequest,
    reply: FastifyReply,
    route: { name: string; fields: string[]; maxBytes: number },
    opts: Pick<IngestOptions, 'decide'>,
    respond: (url: string) => Record<string, string>,
  ) {
    const user = signedIn(req).user;
    const key = idempotencyKeyOf(req);
    const part = await filePart(req, route.fields, route.maxBytes);
    // Issue 18: the key is scoped to the route and to the kind the client declares, so one key
    // names a report, its photo and its video.
    const family = /^(image|video)\//.exec(part.mimetype)?.[1] ?? 'file';
    const source = { file: part.file, filename: part.filename, truncated: () => part.file.truncated };
    const answer = await ingestOnce(app, source, {
      ownerId: user.id,
      decide: opts.decide,
      request: key ? { userId: user.id, scope: `${route.name}:${family}`, key } : undefined,
      respond,
      log: req.log,
    });
    return reply.status(answer.status).send(answer.body);
  }

  app.post(
    '/api/upload-file',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: uploadFileResponse } },
      onRequest: uploadRate,
    },
    async (req, reply) => {
      const user = signedIn(req).user;
      return upload(
        req,
        reply,
        { name: 'upload-file', fields: ['file'], maxBytes: MAX_VIDEO_BYTES },
        {
          decide(mime) {
            const accepted = accept(mime);
            // Word documents are certificates, which only admins manage; a member's PDF is the
            // evidence of a continuing-education activity (issue 33).
            if (accepted.kind === 'document' && !user.isAdmin && accepted.contentType !== 'application/pdf') {
              throw forbidden(UPLOAD_MESSAGES.documentsAdminOnly);
            }
            return accepted;
          },
        },
        (url) => ({ fileUrl: url }),
      );
    },
  );

  app.post(
    '/api/upload',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: uploadImageResponse } },
      onRequest: uploadRate,
    },
    async (req, reply) => {
      return upload(
        req,
        reply,
        { name: 'upload', fields: ['image', 'file'], maxBytes: MAX_IMAGE_BYTES },
        {
          decide(mime) {
            const accepted = accept(mime);
            if (accepted.kind !== 'image') throw unsupported();
            return accepted;
          },
        },
        (url) => ({ url }),
      );
    },
  );

  app.get(
    '/api/files/:id',
    { schema: { tags, params: fileParams, querystring: fileQuery }, compress: false },
    async (req, reply) => {
      const id = uploadIdOf(fileUrl(req.params.id));
      const file = id ? await findUpload(app.db, id) : undefined;
      if (!file) throw notFound('File not found');
      if (!(await mayRead(app, signedIn(req).user, file))) throw forbidden('You are not allowed to see this file.');

      reply.headers({
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      if (req.query.format === 'html') return sendAsHtml(reply, file);

      const size = file.size;
      // Word documents and imported spreadsheets (issue 16) are downloads, never shown inline.
      const disposition =
        file.kind === 'import' || (file.kind === 'document' && file.contentType !== 'application/pdf')
          ? `attachment; filename="${downloadName(file)}"`
          : 'inline';
      reply.headers({
        'content-type': file.contentType,
        'content-security-policy': 'sandbox',
        'content-disposition': disposition,
        'accept-ranges': 'bytes',
      });
      const range = parseRange(req.headers.range, size);
      if (range === 'bad') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      if (range) {
        const stream = await openOr404(file, range);
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(stream);
      }
      const stream = await openOr404(file);
      return reply.header('content-length', String(size)).send(stream);
    },
  );

  async function openOr404(file: UploadRow, range?: { start: number; end: number }) {
    try {
      return await app.storage.open(file.storageKey, range);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      app.log.error({ uploadId: file.id }, 'stored bytes of an upload are missing');
      throw notFound('File not found');
    }
  }

  /** A Word document as HTML for the in-browser viewer; it can run nothing and load nothing. */
  async function sendAsHtml(reply: FastifyReply, file: UploadRow) {
    if (file.contentType !== DOCX_TYPE) throw badRequest('Only Word (.docx) documents can be shown as HTML.');
    const bytes = await readAll(await openOr404(file));
    let body: string;
    try {
      // Loaded with the first preview rather than at start (a few MB of an idle server).
      const { default: mammoth } = await import('mammoth');
      body = (await mammoth.convertToHtml({ buffer: bytes })).value;
    } catch {
      throw new HttpError(415, UPLOAD_MESSAGES.unsupported);
    }
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(file.originalName)}</title></head><body>${body}</body></html>`;
    return reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-disposition': 'inline',
        'content-security-policy':
          "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      })
      .send(html);
  }
}
