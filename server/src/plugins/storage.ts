import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
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
 * taken from a client's file name. An S3-compatible driver is the path for several instances.
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
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/**
 * Local disk under `root`: `root/ab/ab…` for the files, `root/.tmp` for files being written
 * (same file system, so the final rename is atomic).
 */
export function localDiskStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });

  const fileOf = (key: string) => {
    // Keys come from newKey(); anything else (a path from a request) is refused outright.
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const scratchPath = () => path.join(tmpDir, crypto.randomBytes(16).toString('hex'));

  async function place(key: string, localPath: string) {
    const target = fileOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.rename(localPath, target);
    return { size: (await fsp.stat(target)).size };
  }

  return {
    newKey() {
      const hex = crypto.randomBytes(16).toString('hex');
      return `${hex.slice(0, 2)}/${hex}`;
    },
    async put(key, source) {
      fileOf(key);
      const temp = scratchPath();
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
    scratchPath,
  };
}

/** `app.storage`: the local-disk driver rooted at DATA_DIR/uploads. */
export default fp(
  async (app: FastifyInstance, opts: { storage?: Storage }) => {
    app.decorate('storage', opts.storage ?? localDiskStorage(path.join(app.config.dataDir, 'uploads')));
  },
  { name: 'storage', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}
