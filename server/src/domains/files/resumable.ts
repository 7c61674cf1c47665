import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Upload } from '@tus/utils';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, RESUMABLE_UPLOADS_PATH } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addMinutes } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { lazy } from '../../lib/lazy';
import { accept, tooLarge, unsupported } from './content';
import { allowanceOf, ingestOnce } from './ingest';
import type { StagingStore } from './tus';
import { forgetExpiredUnfinished, forgetUnfinished, lockUploader, recordUnfinished } from './repository';
import { uploadRateLimit } from './routes';
import { signedIn } from '../../plugins/auth';

/**
 * Issue 18 part 5, decision 0021: resumable uploads of report media over tus 1.0.0
 * (https://tus.io/protocols/resumable-upload), served by @tus/server with its file store. The
 * bytes are staged in DATA_DIR/resumable; when the last byte arrives, the staged file goes
 * through the same pipeline as POST /api/upload-file (ingest.ts), and the final PATCH answers
 * what that route answers, `{ fileUrl }`.
 */

/**
 * The sweeper of unfinished uploads, on the job queue (decision 0009): hourly, and at start. An
 * unfinished upload expires UPLOAD_UNFINISHED_HOURS after its creation (issue 30, F3).
 */
export const RESUMABLE_SWEEP_JOB = 'resumable-upload-sweep';

export const RESUMABLE_MESSAGES = {
  notFound: 'Upload not found',
  lengthRequired: 'Send the upload’s length (Upload-Length) when creating it.',
} as const;

/**
 * Metadata the server writes at creation and the client can neither set nor change: who created
 * the upload (every later request must be theirs), when (for the sweep, on the app's clock), and
 * the Idempotency-Key the creation carried.
 */
const OWNER = 'portal-owner';
const CREATED = 'portal-created';
const KEY = 'portal-idempotency-key';
const SERVER_KEYS = [OWNER, CREATED, KEY];

/** Upload ids are ours: 16 random bytes in hex (never a client's name, never a path). */
const ID = /^[0-9a-f]{32}$/;
const newId = () => crypto.randomBytes(16).toString('hex');

/**
 * @tus/server with its file store (tus.ts), loaded by the first resumable upload, or by a sweep
 * that finds one staged, rather than at start (issue 14).
 */
const loadTus = lazy('@tus/server', () => import('./tus'));

/**
 * Issue 30, F2: the one upload an address names. The route's `:id` and tus's own reading of the
 * address (its last segment, query string and all) used to differ: `…/<own id>?x=/<other id>` was
 * checked as the first and acted on as the second. The id is read once, here, from the address
 * as sent, which must be exactly `{path}/{id}`; a query string, a fragment, an encoded or doubled
 * slash, a dot segment or a trailing slash makes it no upload's address. tus is then handed this
 * id and an address rebuilt from it, never the client's.
 */
function uploadIdIn(url: string): string | undefined {
  const prefix = `${RESUMABLE_UPLOADS_PATH}/`;
  const id = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  return ID.test(id) ? id : undefined;
}

/** What a request handed to tus carries for the hooks: its member, its key, and what they decided. */
interface Exchange {
  userId: string;
  /** The upload the owner check passed (uploadIdIn); tus acts on this one and no other. */
  uploadId?: string;
  /** The upload this creation recorded (issue 30, F3), to forget should tus then fail to stage it. */
  created?: string;
  key: string | undefined;
  log: FastifyBaseLogger;
  /** The pipeline's refusal at completion, answered as the upload routes answer it. */
  error?: unknown;
}

/** The media family the client declares (tus-js-client's `filetype`): it picks the size limit. */
const familyOf = (declared: string | null | undefined) => /^(image|video)\//.exec(declared ?? '')?.[1] ?? 'file';

