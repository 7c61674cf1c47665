import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3';
import { parseStorageUrl, type StorageLocation } from '../lib/storage-url';
import { localDiskStorage, type Storage } from './storage';
import { s3Storage, type S3Storage, StorageUnavailableError } from './storage-s3';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A pid no process has (above the kernel's maximum). */
const DEAD_PID = 4_194_305;

const s3Location = (prefix: string, endpoint = s3.endpoint) =>
  parseStorageUrl(
    `s3://${s3.bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
  ) as Extract<StorageLocation, { driver: 's3' }>;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function keysOf(storage: Storage) {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A stream of `total` pseudo-random bytes, in 1 MB chunks, that fails after `failAfter` bytes if given. */
function bytes(total: number, seed: string, failAfter?: number): { stream: Readable; digest: () => string } {
  const hash = crypto.createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= total) return this.push(null);
      const n = Math.min(1024 * 1024, total - sent);
      const chunk = crypto
        .createHash('sha512')
        .update(`${seed}:${sent}`)
        .digest()
        .toString('hex')
        .repeat(Math.ceil(n / 128))
        .slice(0, n);
      const buf = Buffer.from(chunk);
      hash.update(buf);
      sent += n;
      this.push(buf);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

interface Driver {
  storage: Storage;
  /** Where the driver keeps bytes for keys, as seen from outside it (file names or object keys). */
  storedNames(): Promise<string[]>;
  /** Adds something under the driver's root that is not a key of ours. */
  addStray(): Promise<void>;
}

const drivers: [string, () => Promise<Driver>][] = [
  [
    'local disk',
    async () => {
      const dir = fs.mkdtempSync(path.join(root, 'disk-'));
      return {
        storage: localDiskStorage(dir),
        storedNames: async () =>
          fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
            .sort(),
        addStray: async () => fs.writeFileSync(path.join(dir, 'stray.txt'), 'not a key'),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const prefix = `run-${crypto.randomBytes(4).toString('hex')}`;
      return {
        storage: await s3Storage(s3Location(prefix), fs.mkdtempSync(path.join(root, 'scratch-'))),
        storedNames: async () => {
          const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
          return (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)).sort();
        },
        addStray: async () => {
          await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/stray.txt`, Body: 'x' }));
          // Beside the prefix, not in it: another deployment's object.
          await s3.client.send(
            new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}-other/ab/${'a'.repeat(32)}`, Body: 'x' }),
          );
        },
      };
    },
  ],
];

describe.each(drivers)('%s storage', (_name, make) => {
  let d: Driver;
  beforeAll(async () => {
    d = await make();
  });

  it('stores a stream and reads it back whole, by range, and by size', async () => {
    const key = d.storage.newKey();
    const data = Buffer.from('0123456789abcdefghij');
    expect(await d.storage.put(key, Readable.from([data.subarray(0, 7), data.subarray(7)]))).toEqual({ size: 20 });
    expect(await readAll(await d.storage.open(key))).toEqual(data);
    expect((await readAll(await d.storage.open(key, { start: 3, end: 9 }))).toString()).toBe('3456789');
    expect((await readAll(await d.storage.open(key, { start: 19, end: 19 }))).toString()).toBe('j');
    expect(await d.storage.stat(key)).toEqual({ size: 20 });
  });

  it('streams a file larger than one multipart part byte for byte', async () => {
    const key = d.storage.newKey();
    const total = 19 * 1024 * 1024 + 123;
    const source = bytes(total, 'large');
    expect(await d.storage.put(key, source.stream)).toEqual({ size: total });
    const back = await readAll(await d.storage.open(key));
    expect(back.length).toBe(total);
    expect(sha(back)).toBe(source.digest());
    const tail = await readAll(await d.storage.open(key, { start: total - 10, end: total - 1 }));
    expect(tail).toEqual(back.subarray(total - 10));
  });

  it('moves a finished working file under a key, and the working file is gone', async () => {
    const scratch = d.storage.scratchPath();
    fs.writeFileSync(scratch, 'processed upload');
    const key = d.storage.newKey();
    expect(await d.storage.putFile(key, scratch)).toEqual({ size: 16 });
    expect(fs.existsSync(scratch)).toBe(false);
    expect((await readAll(await d.storage.open(key))).toString()).toBe('processed upload');
  });

  it('stores nothing under the key when the source fails half-way, and says why', async () => {
    const key = d.storage.newKey();
    const source = bytes(12 * 1024 * 1024, 'broken', 9 * 1024 * 1024);
    await expect(d.storage.put(key, source.stream)).rejects.toThrow('the client went away');
    expect(await d.storage.stat(key)).toBeNull();
    expect((await keysOf(d.storage)).includes(key)).toBe(false);
  });

  it('answers a missing key as missing, and deleting it is no error', async () => {
    const key = d.storage.newKey();
    expect(await d.storage.stat(key)).toBeNull();
    await expect(d.storage.open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await d.storage.delete(key);
  });

  it('deletes stored bytes', async () => {
    const key = d.storage.newKey();
    await d.storage.put(key, Readable.from(['gone soon']));
    await d.storage.delete(key);
    expect(await d.storage.stat(key)).toBeNull();
    expect((await keysOf(d.storage)).includes(key)).toBe(false);
  });

  it('refuses keys it did not make', async () => {
    for (const key of ['../../etc/passwd', 'ab/../../x', 'AB/' + 'A'.repeat(32), 'stray.txt']) {
      await expect(d.storage.put(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
      await expect(d.storage.open(key)).rejects.toThrow('Invalid storage key');
    }
  });

  it('lists the keys of stored bytes, and nothing else', async () => {
    const before = await keysOf(d.storage);
    const a = d.storage.newKey();
    const b = d.storage.newKey();
    await d.storage.put(a, Readable.from(['one']));
    await d.storage.put(b, Readable.from(['two']));
    await d.addStray();
    expect(await keysOf(d.storage)).toEqual([...before, a, b].sort());
    // Every stored name is a listed key, apart from the stray and the working files.
    const listed = new Set(await keysOf(d.storage));
    const others = (await d.storedNames()).filter((n) => !listed.has(n) && !n.startsWith('.tmp'));
    expect(others).toEqual(['stray.txt']);
  });
});

describe('S3 storage', () => {
  it('lists past one page of results', async () => {
    const storage = await s3Storage(s3Location('paged'), fs.mkdtempSync(path.join(root, 'scratch-')));
    const keys = Array.from({ length: 1005 }, () => storage.newKey());
    // s3rver answers 1000 keys a page at most, as S3 does.
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(
        keys
          .slice(i, i + 50)
          .map((k) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `paged/${k}`, Body: '' }))),
      );
    }
    expect(await keysOf(storage)).toEqual(keys.sort());
    // 1,005 uploads to s3rver: about 10 s on a quiet 2-core machine, past 30 s on a busy one.
  }, 120_000);

  it('stores a key under its prefix, as objects anyone can find', async () => {
    const storage = await s3Storage(s3Location('a/b'), fs.mkdtempSync(path.join(root, 'scratch-')));
    const key = storage.newKey();
    await storage.put(key, Readable.from(['placed']));
    const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `a/b/${key}` }));
    expect(await res.Body!.transformToString()).toBe('placed');
  });

  it('refuses to start on a bucket that does not exist or a store that does not answer, in one line', async () => {
    const scratch = fs.mkdtempSync(path.join(root, 'scratch-'));
    const noBucket = await s3Storage({ ...s3Location('x'), bucket: 'no-such-bucket' }, scratch);
    await expect(noBucket.check()).rejects.toThrow(
      /^File storage s3:\/\/no-such-bucket\/x\/ at .* is not reachable: no such bucket$/,
    );
    const nobody = await s3Storage(s3Location('x', 'http://127.0.0.1:9'), scratch);
    await expect(nobody.check()).rejects.toThrow(/is not reachable: ECONNREFUSED$/);
    nobody.close();
    await (await s3Storage(s3Location('x'), scratch)).check();
  });

  describe('when the store goes down', () => {
    let storage: S3Storage;
    let key: string;
    beforeAll(async () => {
      storage = await s3Storage(s3Location('down'), fs.mkdtempSync(path.join(root, 'scratch-')));
      key = storage.newKey();
      await storage.put(key, Readable.from(['kept']));
      await s3.stop();
    });
    afterAll(() => s3.start());

    const unavailable = { statusCode: 503, headers: { 'retry-after': '30' } };

    it('answers 503 with Retry-After for reads, writes, deletes and listings', async () => {
      await expect(storage.open(key)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.open(key, { start: 0, end: 1 })).rejects.toMatchObject(unavailable);
      await expect(storage.stat(key)).rejects.toMatchObject(unavailable);
      await expect(storage.delete(key)).rejects.toMatchObject(unavailable);
      await expect(keysOf(storage)).rejects.toMatchObject(unavailable);
      await expect(storage.put(storage.newKey(), Readable.from(['lost']))).rejects.toMatchObject(unavailable);
    });

    it('removes the working file of an upload it could not store', async () => {
      const scratch = storage.scratchPath();
      fs.writeFileSync(scratch, 'never stored');
      await expect(storage.putFile(storage.newKey(), scratch)).rejects.toMatchObject(unavailable);
      expect(fs.existsSync(scratch)).toBe(false);
    });

    it('serves what it had once it is back', async () => {
      await s3.start();
      expect((await readAll(await storage.open(key))).toString()).toBe('kept');
    });
  });
});

describe('local-disk storage', () => {
  const dir = path.join(root, 'sweep');
  const storage = localDiskStorage(dir);
  const tmp = path.join(dir, '.tmp');
  const host = path.basename(storage.scratchPath()).split('~')[0]!;
  const scratch = (name: string, ageMs = 0) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, 'partial');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
    return name;
  };

  it('sweeps the working files of dead processes and keeps those of live ones', async () => {
    const mine = path.basename(storage.scratchPath());
    fs.writeFileSync(path.join(tmp, mine), 'in progress');
    const ownRun = mine.split('~')[2]!;
    const kept = [
      mine,
      // The parent of this test process is alive.
      scratch(`${host}~${process.ppid}~abc123~1`),
      // Another host sharing the folder, recently written.
      scratch(`other-host~${DEAD_PID}~abc123~2`),
    ];
    const removed = [
      scratch(`${host}~${DEAD_PID}~abc123~3`),
      // An earlier process with this very pid (a restarted container).
      scratch(`${host}~${process.pid}~${ownRun === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa'}~4`),
      scratch(`other-host~${DEAD_PID}~abc123~5`, 25 * 60 * 60_000),
      scratch('no-owner-named', 25 * 60 * 60_000),
    ];

    expect(await storage.sweepScratch()).toBe(removed.length);
    expect(fs.readdirSync(tmp).sort()).toEqual(kept.sort());
  });
});

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint, region and path style', () => {
    expect(
      parseStorageUrl(
        's3://my-bucket/portal/uploads/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true',
      ),
    ).toEqual({
      driver: 's3',
      bucket: 'my-bucket',
      prefix: 'portal/uploads/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://my-bucket', 'ca-central-1')).toEqual({
      driver: 's3',
      bucket: 'my-bucket',
      prefix: '',
      endpoint: undefined,
      region: 'ca-central-1',
      forcePathStyle: false,
    });
  });

  it.each([
    ['/data/uploads', /must be an s3:\/\/ URL/],
    ['https://bucket/x', /must start with s3:\/\//],
    ['s3://ab', /not a valid bucket name/],
    ['s3://Bucket_Name/x', /not a valid bucket name/],
    ['s3://key:secret@bucket/x', /must not carry credentials/],
    ['s3://bucket:9000/x', /must not have a port/],
    ['s3://bucket/a%2F..%2Fb', /has the prefix/],
    ['s3://bucket/a b', /has the prefix/],
    ['s3://bucket/x?endpont=http://h', /unknown option "endpont"/],
    ['s3://bucket/x?endpoint=minio:9000', /not an http\(s\) URL/],
    ['s3://bucket/x?forcePathStyle=yes please', /forcePathStyle/],
  ])('refuses %s', (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(message);
  });
});
