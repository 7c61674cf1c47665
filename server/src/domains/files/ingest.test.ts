import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, GOOD_PASSWORD, sessionCookie, type TestApp } from '../../../test/harness';
import { docx, type FilePart, multipart, pdf, png, pngClaiming, video, VIDEO_METADATA } from '../../../test/uploads';
import { UPLOAD_MESSAGES } from './content';

/**
 * How one upload is taken in (ingest.ts): kept as what its content is, re-encoded or remuxed
 * without metadata, counted against the kind's limit and the owner's allowances while it streams
 * and again under the owner's lock, and leaving nothing behind when refused or when storing
 * fails. upload.test.ts, allowance.test.ts and test/uploads-corpus.test.ts cover the routes.
 */

const MiB = 1024 * 1024;
let t: TestApp;
let member: string;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '1000', UPLOAD_PENDING_MB: '12', UPLOAD_DAILY_MB: '20' });
  const m = await createUser(t);
  [member, memberId] = [m.cookie, m.user.id];
});
afterAll(() => t.close());

const upload = (cookie: string, file: FilePart, url = '/api/upload-file') =>
  call(t.app, cookie, { method: 'POST', url, ...multipart(file) });
const idOf = (res: LightMyRequestResponse) =>
  /\/api\/files\/([0-9a-f-]{36})$/.exec(
    (res.json() as { fileUrl?: string; url?: string }).fileUrl ?? res.json().url,
  )![1]!;
const rowOf = async (res: LightMyRequestResponse) =>
  (
    await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(res)))
  )[0]!;
const storedBytes = async (res: LightMyRequestResponse) => {
  const stream = await t.app.storage.open((await rowOf(res)).storageKey);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const uploadsRoot = () => path.join(t.config.dataDir, 'uploads');
/** Working files (scratch copies, re-encodings) still on disk. */
const workingFiles = () => fs.readdirSync(path.join(uploadsRoot(), '.tmp'));
const rowsOf = async (ownerId: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.ownerId, ownerId))).length;

/** A PDF of exactly `size` bytes (documents are kept as sent). */
const pdfOf = (size: number) => Buffer.concat([pdf(), Buffer.alloc(size - pdf().length, 0x20)]);
const pdfPart = (size: number): FilePart => ({
  filename: 'letter.pdf',
  contentType: 'application/pdf',
  data: pdfOf(size),
});

const signIn = async (email: string) =>
  sessionCookie(
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: GOOD_PASSWORD } }),
  );

async function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(workingFiles()).toEqual([]);
}

describe('when storing fails', () => {
  it('removes the row it wrote and every working file', async () => {
    const before = await rowsOf(memberId);
    // Every shard folder taken by a plain file: the bytes cannot be moved into place.
    const shards = Array.from({ length: 256 }, (_, i) => path.join(uploadsRoot(), i.toString(16).padStart(2, '0')));
    const blocked = shards.filter((shard) => !fs.existsSync(shard));
    for (const shard of blocked) fs.writeFileSync(shard, '');
    try {
      const res = await upload(member, { filename: 'a.png', contentType: 'image/png', data: await png() });
      expect(res.statusCode).toBe(500);
    } finally {
      for (const shard of blocked) fs.rmSync(shard);
    }
    expect(await rowsOf(memberId)).toBe(before);
    expect(workingFiles()).toEqual([]);
  });
});

