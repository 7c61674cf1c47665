import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, sessionCookie, type TestApp } from '../../../test/harness';
import { createResumable, headResumable, patchResumable, TUS_HEADERS } from '../../../test/resumable';
import { filesUnder, jpegWithExif, multipart, png, video } from '../../../test/uploads';
import { UPLOAD_MESSAGES } from './content';
import { RESUMABLE_MESSAGES } from './resumable';
import { StagingStore } from './tus';

let t: TestApp;
let memberA: Awaited<ReturnType<typeof createUser>>;
let memberB: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let unverified: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  memberA = await createUser(t);
  memberB = await createUser(t);
  admin = await createUser(t, { isAdmin: true });
  unverified = await createUser(t, { isVerified: false });
});
afterAll(() => t.close());

const staging = () => fs.readdirSync(path.join(t.config.dataDir, 'resumable'));

/** What is stored: files under DATA_DIR/uploads, upload rows, and staged partial uploads. */
async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(uploads);
  return { files: filesUnder(path.join(t.config.dataDir, 'uploads')).length, rows: rows!.n, staged: staging().length };
}

/** Creates an upload as `cookie` and answers its URL. */
async function created(
  cookie: string,
  data: Buffer,
  opts: { filename?: string; filetype?: string; key?: string } = {},
) {
  const res = await createResumable(t.app, cookie, { length: data.length, ...opts });
  expect(res.statusCode, res.body).toBe(201);
  const location = res.headers.location as string;
  expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
  return location;
}

const rowOf = async (fileUrl: string) =>
  (
    await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, fileUrl.split('/').pop()!))
  )[0];

