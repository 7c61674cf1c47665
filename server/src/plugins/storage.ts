import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An inclusive byte range, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded bytes live (ARCHITECTURE §2). Keys are chosen by the server (`newKey`), never
 * taken from a client's file name. Two drivers: the local disk (below) and an S3-compatible
 * bucket (storage-s3.ts), the path for several instances.
 */
export interface Storage {
  /** A fresh random key. */
  newKey(): string;
  /** Stores the stream under `key`; nothing is visible under the key until it is complete. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** Moves a complete local file (from `scratchPath`) under `key`; the local file is gone after. */
  putFile(key: string, localPath: string): Promise<{ size: number }>;
  /** A read stream over the bytes, or over `range` of them. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** The size, or null when nothing is stored under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes the bytes; deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** A path for a local working file (staging an upload); the caller removes it. */
  scratchPath(): string;
  /** Every key with stored bytes (to find bytes that no row refers to). */
  keys(): AsyncIterable<string>;
  /**
   * Removes working files that no running process will finish: those of a process that died
   * (a crash, a SIGKILL) and, from another host sharing the folder, those older than a day.
   * Answers how many.
   */
  sweepScratch(): Promise<number>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
const SHARD = /^[0-9a-f]{2}$/;
const OTHER_HOST_SCRATCH_MS = 24 * 60 * 60_000;

/**
 * Working files are named `host~pid~run~random`: `run` tells this process from an earlier one
 * that had the same pid (a container restarts its server as pid 1 every time).
 */
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
const RUN = crypto.randomBytes(6).toString('hex');
const scratchName = () => `${HOST}~${process.pid}~${RUN}~${crypto.randomBytes(12).toString('hex')}`;

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a working file may still be being written by a live process. */
async function scratchInUse(file: string, name: string): Promise<boolean> {
  const [host, pid, run] = name.split('~');
  if (host === HOST && pid && run) {
    if (Number(pid) === process.pid) return run === RUN;
    return processRuns(Number(pid));
  }
  // Another host (a shared folder), or a name we did not write: only its age tells.
  const stat = await fsp.stat(file).catch(() => undefined);
  return !!stat && Date.now() - stat.mtimeMs < OTHER_HOST_SCRATCH_MS;
}

/**
 * Working files in `dir`, named by their process (see scratchName): where an upload is staged
 * and processed (sniffed, re-encoded, remuxed in a worker) before its bytes are stored.
 */
export function localScratch(dir: string): Pick<Storage, 'scratchPath' | 'sweepScratch'> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    scratchPath: () => path.join(dir, scratchName()),
    async sweepScratch() {
      let removed = 0;
      for (const name of await fsp.readdir(dir)) {
        const file = path.join(dir, name);
        if (await scratchInUse(file, name)) continue;
        await fsp.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** A fresh random key: a two-character shard and 32 hex characters. */
export function newStorageKey(): string {
  const hex = crypto.randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** Whether `key` is one newStorageKey() makes (anything else, a path from a request, is refused). */
export const isStorageKey = (key: string) => KEY.test(key);

/**
 * Local disk under `root`: `root/ab/ab…` for the files, `root/.tmp` for files being written
 * (same file system, so the final rename is atomic).
 */
export function localDiskStorage(root: string): Storage {
  const scratch = localScratch(path.join(root, '.tmp'));

  const fileOf = (key: string) => {
    // Keys come from newKey(); anything else (a path from a request) is refused outright.
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  async function place(key: string, localPath: string) {
    const target = fileOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.rename(localPath, target);
    return { size: (await fsp.stat(target)).size };
  }

  return {
    newKey: newStorageKey,
    async put(key, source) {
      fileOf(key);
      const temp = scratch.scratchPath();
      try {
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        return await place(key, temp);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
    },
    async putFile(key, localPath) {
      try {
        return await place(key, localPath);
      } catch (err) {
        await fsp.rm(localPath, { force: true });
        throw err;
      }
    },
    async open(key, range) {
      const file = fileOf(key);
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const s = await fsp.stat(fileOf(key));
        return { size: s.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    scratchPath: scratch.scratchPath,
    async *keys() {
      for (const shard of await fsp.readdir(root)) {
        if (!SHARD.test(shard)) continue;
        for (const name of await fsp.readdir(path.join(root, shard)).catch(() => [])) {
          const key = `${shard}/${name}`;
          if (KEY.test(key)) yield key;
        }
      }
    },
    sweepScratch: scratch.sweepScratch,
  };
}

/**
 * `app.storage`: the local-disk driver rooted at DATA_DIR/uploads, or the S3-compatible one when
 * STORAGE_URL names a bucket (issue 14). A bucket that cannot be reached stops the start, with one
 * line that names it.
 */
export default fp(
  async (app: FastifyInstance, opts: { storage?: Storage }) => {
    const location = app.config.storage;
    if (opts.storage || location.driver === 'disk') {
      app.decorate('storage', opts.storage ?? localDiskStorage(path.join(app.config.dataDir, 'uploads')));
      return;
    }
    // Loaded only when used: the AWS SDK is a few MB of an idle server on the local disk.
    const { s3Storage } = await import('./storage-s3');
    const storage = await s3Storage(location, path.join(app.config.dataDir, 'scratch'));
    try {
      await storage.check();
    } catch (err) {
      storage.close();
      throw err;
    }
    app.decorate('storage', storage);
    // The working folder is this instance's own, and the sweeper's job may run on any instance:
    // each one clears what a crash of its own left there when it starts.
    app.addHook('onReady', async () => {
      storage
        .sweepScratch()
        .then((scratch) => scratch && app.log.info({ scratch }, 'working files of a stopped process removed'))
        .catch((err: unknown) => app.log.warn({ err }, 'could not sweep the working folder'));
    });
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'storage', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}
