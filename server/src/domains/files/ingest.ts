import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { MAX_IMAGE_PIXELS } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import type { HttpError } from '../../lib/errors';
import { loadFileType } from '../../lib/file-type';
import {
  claimKey,
  findAnswer,
  forgetKey,
  type IdempotentRequest,
  recordAnswer,
  type StoredAnswer,
} from '../../lib/idempotency';
import { fileUrl, uploadIdOf } from './plugin';
import {
  type Accepted,
  assertNameMatches,
  assertWordDocument,
  KIND_LIMITS,
  overDailyAllowance,
  overPendingAllowance,
  tooLarge,
  unsupported,
} from './content';
import {
  deleteUploads,
  findUpload,
  forgetUnfinished,
  insertUpload,
  lockUploader,
  type UploadRow,
  uploadedBytes,
} from './repository';
import { remuxWithoutMetadata } from './video';

/** Enough of the head for file-type to recognise every type we accept. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * Passes the upload through unchanged while it (1) holds back the first bytes until their type is
 * known and accepted, then (2) counts bytes against the limit of that kind. Memory stays at one
 * sample, whatever the file's size.
 */
class Intake extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  accepted: Accepted | undefined;

  constructor(
    private readonly decide: (mime: string | undefined) => Accepted,
    private readonly allowance: Allowance,
  ) {
    super();
  }

  /** The error of the first limit the bytes so far are over, if any. */
  private overLimit(): HttpError | undefined {
    if (this.accepted && this.total > KIND_LIMITS[this.accepted.kind]) return tooLarge();
    return this.allowance.exceededBy(this.total);
  }

  private async release(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const { fileTypeFromBuffer } = await loadFileType();
    const type = await fileTypeFromBuffer(head);
    this.accepted = this.decide(type?.mime);
    const over = this.overLimit();
    if (over) throw over;
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    const over = this.overLimit();
    if (over) return done(over);
    if (this.accepted) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SAMPLE_BYTES) return done();
    this.release().then(() => done(), done);
  }

  override _flush(done: TransformCallback) {
    if (this.accepted) return done();
    if (this.headLength === 0) return done(unsupported());
    this.release().then(() => done(), done);
  }
}

/** A client's file name, kept only for display and download names; never used as a path. */
export function cleanName(name: string | undefined): string {
  return path
    .basename((name ?? '').replaceAll('\\', '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .slice(0, 200);
}

async function reencodeImage(source: string, target: string, format: NonNullable<Accepted['imageFormat']>) {
  // Loaded with the first image rather than at start: libvips is ~17 MB of an idle server.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  try {
    const meta = await sharp(source, options).metadata();
    const animated = (meta.pages ?? 1) > 1;
    let image = sharp(source, { ...options, animated });
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by
    // default); animations have no orientation to apply.
    if (!animated) image = image.rotate();
    if (format === 'jpeg') image = image.jpeg({ quality: 90 });
    else if (format === 'webp') image = image.webp({ quality: 90 });
    else image = image.toFormat(format);
    await image.toFile(target);
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge();
    throw unsupported();
  }
}

/**
 * Issue 12 (M3): what a user may still upload, from the bytes of their uploads of the last 24 h
 * and of those no record names yet; issue 30, F3: with the declared lengths of their unfinished
 * resumable uploads, but for `finishing`, the one whose bytes are being counted.
 */
export interface Allowance {
  exceededBy(bytes: number): HttpError | undefined;
}

export async function allowanceOf(
  app: FastifyInstance,
  tx: Tx,
  ownerId: string,
  finishing?: string,
): Promise<Allowance> {
  const { dailyBytes, pendingBytes, unfinishedMinutes } = app.config.uploads;
  const now = app.clock.now();
  const { daily, pending } = await uploadedBytes(tx, ownerId, {
    since: addMinutes(now, -24 * 60),
    expiredBy: addMinutes(now, -unfinishedMinutes),
    finishing,
  });
  return {
    exceededBy: (bytes) =>
      daily + bytes > dailyBytes
        ? overDailyAllowance()
        : pending + bytes > pendingBytes
          ? overPendingAllowance()
          : undefined,
  };
}

export interface IngestOptions {
  ownerId: string;
  /** Decides from the sniffed type: answers what to keep, or throws (415, 403). */
  decide(mime: string | undefined): Accepted;
  /**
   * The unfinished resumable upload (resumable.ts) these bytes finish: its declared length is not
   * counted beside them, and its record goes in the transaction that records the file.
   */
  finishing?: string;
  /**
   * Issue 18: the upload's Idempotency-Key. The fingerprint is a keyed hash of the bytes as sent;
   * the key is claimed in the transaction that records the file, and `answer` is stored with it.
   */
  idempotency?: {
    request: Omit<IdempotentRequest, 'fingerprint'>;
    hmacKey: Buffer;
    answer(file: UploadRow): StoredAnswer;
  };
}

/** An upload whose key an earlier request, with the same bytes, has already recorded. */
export class ReplayedUpload extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('upload replayed');
  }
}

