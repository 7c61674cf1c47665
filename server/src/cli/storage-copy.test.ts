import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3';
import { localDiskStorage, type Storage } from '../plugins/storage';
import { copyStorage, openStorage } from './storage-copy';

const execFileAsync = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-copy-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function contents(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.keys()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
    out[key] = Buffer.concat(chunks).toString('hex');
  }
  return out;
}

async function filled(dir: string, n: number) {
  const storage = localDiskStorage(dir);
  for (let i = 0; i < n; i++) await storage.put(storage.newKey(), Readable.from([crypto.randomBytes(100 + i)]));
  return storage;
}

describe('storage:copy', () => {
  it('copies every key from disk to S3 and back, byte for byte', async () => {
    const disk = await filled(path.join(root, 'source'), 5);
    const bucket = await openStorage(s3.storageUrl('copied'));
    try {
      expect(await copyStorage(disk, bucket.storage)).toMatchObject({ copied: 5, skipped: 0 });
      expect(await contents(bucket.storage)).toEqual(await contents(disk));

      const back = localDiskStorage(path.join(root, 'back'));
      expect(await copyStorage(bucket.storage, back)).toMatchObject({ copied: 5, skipped: 0 });
      expect(await contents(back)).toEqual(await contents(disk));
    } finally {
      bucket.close();
    }
  });

  it('resumes: skips keys already there with the same size, copies missing and different ones', async () => {
    const disk = await filled(path.join(root, 'resume'), 4);
    const bucket = await openStorage(s3.storageUrl('resumed'));
    try {
      await copyStorage(disk, bucket.storage);
      const keys = Object.keys(await contents(disk)).sort();
      // An interrupted copy: one key never arrived, one arrived cut short.
      await bucket.storage.delete(keys[0]!);
      await bucket.storage.put(keys[1]!, Readable.from([Buffer.from('cut')]));
      const seen: string[] = [];
      const result = await copyStorage(disk, bucket.storage, (key, action) => seen.push(`${action} ${key}`));
      expect(result).toMatchObject({ copied: 2, skipped: 2 });
      expect(seen.filter((s) => s.startsWith('copied')).sort()).toEqual([`copied ${keys[0]}`, `copied ${keys[1]}`]);
      expect(await contents(bucket.storage)).toEqual(await contents(disk));
    } finally {
      bucket.close();
    }
  });

  it('runs as the npm script does, and refuses what is not a storage', async () => {
    const dir = path.join(root, 'cli');
    const disk = await filled(dir, 2);
    const cwd = path.resolve(import.meta.dirname, '../..');
    const run = (...args: string[]) =>
      execFileAsync(process.execPath, ['--import', 'tsx', 'src/cli/storage-copy.ts', ...args], { cwd });
    const { stdout } = await run('--from', dir, '--to', s3.storageUrl('cli'));
    expect(stdout).toContain('Done: 2 copied');
    expect((await run('--from', dir, '--to', s3.storageUrl('cli'))).stdout).toContain(
      'Done: 0 copied (0.0 MB), 2 already there.',
    );
    const bucket = await openStorage(s3.storageUrl('cli'));
    expect(await contents(bucket.storage)).toEqual(await contents(disk));
    bucket.close();

    await expect(run('--from', path.join(root, 'missing'), '--to', dir)).rejects.toMatchObject({
      stderr: expect.stringMatching(/^storage:copy failed: .* is neither an s3:\/\/ URL nor a folder/),
    });
  });
});
