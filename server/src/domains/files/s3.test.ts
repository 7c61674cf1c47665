import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { startS3, type TestS3 } from '../../../test/s3';
import { filesUnder, type FilePart, multipart, pdf, png, video } from '../../../test/uploads';

/**
 * Issue 14: uploads, serving with Range, report and certificate media, profile pictures and the
 * sweeper on the S3 driver (STORAGE_URL), against an S3-API server this test starts; and what a
 * client sees when the store goes down.
 */
let s3: TestS3;
let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let admin: Person;
let alice: Person;
let bob: Person;
const PREFIX = 'portal-uploads';

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ STORAGE_URL: s3.storageUrl(PREFIX) });
  admin = await createUser(t, { isAdmin: true, steppedUp: true });
  alice = await createUser(t);
  bob = await createUser(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function uploadAs(who: Person, file: FilePart, url = '/api/upload-file'): Promise<string> {
  const res = await call(t.app, who.cookie, { method: 'POST', url, ...multipart(file) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().fileUrl ?? res.json().url;
}
const get = (who: Person, url: string, headers: Record<string, string> = {}) =>
  call(t.app, who.cookie, { method: 'GET', url, headers });
const rowOf = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, url.split('/').pop()!))
  )[0];
const objects = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/` }))).Contents ?? []).map(
    (o) => o.Key!.slice(PREFIX.length + 1),
  );
const image = async (): Promise<FilePart> => ({ filename: 'p.png', contentType: 'image/png', data: await png(16, 16) });
const clip = (): FilePart => ({ filename: 'clip.mp4', contentType: 'video/mp4', data: video('mp4') });
/** Nothing is left in the local working folder, and nothing at all under DATA_DIR/uploads. */
const noLocalBytes = () => {
  expect(filesUnder(path.join(t.config.dataDir, 'scratch'))).toEqual([]);
  expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
};

describe('uploads on S3', () => {
  it('stores an upload as an object in the bucket, not on the local disk', async () => {
    const url = await uploadAs(alice, await image(), '/api/upload');
    const row = (await rowOf(url))!;
    const object = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${row.storageKey}` }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.length).toBe(row.size);
    const served = await get(alice, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(stored);
    noLocalBytes();
  });

  it('serves a video by range, as a player asks for it', async () => {
    const url = await uploadAs(alice, clip());
    const whole = await get(alice, url);
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;
    const part = await get(alice, url, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(4, 12));
    const tail = await get(alice, url, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 5));
    expect((await get(alice, url, { range: `bytes=${size}-` })).statusCode).toBe(416);
  });

  it('keeps report media, certificate documents and profile pictures, with their access rules', async () => {
    const picture = await uploadAs(alice, await image(), '/api/upload');
    const profile = await call(t.app, alice.cookie, {
      method: 'PUT',
      url: `/api/users/${alice.user.id}`,
      payload: {
        email: alice.email,
        name: alice.user.name,
        job: '',
        age: 30,
        picture,
        gender: 'Human',
        phoneNo: '',
        address: { area: '', state: '', country: '', postalCode: '' },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await get(bob, picture)).statusCode).toBe(200);

    const evidence = await uploadAs(alice, await image(), '/api/upload');
    const footage = await uploadAs(alice, clip());
    const report = await call(t.app, alice.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: {
        clientName: 'S3 Media Client',
        imageUrl: evidence,
        videoUrl: footage,
        consent: { photo: 'Yes', video: 'Yes' }, // issue 17: media need the client's consent
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect((await get(admin, footage, { range: 'bytes=0-3' })).statusCode).toBe(206);
    expect((await get(bob, evidence)).statusCode).toBe(403);

    const document = await uploadAs(admin, {
      filename: 'certificate.pdf',
      contentType: 'application/pdf',
      data: pdf(),
    });
    const certificate = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: {
        userEmail: bob.email,
        certificateNo: 'CRA-S3-1',
        name: 'Certified Recycling Advocate',
        status: 'Active',
        validTill: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        downloadLink: document,
      },
    });
    expect(certificate.statusCode, certificate.body).toBe(201);
    expect((await get(bob, document)).statusCode).toBe(200);
    expect((await get(alice, document)).statusCode).toBe(403);

    // A deleted report waits in the trash with its media (decision 0017); deleting it forever lets
    // go of them: the objects go with the rows.
    const keys = [(await rowOf(evidence))!.storageKey, (await rowOf(footage))!.storageKey];
    const reportId = report.json()._id;
    const removed = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/reports/${reportId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const kept = await objects();
    for (const key of keys) expect(kept).toContain(key);
    const purged = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/report/${reportId}` });
    expect(purged.statusCode, purged.body).toBeLessThan(300);
    const left = await objects();
    for (const key of keys) expect(left).not.toContain(key);
    expect(left).toContain((await rowOf(document))!.storageKey);
    noLocalBytes();
  });

  it('sweeps objects no row refers to and uploads left unattached, in the bucket', async () => {
    const stale = await uploadAs(bob, await image(), '/api/upload');
    const staleKey = (await rowOf(stale))!.storageKey;
    const orphan = t.app.storage.newKey();
    await t.app.storage.put(orphan, Readable.from(['bytes without a row']));
    expect(await objects()).toContain(orphan);

    t.clock.advanceMinutes(24 * 60 + 1);
    expect(await t.app.files.sweep()).toBeGreaterThanOrEqual(1);
    const left = await objects();
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(staleKey);
    expect(await rowOf(stale)).toBeUndefined();
    // Every object left has its row.
    const rows = await t.database.db.select({ key: uploads.storageKey }).from(uploads);
    expect(left.sort()).toEqual(rows.map((r) => r.key).sort());
  });
});

describe('when S3 is down', () => {
  let member: Person;
  let kept: string;
  beforeAll(async () => {
    member = await createUser(t);
    kept = await uploadAs(member, await image(), '/api/upload');
    await s3.stop();
  });
  afterAll(() => s3.start());

  it('answers an upload 503 with Retry-After, and records nothing', async () => {
    const before = await t.database.db.select({ id: uploads.id }).from(uploads);
    for (const [route, file] of [
      ['/api/upload', await image()],
      ['/api/upload-file', clip()],
    ] as const) {
      const res = await call(t.app, member.cookie, { method: 'POST', url: route, ...multipart(file) });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json().message).toMatch(/temporarily unavailable/);
    }
    const after = await t.database.db.select({ id: uploads.id }).from(uploads);
    expect(after).toEqual(before);
    noLocalBytes();
    expect(t.logs.some((l) => l.includes('File storage is temporarily unavailable'))).toBe(true);
  });

  it('answers reads of stored files 503, whole or by range', async () => {
    for (const headers of [{}, { range: 'bytes=0-3' }] as Record<string, string>[]) {
      const res = await get(member, kept, headers);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
    }
  });

  it('serves and stores again once it is back, with nothing lost', async () => {
    await s3.start();
    expect((await get(member, kept)).statusCode).toBe(200);
    await uploadAs(member, await image(), '/api/upload');
    const rows = await t.database.db.select({ key: uploads.storageKey }).from(uploads);
    expect((await objects()).sort()).toEqual(rows.map((r) => r.key).sort());
  });
});