describe('what is kept', () => {
  it('keeps an image re-encoded as its own type, for its owner, under a clean display name', async () => {
    const before = t.clock.now().getTime();
    const res = await upload(member, {
      filename: 'C:\\fakepath\\my\u0007 photo\u202e.png',
      contentType: 'application/octet-stream',
      data: await png(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res);
    expect(row).toMatchObject({
      ownerId: memberId,
      kind: 'image',
      contentType: 'image/png',
      originalName: 'my photo.png',
    });
    expect(row.attachedAt).toBeNull();
    expect(row.createdAt.getTime()).toBeGreaterThan(before);
    expect(row.createdAt.getTime()).toBeLessThan(t.clock.now().getTime());
    const bytes = await storedBytes(res);
    expect(row.size).toBe(bytes.length);
    expect((await sharp(bytes).metadata()).format).toBe('png');
    expect(workingFiles()).toEqual([]);

    const long = await upload(member, {
      filename: `${'a'.repeat(300)}.png`,
      contentType: 'image/png',
      data: await png(),
    });
    expect((await rowOf(long)).originalName).toBe('a'.repeat(200));
  });

  it('keeps WebP as WebP and GIF as GIF, animations with every frame', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const webpRes = await upload(member, { filename: 'a.webp', contentType: 'image/webp', data: webp });
    expect((await rowOf(webpRes)).contentType).toBe('image/webp');
    expect((await sharp(await storedBytes(webpRes)).metadata()).format).toBe('webp');

    const frame = (background: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const gifRes = await upload(member, { filename: 'a.gif', contentType: 'image/gif', data: animated });
    expect(gifRes.statusCode, gifRes.body).toBe(201);
    const kept = await sharp(await storedBytes(gifRes)).metadata();
    expect([kept.format, kept.pages]).toEqual(['gif', 2]);
  });

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    const sideways = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#4a7199' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(member, { filename: 'a.jpg', contentType: 'image/jpeg', data: sideways });
    const bytes = await storedBytes(res);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'jpeg',
      4,
      8,
      undefined,
      undefined,
    ]);
    expect(bytes.includes('secret-exif-marker')).toBe(false);
  });

  it('keeps a video remuxed without the metadata a phone wrote', async () => {
    const res = await upload(member, { filename: 'clip.mp4', contentType: 'video/mp4', data: video('mp4') });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf(res)).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    const bytes = await storedBytes(res);
    for (const marker of VIDEO_METADATA) expect(bytes.includes(marker), marker).toBe(false);
    expect(workingFiles()).toEqual([]);
  });

  it('keeps a Word document as sent, once it is checked', async () => {
    const admin = (await createUser(t, { isAdmin: true })).cookie;
    const word = docx();
    const res = await upload(admin, {
      filename: 'letter.docx',
      contentType: 'application/octet-stream',
      data: word,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(res)).kind).toBe('document');
    expect((await storedBytes(res)).equals(word)).toBe(true);
    const macro = await upload(admin, {
      filename: 'letter.docx',
      contentType: 'application/zip',
      data: docx({ macro: true }),
    });
    await expectRefused(macro, 415, UPLOAD_MESSAGES.unsupported);
  });
});