export default fp(
  async (app: FastifyInstance) => {
    const directory = path.join(app.config.dataDir, 'resumable');
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    const exchanges = new WeakMap<Request, Exchange>();

    /** The store and the tus server of this app, made on first use. */
    let engine: ReturnType<typeof createEngine> | undefined;
    const tusEngine = () =>
      (engine ??= createEngine().catch((err: unknown) => {
        engine = undefined;
        throw err;
      }));

    async function createEngine() {
      const { StagingStore, TusServer } = await loadTus();
      const store = new StagingStore({ directory });
      const tus = new TusServer({
        path: RESUMABLE_UPLOADS_PATH,
        datastore: store,
        relativeLocation: true,
        maxSize: MAX_VIDEO_BYTES,
        namingFunction: newId,
        // Issue 30, F2: never tus's own reading of the address; the id the owner check passed.
        getFileIdFromRequest: (req) => exchanges.get(req)?.uploadId,
        // A finished upload is gone from staging (completion removes it): nothing to terminate.
        disableTerminationForFinishedUploads: true,
        async onUploadCreate(req, upload) {
          const exchange = exchanges.get(req)!;
          const metadata = Object.fromEntries(
            Object.entries(upload.metadata ?? {}).filter(([name]) => !SERVER_KEYS.includes(name)),
          );
          const now = app.clock.now();
          metadata[OWNER] = exchange.userId;
          metadata[CREATED] = String(now.getTime());
          if (exchange.key) metadata[KEY] = exchange.key;
          try {
            await recordCreation({ id: upload.id, ownerId: exchange.userId, length: upload.size!, createdAt: now });
          } catch (err) {
            // Answered by the route (413 past an allowance), as at completion.
            exchange.error = err;
            throw { status_code: 500, body: 'refused' };
          }
          exchange.created = upload.id;
          return { metadata };
        },
        async onUploadFinish(req, upload) {
          const exchange = exchanges.get(req)!;
          try {
            const answer = await complete(store, upload, exchange);
            return {
              status_code: answer.status,
              headers: { 'Content-Type': 'application/json; charset=utf-8' },
              body: JSON.stringify(answer.body),
            };
          } catch (err) {
            // Answered by the route as the multipart routes answer it (same status, same message).
            exchange.error = err;
            throw { status_code: 500, body: 'refused' };
          } finally {
            // Stored (or refused): the staged bytes are not needed any more, either way.
            await removeStaged(upload.id);
          }
        },
      });
      return { store, tus };
    }

    /**
     * Issue 30, F3: the length an upload declares counts against its member's allowances from its
     * creation, beside their stored files and their other unfinished uploads, until it is stored,
     * given up or expired. Without this, each creation was checked against the stored files alone
     * and 270 MB were staged against a 50 MB allowance. Checked and recorded under the member's
     * lock, so creations sent side by side count one after the other.
     */
    async function recordCreation(upload: { id: string; ownerId: string; length: number; createdAt: Date }) {
      await app.db.transaction(async (tx) => {
        await lockUploader(tx, upload.ownerId);
        const over = (await allowanceOf(app, tx, upload.ownerId)).exceededBy(upload.length);
        if (over) throw over;
        await recordUnfinished(tx, upload);
      });
    }

    /** The finished upload through the one pipeline of every upload (ingest.ts). */
    function complete(store: StagingStore, upload: Upload, exchange: Exchange) {
      const metadata = upload.metadata ?? {};
      const ownerId = metadata[OWNER]!;
      const key = metadata[KEY] ?? undefined;
      return ingestOnce(
        app,
        { file: store.read(upload.id), filename: metadata.filename ?? metadata.name ?? undefined },
        {
          ownerId,
          finishing: upload.id,
          decide(mime) {
            // Report media only: documents and imports have their own routes and rules.
            const accepted = accept(mime);
            if (accepted.kind !== 'image' && accepted.kind !== 'video') throw unsupported();
            return accepted;
          },
          // The scope of POST /api/upload-file: a report's video sent there once and here again
          // (an app updated between two tries) is still stored once.
          request: key ? { userId: ownerId, scope: `upload-file:${familyOf(metadata.filetype)}`, key } : undefined,
          respond: (url) => ({ fileUrl: url }),
          log: exchange.log,
        },
      );
    }

    /** Removes an unfinished upload: its staged bytes, and its record (its length counts no more). */
    async function removeStaged(id: string) {
      await Promise.all([
        fsp.rm(path.join(directory, id), { force: true }),
        fsp.rm(path.join(directory, `${id}.json`), { force: true }),
        forgetUnfinished(app.db, id),
      ]);
    }

    /**
     * The id of the upload the request's address names, if it is the caller's: the id alone is
     * not a capability. Another member's upload, one that does not exist, one that has expired
     * (issue 30, F3: even before the sweep has removed it) and an address that is not exactly an
     * upload's (uploadIdIn) are the same 404.
     */
    async function ownUpload(req: FastifyRequest): Promise<string> {
      const id = uploadIdIn(req.url);
      const upload = id ? await (await tusEngine()).store.getUpload(id).catch(() => undefined) : undefined;
      const expired = !(Number(upload?.metadata?.[CREATED]) > expiredBy().getTime());
      if (!id || !upload || upload.metadata?.[OWNER] !== signedIn(req).user.id || expired) {
        throw notFound(RESUMABLE_MESSAGES.notFound);
      }
      return id;
    }

    /** Unfinished uploads created at or before this moment have expired (UPLOAD_UNFINISHED_HOURS). */
    const expiredBy = () => addMinutes(app.clock.now(), -app.config.uploads.unfinishedMinutes);

    /**
     * Hands the request to tus as a web Request (its body streamed, never buffered) and answers
     * with tus's answer. tus's own refusals (a wrong offset: 409) are answered as `{ message }`.
     */
    async function forward(req: FastifyRequest, reply: FastifyReply, uploadId?: string) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        // The session stays with us; tus needs only its own headers.
        if (value === undefined || name === 'cookie' || name === 'authorization') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = req.body instanceof Readable ? (Readable.toWeb(req.body) as ReadableStream<Uint8Array>) : undefined;
      // The address tus sees is ours (issue 30, F2): the collection, or the upload checked.
      const url = uploadId ? `${RESUMABLE_UPLOADS_PATH}/${uploadId}` : RESUMABLE_UPLOADS_PATH;
      const request = new Request(new URL(url, 'http://portal.invalid'), {
        method: req.method,
        headers,
        body,
        // Node's fetch needs `duplex` to take a streamed body.
        duplex: 'half',
      });
      const exchange: Exchange = { userId: signedIn(req).user.id, uploadId, key: idempotencyKeyOf(req), log: req.log };
      exchanges.set(request, exchange);
      const { tus } = await tusEngine();
      const res = await tus.handleWeb(request);
      // A creation recorded, then not staged (the disk refused), and an upload given up: their
      // lengths count no more (issue 30, F3).
      if (exchange.created && res.status >= 400) await removeStaged(exchange.created);
      if (req.method === 'DELETE' && uploadId && res.status === 204) await forgetUnfinished(app.db, uploadId);
      if (exchange.error) throw exchange.error;
      for (const [name, value] of res.headers) {
        // Same origin only: no CORS headers. Fastify counts the length itself.
        if (name.startsWith('access-control-') || name === 'content-length') continue;
        reply.header(name, value);
      }
      reply.status(res.status);
      const text = await res.text();
      if (res.status >= 400) {
        return reply.type('application/json; charset=utf-8').send({ message: text.trim() || 'Upload failed' });
      }
      return reply.send(text || undefined);
    }

    /**
     * Removes the unfinished uploads that have expired (by the app's clock): their staged bytes and
     * their records, also the records of uploads staged on another instance's disk; answers how many.
     */
    async function sweep(): Promise<number> {
      const cutoff = expiredBy().getTime();
      const unstaged = new Set(await forgetExpiredUnfinished(app.db, new Date(cutoff)));
      const ids = new Set(
        (await fsp.readdir(directory)).map((name) => name.replace(/\.json$/, '')).filter((id) => ID.test(id)),
      );
      let removed = 0;
      for (const id of ids) {
        const { store } = await tusEngine();
        const config = await store.configstore.get(id).catch(() => undefined);
        let created = Number(config?.metadata?.[CREATED]);
        if (!Number.isFinite(created)) {
          // Half-created (a crash between the data file and its record): its age on disk tells.
          const stat = await fsp.stat(path.join(directory, id)).catch(() => undefined);
          created = stat?.mtimeMs ?? 0;
        }
        unstaged.delete(id);
        if (created > cutoff) continue;
        await removeStaged(id);
        removed++;
      }
      removed += unstaged.size;
      if (removed) app.log.info({ removed }, 'unfinished resumable uploads removed');
      return removed;
    }

    app.decorate('resumableUploads', { sweep });
    app.queue.define(RESUMABLE_SWEEP_JOB, { cron: '30 * * * *', atStart: true, run: sweep });

    await app.register(async (base) => {
      const routes = base.withTypeProvider<ZodTypeProvider>();
      // tus 1.0.0: PATCH bodies are `application/offset+octet-stream`. The stream is handed on
      // as it is; the upload's length bounds it (tus answers 413 past it).
      routes.addContentTypeParser('application/offset+octet-stream', (_req, payload, done) => done(null, payload));
      const uploadRate = uploadRateLimit(app);
      const tags = ['files'];
      // Any text: the address as a whole is checked (uploadIdIn), and anything but an upload's is a 404.
      const params = z.strictObject({ id: z.string() });

      routes.post(RESUMABLE_UPLOADS_PATH, { schema: { tags }, onRequest: uploadRate }, async (req, reply) => {
        // The limits (here) and the allowance (recordCreation) are checked before a byte is staged;
        // the content, the limits of its real kind and the allowance again when the last byte has
        // arrived.
        const declared = req.headers['upload-length'];
        if (
          req.headers['upload-defer-length'] !== undefined ||
          typeof declared !== 'string' ||
          !/^\d{1,16}$/.test(declared)
        ) {
          throw badRequest(RESUMABLE_MESSAGES.lengthRequired);
        }
        const size = Number(declared);
        let metadata: Record<string, string | null>;
        try {
          const header = req.headers['upload-metadata'];
          const { Metadata } = await loadTus();
          metadata = typeof header === 'string' ? Metadata.parse(header) : {};
        } catch {
          throw badRequest('Invalid Upload-Metadata');
        }
        if (size > (familyOf(metadata.filetype) === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES)) throw tooLarge();
        return forward(req, reply);
      });

      routes.head(`${RESUMABLE_UPLOADS_PATH}/:id`, { schema: { tags, params } }, async (req, reply) =>
        forward(req, reply, await ownUpload(req)),
      );

      routes.patch(`${RESUMABLE_UPLOADS_PATH}/:id`, { schema: { tags, params } }, async (req, reply) =>
        forward(req, reply, await ownUpload(req)),
      );

      routes.delete(`${RESUMABLE_UPLOADS_PATH}/:id`, { schema: { tags, params } }, async (req, reply) =>
        forward(req, reply, await ownUpload(req)),
      );
    });
  },
  { name: 'resumable-uploads', dependencies: ['config', 'db', 'auth', 'limits', 'queue', 'storage', 'files'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    resumableUploads: {
      /** Removes the unfinished resumable uploads that have expired; answers how many. */
      sweep(): Promise<number>;
    };
  }
}