/** A pass-through that hashes the bytes as they were sent (before any re-encoding). */
export function bytesFingerprint(hmacKey: Buffer) {
  const hash = crypto.createHmac('sha256', hmacKey);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * The bytes of one upload as they arrive: a multipart file part (routes.ts), or the staged file
 * of a finished resumable upload (resumable.ts).
 */
export interface IngestSource {
  file: Readable;
  /** The client's file name, for display only (cleanName). */
  filename: string | undefined;
  /** Whether the source stopped at its own size limit (multipart's `truncated`). */
  truncated?: () => boolean;
}

/**
 * Streams one upload into storage and records it: the one pipeline of both upload protocols, so
 * the content checks, the limits, the metadata stripping, the allowances and the Idempotency-Key
 * apply alike. Any failure leaves nothing behind: no scratch file, no stored bytes, no row.
 */
export async function ingest(app: FastifyInstance, part: IngestSource, opts: IngestOptions) {
  const scratch = app.storage.scratchPath();
  const processed = app.storage.scratchPath();
  let row: UploadRow | undefined;
  let out: fs.WriteStream | undefined;
  try {
    const allowance = await allowanceOf(app, app.db, opts.ownerId, opts.finishing);
    const intake = new Intake((mime) => {
      const accepted = opts.decide(mime);
      assertNameMatches(part.filename, accepted);
      return accepted;
    }, allowance);
    out = fs.createWriteStream(scratch, { flags: 'wx', mode: 0o600 });
    const fingerprint = opts.idempotency && bytesFingerprint(opts.idempotency.hmacKey);
    if (fingerprint) await pipeline(part.file, fingerprint.stream, intake, out);
    else await pipeline(part.file, intake, out);
    if (part.truncated?.()) throw tooLarge();
    const accepted = intake.accepted;
    if (!accepted) throw unsupported();

    let ready = scratch;
    if (accepted.verifyDocx) await assertWordDocument(scratch);
    if (accepted.imageFormat) {
      await reencodeImage(scratch, processed, accepted.imageFormat);
      ready = processed;
    }
    if (accepted.video) {
      await remuxWithoutMetadata(scratch, processed, accepted.video, app.log);
      ready = processed;
    }
    const { size } = await fsp.stat(ready);
    if (size > KIND_LIMITS[accepted.kind]) throw tooLarge();

    // The row first, then the bytes: a crash between the two leaves a row without bytes (swept
    // as unattached, since nobody was told its URL), never bytes that no row accounts for.
    const storageKey = app.storage.newKey();
    row = await app.db.transaction(async (tx) => {
      // The allowance again, under the owner's lock: uploads sent side by side each passed the
      // first check against the same total; here they count one after the other.
      await lockUploader(tx, opts.ownerId);
      const idempotent = opts.idempotency && { ...opts.idempotency.request, fingerprint: fingerprint!.digest() };
      // A copy of this upload sent side by side got here first: its answer is this one's too.
      const earlier = idempotent ? await claimKey(tx, idempotent, app.clock.now()) : null;
      if (earlier) throw new ReplayedUpload(earlier);
      const over = (await allowanceOf(app, tx, opts.ownerId, opts.finishing)).exceededBy(size);
      if (over) throw over;
      const created = await insertUpload(tx, {
        ownerId: opts.ownerId,
        kind: accepted.kind,
        contentType: accepted.contentType,
        size,
        storageKey,
        originalName: cleanName(part.filename),
        createdAt: app.clock.now(),
      });
      if (idempotent) await recordAnswer(tx, idempotent, opts.idempotency!.answer(created));
      if (opts.finishing) await forgetUnfinished(tx, opts.finishing);
      return created;
    });
    await app.storage.putFile(storageKey, ready);
    return row;
  } catch (err) {
    if (row) {
      await deleteUploads(app.db, [row.id]).catch(() => {});
      await app.storage.delete(row.storageKey).catch(() => {});
    }
    // multipart's own size error (the request's limit) is a 413 like ours.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  } finally {
    // A refused stream may still be opening its file: remove it only once it is closed.
    if (out && !out.closed) await new Promise<void>((resolve) => out!.once('close', () => resolve()));
    await Promise.all([fsp.rm(scratch, { force: true }), fsp.rm(processed, { force: true })]);
  }
}

/** What an upload route answers: the stored file's URL under the route's own field name. */
export interface UploadAnswer {
  status: number;
  body: Record<string, string>;
}

export interface IngestOnceOptions extends Pick<IngestOptions, 'ownerId' | 'decide' | 'finishing'> {
  /** The Idempotency-Key of the upload (issue 18), scoped to its route and media family. */
  request?: Omit<IdempotentRequest, 'fingerprint'>;
  respond(url: string): Record<string, string>;
  /** The request's logger (its request id). */
  log: FastifyBaseLogger;
}

/**
 * Ingests one upload, once per Idempotency-Key (issue 18): the photo and the video of a report
 * are each stored once however often they are sent. A retry of a finished upload is only read
 * through to compare its bytes, never stored again; a file removed since (its report deleted) is
 * no answer, and is stored anew. Both upload protocols answer through here.
 */
export async function ingestOnce(app: FastifyInstance, source: IngestSource, opts: IngestOnceOptions) {
  const { request } = opts;
  if (request) {
    const earlier = await findAnswer(app.db, request);
    if (earlier && !(await stillStored(app, earlier.body))) await forgetKey(app.db, request);
    else if (earlier) {
      const fingerprint = bytesFingerprint(app.keys.idempotencyHmac);
      await pipeline(source.file, fingerprint.stream, new Writable({ write: (_chunk, _enc, done) => done() }));
      return asAnswer(earlier.check(fingerprint.digest()));
    }
  }
  try {
    const file = await ingest(app, source, {
      ownerId: opts.ownerId,
      decide: opts.decide,
      finishing: opts.finishing,
      idempotency: request
        ? {
            request,
            hmacKey: app.keys.idempotencyHmac,
            answer: (row) => ({ status: 201, body: opts.respond(fileUrl(row.id)) }),
          }
        : undefined,
    });
    opts.log.info({ uploadId: file.id, kind: file.kind, size: file.size }, 'file uploaded');
    return { status: 201, body: opts.respond(fileUrl(file.id)) };
  } catch (err) {
    if (err instanceof ReplayedUpload) return asAnswer(err.answer);
    throw err;
  }
}

const asAnswer = (answer: StoredAnswer): UploadAnswer => ({
  status: answer.status,
  body: answer.body as Record<string, string>,
});

async function stillStored(app: FastifyInstance, body: unknown) {
  const url = Object.values(body as Record<string, string>)[0];
  const id = url && uploadIdOf(url);
  if (!id) return false;
  return (await findUpload(app.db, id)) !== undefined;
}