describe('what is refused, keeping nothing', () => {
  it('refuses an empty file, a broken image and a name that claims another type', async () => {
    const before = await rowsOf(memberId);
    await expectRefused(
      await upload(member, { filename: 'a.png', contentType: 'image/png', data: '' }),
      415,
      UPLOAD_MESSAGES.unsupported,
    );
    const broken = (await png()).subarray(0, 60);
    await expectRefused(
      await upload(member, { filename: 'a.png', contentType: 'image/png', data: broken }),
      415,
      UPLOAD_MESSAGES.unsupported,
    );
    await expectRefused(
      await upload(member, { filename: 'a.pdf', contentType: 'image/png', data: await png() }),
      415,
      UPLOAD_MESSAGES.unsupported,
    );
    expect(await rowsOf(memberId)).toBe(before);
  });

  it('refuses an image of more pixels than allowed as too large', async () => {
    // 50 megapixels: over our 40, under the 268 sharp refuses by itself.
    await expectRefused(
      await upload(member, { filename: 'a.png', contentType: 'image/png', data: pngClaiming(10_000, 5_000) }),
      413,
      UPLOAD_MESSAGES.tooLarge,
    );
    await expectRefused(
      await upload(member, { filename: 'a.png', contentType: 'image/png', data: pngClaiming(20_000, 20_000) }),
      413,
      UPLOAD_MESSAGES.tooLarge,
    );
  });

  it('refuses an image one byte over its limit as too large, and takes one of exactly the limit', async () => {
    const junk = async (size: number) => Buffer.concat([await png(), Buffer.alloc(size - (await png()).length, 1)]);
    for (const url of ['/api/upload-file', '/api/upload']) {
      const over = await upload(
        member,
        { filename: 'a.png', contentType: 'image/png', data: await junk(MAX_IMAGE_BYTES + 1) },
        url,
      );
      await expectRefused(over, 413, UPLOAD_MESSAGES.tooLarge);
    }
    // Exactly the limit is not too large: the image is kept, re-encoded without what trailed it.
    const exactly = await upload(member, {
      filename: 'a.png',
      contentType: 'image/png',
      data: await junk(MAX_IMAGE_BYTES),
    });
    expect(exactly.statusCode, exactly.body).toBe(201);
    expect((await rowOf(exactly)).size).toBeLessThan(4096);
  });

  it('stops reading an upload as soon as it is over the limit', async () => {
    let sent = 0;
    const { headers } = multipart({ filename: 'a.png', contentType: 'image/png', data: '' });
    const boundary = /boundary=(.*)$/.exec(headers['content-type'])![1]!;
    const head = await png();
    const body = Readable.from(
      (async function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        yield head;
        for (let i = 0; i < 64; i++) {
          sent += MiB;
          yield Buffer.alloc(MiB, 1);
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const res = await call(t.app, member, { method: 'POST', url: '/api/upload-file', payload: body, headers });
    await expectRefused(res, 413, UPLOAD_MESSAGES.tooLarge);
    expect(sent).toBeLessThan(MAX_IMAGE_BYTES + 8 * MiB);
  });
});

describe('allowances', () => {
  it('counts what is not yet in a record, up to and including the allowance', async () => {
    const admin = await createUser(t, { isAdmin: true });
    for (let i = 0; i < 3; i++) expect((await upload(admin.cookie, pdfPart(4 * MiB))).statusCode).toBe(201);
    await expectRefused(await upload(admin.cookie, pdfPart(1024)), 413, UPLOAD_MESSAGES.pendingAllowance);
    expect(await rowsOf(admin.user.id)).toBe(3);
    // Another owner's uploads do not count.
    const other = (await createUser(t, { isAdmin: true })).cookie;
    expect((await upload(other, pdfPart(1024))).statusCode).toBe(201);
  });

  it('counts uploads sent side by side one after the other', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const answers = await Promise.all([upload(admin.cookie, pdfPart(7 * MiB)), upload(admin.cookie, pdfPart(7 * MiB))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 413]);
    expect(answers.find((res) => res.statusCode === 413)!.json().message).toBe(UPLOAD_MESSAGES.pendingAllowance);
    expect(await rowsOf(admin.user.id)).toBe(1);
    expect(workingFiles()).toEqual([]);
  });
});

// Last: it moves the clock a day on.
describe('the daily allowance', () => {
  it('counts the last 24 hours, records or not, up to and including the allowance', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const attachAll = () =>
      t.database.db.update(uploads).set({ attachedAt: t.clock.now() }).where(eq(uploads.ownerId, admin.user.id));
    for (let i = 0; i < 5; i++) {
      expect((await upload(admin.cookie, pdfPart(4 * MiB))).statusCode).toBe(201);
      await attachAll();
    }
    await expectRefused(await upload(admin.cookie, pdfPart(1024)), 413, UPLOAD_MESSAGES.dailyAllowance);
    // Hours later (signed in again: the session has timed out), the same uploads still count...
    t.clock.advanceMinutes(23 * 60);
    await expectRefused(await upload(await signIn(admin.email), pdfPart(1024)), 413, UPLOAD_MESSAGES.dailyAllowance);
    // ...until they are 24 hours old.
    t.clock.advanceMinutes(61);
    expect((await upload(await signIn(admin.email), pdfPart(1024))).statusCode).toBe(201);
  });
});
