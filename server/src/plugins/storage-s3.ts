import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { HttpError } from '../lib/errors';
import { describeStorage, type StorageLocation } from '../lib/storage-url';
import { isStorageKey, localScratch, newStorageKey, type Storage } from './storage';

type S3Location = Extract<StorageLocation, { driver: 's3' }>;

/** Seconds a client is told to wait when the store does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;
/** Multipart part size: 8 MB, so at most PARTS_IN_FLIGHT × 8 MB of one upload is in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** 503 with Retry-After: the store is down or refuses us; nothing was stored or read. */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'File storage is temporarily unavailable. Please try again shortly.', {
      'retry-after': String(STORAGE_RETRY_AFTER_SECONDS),
    });
    this.cause = cause;
  }
}

interface S3Failure {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const isNotFound = (err: unknown) => {
  const e = err as S3Failure;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** A missing object, shaped like the disk driver's (the file routes answer 404 on ENOENT). */
function missing(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored bytes under ${key}`), { code: 'ENOENT' });
}

/** Every failure of the store itself (down, refusing, timing out) is a 503 for the client. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError || (err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    throw new StorageUnavailableError(err);
  }
}

/**
 * The AWS SDK, loaded with the first S3 storage: about 20 MB of a server's memory that one on
 * the local disk does not pay (a dynamic import stays one in the bundle).
 */
const loadSdk = async () => ({ ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/lib-storage')) });
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** The SDK client for a location; credentials come from the standard AWS variables. */
function s3Client(sdk: Sdk, location: S3Location): S3Client {
  const config: S3ClientConfig = {
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    maxAttempts: 3,
    // Down is down: a request waits at most this long for a connection, so an upload answers 503
    // in seconds rather than holding the client's connection open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
  if (location.endpoint) {
    config.endpoint = location.endpoint;
    // Stores other than AWS (older MinIO, Ceph RGW, some R2 paths) refuse the SDK's default
    // CRC32 trailers; send checksums only where the API requires them.
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  return new sdk.S3Client(config);
}

export interface S3Storage extends Storage {
  /** Throws one line naming the bucket when it cannot be reached with these credentials. */
  check(): Promise<void>;
  close(): void;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph RGW) through the official AWS SDK
 * v3. Uploads are staged in `scratchDir` on the local disk as with the disk driver (sniffing,
 * re-encoding and the video remux need a file), then streamed to the bucket as a multipart
 * upload that is only visible once complete. Objects are `prefix + key`.
 */
export async function s3Storage(location: S3Location, scratchDir: string): Promise<S3Storage> {
  const sdk = await loadSdk();
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, Upload } =
    sdk;
  const client = s3Client(sdk, location);
  const scratch = localScratch(scratchDir);
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return location.prefix + key;
  };

  async function put(key: string, source: Readable) {
    const Key = objectKey(key);
    let sourceError: unknown;
    let size = 0;
    source.on('data', (chunk: Buffer) => (size += chunk.length));
    source.once('error', (err) => (sourceError ??= err));
    try {
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: source },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed multipart upload is aborted, so its parts are not kept (and billed).
        leavePartsOnError: false,
      });
      await upload.done();
    } catch (err) {
      source.destroy();
      // A failing source (a client that hung up, a limit) is its own error, not the store's.
      if (sourceError) throw sourceError;
      throw new StorageUnavailableError(err);
    }
    return { size };
  }

  return {
    newKey: newStorageKey,
    put,
    async putFile(key, localPath) {
      try {
        objectKey(key);
        return await put(key, fs.createReadStream(localPath));
      } finally {
        await fsp.rm(localPath, { force: true });
      }
    },
    async open(key, range) {
      const Key = objectKey(key);
      return guarded(async () => {
        try {
          const res = await client.send(
            new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
          );
          if (!(res.Body instanceof Readable)) throw new Error('The S3 client answered without a stream');
          return res.Body;
        } catch (err) {
          if (isNotFound(err)) throw missing(key);
          throw err;
        }
      });
    },
    async stat(key) {
      const Key = objectKey(key);
      return guarded(async () => {
        try {
          const res = await client.send(new HeadObjectCommand({ Bucket, Key }));
          return { size: res.ContentLength ?? 0 };
        } catch (err) {
          if (isNotFound(err)) return null;
          throw err;
        }
      });
    },
    async delete(key) {
      const Key = objectKey(key);
      // Deleting what is not there succeeds in S3 already.
      await guarded(() => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    scratchPath: scratch.scratchPath,
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await guarded(() =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: location.prefix, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(location.prefix.length);
          if (key && isStorageKey(key)) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    sweepScratch: scratch.sweepScratch,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const e = err as S3Failure & { message?: string; code?: string };
        const status = e.$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? 'no such bucket'
            : status === 403
              ? 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
              : status
                ? `HTTP ${status}`
                : (e.code ?? e.name ?? e.message ?? 'no answer');
        throw new Error(`File storage ${describeStorage(location)} is not reachable: ${reason}`);
      }
    },
    close: () => client.destroy(),
  };
}
