/**
 * npm run storage:copy -w @portal/server -- --from <storage> --to <storage>
 *
 * Copies every stored upload from one storage to another (docs/operations.md, "File storage"): a storage is
 * either the uploads folder of a DATA_DIR (`./data/uploads`) or an `s3://bucket/prefix?…` URL
 * as in STORAGE_URL, with credentials from the standard AWS variables. A key already at the
 * destination with the same size is skipped, so an interrupted copy is resumed by running it
 * again. Nothing is deleted at the source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseStorageUrl, describeStorage } from '../lib/storage-url';
import { localDiskStorage, type Storage } from '../plugins/storage';

export interface CopyProgress {
  copied: number;
  skipped: number;
  bytes: number;
}

/** Copies every key of `from` that `to` lacks (or holds with another size). */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onKey?: (key: string, action: 'copied' | 'skipped', progress: CopyProgress) => void,
): Promise<CopyProgress> {
  const progress: CopyProgress = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of from.keys()) {
    const [source, target] = await Promise.all([from.stat(key), to.stat(key)]);
    // Deleted at the source since it was listed: nothing to copy.
    if (!source) continue;
    if (target && target.size === source.size) {
      progress.skipped++;
      onKey?.(key, 'skipped', progress);
      continue;
    }
    const { size } = await to.put(key, await from.open(key));
    progress.copied++;
    progress.bytes += size;
    onKey?.(key, 'copied', progress);
  }
  return progress;
}

/** A storage named on the command line; answers it and how to let it go. */
export async function openStorage(spec: string): Promise<{ storage: Storage; close(): void; name: string }> {
  if (spec.startsWith('s3://')) {
    // The region, like the credentials, as the AWS SDK reads it.
    // eslint-disable-next-line no-restricted-properties
    const location = parseStorageUrl(spec, process.env.AWS_REGION);
    if (location.driver !== 's3') throw new Error('unreachable');
    const { s3Storage } = await import('../plugins/storage-s3');
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-copy-'));
    const storage = await s3Storage(location, scratch);
    await storage.check();
    return {
      storage,
      name: describeStorage(location),
      close: () => {
        storage.close();
        fs.rmSync(scratch, { recursive: true, force: true });
      },
    };
  }
  const dir = path.resolve(spec);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new Error(
      `${spec} is neither an s3:// URL nor a folder (the uploads folder of a DATA_DIR, e.g. ./data/uploads)`,
    );
  }
  return { storage: localDiskStorage(dir), name: dir, close: () => {} };
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) {
    throw new Error(
      'usage: npm run storage:copy -w @portal/server -- --from <folder or s3://…> --to <folder or s3://…>',
    );
  }
  const from = await openStorage(values.from);
  const to = await openStorage(values.to);
  try {
    console.log(`Copying uploads from ${from.name} to ${to.name}`);
    const result = await copyStorage(from.storage, to.storage, (_key, _action, p) => {
      if ((p.copied + p.skipped) % 100 === 0) console.log(`${p.copied} copied, ${p.skipped} already there`);
    });
    console.log(
      `Done: ${result.copied} copied (${(result.bytes / 1024 / 1024).toFixed(1)} MB), ${result.skipped} already there.`,
    );
  } finally {
    from.close();
    to.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('cli', 'storage-copy.ts'))) {
  main().catch((err: unknown) => {
    console.error(`storage:copy failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