describe('resumable uploads (tus)', () => {
  it('takes a photo in one PATCH and answers as POST /api/upload-file does, without its EXIF', async () => {
    const data = await jpegWithExif();
    const url = await created(memberA.cookie, data, { filename: 'photo.jpg', filetype: 'image/jpeg' });
    const res = await patchResumable(t.app, memberA.cookie, url, 0, data);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['upload-offset']).toBe(String(data.length));
    const { fileUrl } = res.json<{ fileUrl: string }>();
    expect(fileUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect(await rowOf(fileUrl)).toMatchObject({ kind: 'image', contentType: 'image/jpeg', originalName: 'photo.jpg' });

    const file = await call(t.app, memberA.cookie, { method: 'GET', url: fileUrl });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    // The staged bytes are gone once stored: the upload's URL is no more.
    expect((await headResumable(t.app, memberA.cookie, url)).statusCode).toBe(404);
    expect(staging()).toEqual([]);
  });

  it('resumes a video cut in the middle from where it stopped', async () => {
    const data = video('mp4', 256 * 1024);
    const url = await created(memberA.cookie, data);
    const half = Math.floor(data.length / 2) + 17;
    const first = await patchResumable(t.app, memberA.cookie, url, 0, data.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const head = await headResumable(t.app, memberA.cookie, url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(data.length));

    // A PATCH from the wrong offset changes nothing (tus: 409).
    const wrong = await patchResumable(t.app, memberA.cookie, url, 0, data.subarray(0, 10));
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect((await headResumable(t.app, memberA.cookie, url)).headers['upload-offset']).toBe(String(half));

    const rest = await patchResumable(t.app, memberA.cookie, url, half, data.subarray(half));
    expect(rest.statusCode, rest.body).toBe(201);
    const row = await rowOf(rest.json<{ fileUrl: string }>().fileUrl);
    expect(row).toMatchObject({ kind: 'video', contentType: 'video/mp4', ownerId: memberA.user.id });
    expect(staging()).toEqual([]);
  });

  it('answers another member, and an admin, 404 on every method, and changes nothing', async () => {
    const data = video('mp4', 64 * 1024);
    const url = await created(memberA.cookie, data);
    const part = data.subarray(0, 1000);
    expect((await patchResumable(t.app, memberA.cookie, url, 0, part)).statusCode).toBe(204);
    for (const other of [memberB, admin]) {
      const head = await headResumable(t.app, other.cookie, url);
      expect(head.statusCode).toBe(404);
      expect(head.headers['upload-offset']).toBeUndefined();
      const patch = await patchResumable(t.app, other.cookie, url, 1000, data.subarray(1000, 2000));
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe(RESUMABLE_MESSAGES.notFound);
      const del = await call(t.app, other.cookie, { method: 'DELETE', url, headers: TUS_HEADERS });
      expect(del.statusCode).toBe(404);
    }
    expect((await headResumable(t.app, memberA.cookie, url)).headers['upload-offset']).toBe('1000');

    // Nor does metadata naming another owner make it theirs: the server writes the owner.
    const spoofed = await createResumable(t.app, memberA.cookie, {
      length: 10,
      metadata: { 'portal-owner': memberB.user.id },
    });
    expect(spoofed.statusCode).toBe(201);
    const spoofedUrl = spoofed.headers.location as string;
    expect((await headResumable(t.app, memberB.cookie, spoofedUrl)).statusCode).toBe(404);
    expect((await headResumable(t.app, memberA.cookie, spoofedUrl)).statusCode).toBe(200);

    // The owner may give up: the staged bytes go.
    const del = await call(t.app, memberA.cookie, { method: 'DELETE', url, headers: TUS_HEADERS });
    expect(del.statusCode).toBe(204);
    expect((await headResumable(t.app, memberA.cookie, url)).statusCode).toBe(404);
  });

  // Issue 30, F2: the owner check and tus must act on one and the same upload. An address that
  // names the member's own upload to the route and another's to tus (behind a query string, an
  // encoded slash, a dot segment, a doubled slash) is not an upload address at all.
  it('answers 404 to an address that names another member’s upload behind the caller’s own', async () => {
    const data = video('mp4', 64 * 1024);
    const victimUrl = await created(memberB.cookie, data);
    expect((await patchResumable(t.app, memberB.cookie, victimUrl, 0, data.subarray(0, 100))).statusCode).toBe(204);
    const ownUrl = await created(memberA.cookie, data);
    const victim = victimUrl.split('/').pop()!;
    const decorated = [
      `${ownUrl}?x=/${victim}`,
      `${ownUrl}?/${victim}`,
      `${ownUrl}%2F${victim}`,
      `${ownUrl}%2f..%2f${victim}`,
      `${ownUrl}/../${victim}`,
      `${ownUrl}/..%2F${victim}`,
      `${ownUrl}//${victim}`,
      `/api/uploads/tus//${victim}`,
      `/api/uploads/tus/./${victim}`,
      `${ownUrl}/`,
    ];
    const answers: string[] = [];
    for (const url of decorated) {
      for (const request of [
        () => headResumable(t.app, memberA.cookie, url),
        () => patchResumable(t.app, memberA.cookie, url, 100, data.subarray(100, 200)),
        () => call(t.app, memberA.cookie, { method: 'DELETE', url, headers: TUS_HEADERS }),
      ]) {
        const res = await request();
        answers.push(`${res.raw.req.method} ${url} ${res.statusCode}`);
      }
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/\d+$/, '404')));
    // B's upload is as B left it: still there, at the offset B reached.
    const head = await headResumable(t.app, memberB.cookie, victimUrl);
    expect([head.statusCode, head.headers['upload-offset']]).toEqual([200, '100']);
    // And the plain address still works for its owner.
    expect((await headResumable(t.app, memberA.cookie, ownUrl)).headers['upload-offset']).toBe('0');
  });

  it('refuses guests (401) and unverified accounts (403) on every method', async () => {
    const url = await created(memberA.cookie, Buffer.alloc(100));
    const before = await stored();
    for (const [cookie, status] of [
      [undefined, 401],
      [unverified.cookie, 403],
    ] as const) {
      expect((await createResumable(t.app, cookie, { length: 100 })).statusCode).toBe(status);
      expect((await headResumable(t.app, cookie, url)).statusCode).toBe(status);
      expect((await patchResumable(t.app, cookie, url, 0, Buffer.alloc(10))).statusCode).toBe(status);
      expect((await call(t.app, cookie, { method: 'DELETE', url, headers: TUS_HEADERS })).statusCode).toBe(status);
    }
    expect(await stored()).toEqual(before);
    expect((await headResumable(t.app, memberA.cookie, url)).headers['upload-offset']).toBe('0');
  });

  it('refuses junk bytes at completion as POST /api/upload-file does, and keeps nothing', async () => {
    const before = await stored();
    for (const [data, filetype] of [
      [crypto.randomBytes(200_000), 'video/mp4'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
      // A video header with junk behind it (the remux finds no track).
      [Buffer.concat([video('mp4').subarray(0, 64), crypto.randomBytes(50_000)]), 'video/mp4'],
    ] as const) {
      const url = await created(memberA.cookie, data, { filetype });
      const half = Math.floor(data.length / 2);
      expect((await patchResumable(t.app, memberA.cookie, url, 0, data.subarray(0, half))).statusCode).toBe(204);
      const res = await patchResumable(t.app, memberA.cookie, url, half, data.subarray(half));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.unsupported);
      // The same bytes through the multipart route get the same answer.
      const multi = await call(t.app, memberA.cookie, {
        method: 'POST',
        url: '/api/upload-file',
        ...multipart({ filename: 'x', contentType: filetype, data }),
      });
      expect([multi.statusCode, multi.json().message]).toEqual([415, UPLOAD_MESSAGES.unsupported]);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses an upload longer than its kind allows before a byte is staged (413)', async () => {
    const before = await stored();
    for (const [length, filetype] of [
      [MAX_IMAGE_BYTES + 1, 'image/jpeg'],
      [MAX_VIDEO_BYTES + 1, 'video/mp4'],
    ] as const) {
      const res = await createResumable(t.app, memberA.cookie, { length, filetype });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    }
    // Metadata is optional (tus); the content decides the kind at completion.
    const bare = await call(t.app, memberA.cookie, {
      method: 'POST',
      url: '/api/uploads/tus',
      headers: { ...TUS_HEADERS, 'upload-length': '100' },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    // A length put off until later (tus creation-defer-length) is not offered.
    const deferred = await call(t.app, memberA.cookie, {
      method: 'POST',
      url: '/api/uploads/tus',
      headers: { ...TUS_HEADERS, 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(400);
    // More bytes than declared are refused by tus, and the upload keeps what it had.
    const url = await created(memberA.cookie, Buffer.alloc(100));
    expect((await patchResumable(t.app, memberA.cookie, url, 0, Buffer.alloc(101))).statusCode).toBe(413);
    expect(await stored()).toEqual({ ...before, staged: before.staged + 4 });
  });

  it('stores a retried upload once under its Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const data = await png(16, 16);
    const answers: string[] = [];
    const before = await stored();
    for (let i = 0; i < 2; i++) {
      // A new upload each time (the device lost the first's URL): the key makes it one file.
      const url = await created(memberA.cookie, data, { filename: 'p.png', filetype: 'image/png', key });
      const res = await patchResumable(t.app, memberA.cookie, url, 0, data);
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json<{ fileUrl: string }>().fileUrl);
    }
    expect(answers[1]).toBe(answers[0]);
    // The multipart route with the same key answers the same file too.
    const body = multipart({ filename: 'p.png', contentType: 'image/png', data });
    const multi = await call(t.app, memberA.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      payload: body.payload,
      headers: { ...body.headers, 'idempotency-key': key },
    });
    expect(multi.json().fileUrl).toBe(answers[0]);
    expect(await stored()).toEqual({ ...before, files: before.files + 1, rows: before.rows + 1 });

    // Other bytes under the same key: 422, nothing kept.
    const other = await png(20, 20);
    const url = await created(memberA.cookie, other, { filetype: 'image/png', key });
    const res = await patchResumable(t.app, memberA.cookie, url, 0, other);
    expect(res.statusCode).toBe(422);
    expect(await stored()).toEqual({ ...before, files: before.files + 1, rows: before.rows + 1 });
  });

  it('sweeps unfinished uploads a day after they were created', async () => {
    const url = await created(memberA.cookie, Buffer.alloc(1000));
    expect((await patchResumable(t.app, memberA.cookie, url, 0, Buffer.alloc(400))).statusCode).toBe(204);
    // Every unfinished upload of the tests above is younger than a day too.
    t.clock.advanceMinutes(23 * 60);
    const cookie = await signIn(memberA);
    const fresh = await created(cookie, Buffer.alloc(1000));
    expect(await t.app.resumableUploads.sweep()).toBe(0);
    expect((await headResumable(t.app, cookie, url)).headers['upload-offset']).toBe('400');

    t.clock.advanceMinutes(2 * 60);
    const later = await signIn(memberA);
    const unfinished = staging().filter((n) => !n.endsWith('.json')).length;
    expect(await t.app.resumableUploads.sweep()).toBe(unfinished - 1);
    expect((await headResumable(t.app, later, url)).statusCode).toBe(404);
    expect((await headResumable(t.app, later, fresh)).statusCode).toBe(200);
    expect(staging().filter((n) => !n.endsWith('.json'))).toEqual([fresh.split('/').pop()]);
  });
});

describe('the staging store', () => {
  it('starts no directory check of its own, whose failure would be thrown uncaught', async () => {
    // Under a file, so any mkdir fails (ENOTDIR): the library's unawaited check would throw from
    // its callback, which Vitest reports as an unhandled error and fails the run with.
    const file = path.join(t.config.dataDir, 'not-a-directory');
    fs.writeFileSync(file, '');
    const store = new StagingStore({ directory: path.join(file, 'resumable') });
    await new Promise<void>((resolve) => fs.mkdir(path.join(t.config.dataDir, 'after'), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.directory).toBe(path.join(file, 'resumable'));
  });
});

/** A new session (the test clock moved past the idle timeout). */
async function signIn(user: { email: string; password: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}
