import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import {
  doc,
  docx,
  filesUnder,
  type FilePart,
  gif,
  isoMedia,
  jpegWithExif,
  multipart,
  pdf,
  png,
  pngClaiming,
  video,
  webp,
  zip,
} from '../../../test/uploads';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { isAdmin: true })).cookie;
  member = (await createUser(t)).cookie;
});
afterAll(() => t.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const upload = (cookie: string | undefined, url: string, file: FilePart | FilePart[]) =>
  call(t.app, cookie, { method: 'POST', url, ...multipart(file) });

const idOf = (url: string) => /^\/api\/files\/([0-9a-f-]{36})$/.exec(url)![1]!;

/** What is stored: files under DATA_DIR/uploads and upload rows. */
async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(uploads);
  return { files: filesUnder(path.join(t.config.dataDir, 'uploads')).length, rows: rows!.n };
}

/** Sends the upload, expects `status`, and checks that nothing at all was kept. */
async function refused(cookie: string, url: string, file: FilePart, status: number) {
  const before = await stored();
  const res = await upload(cookie, url, file);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toEqual(expect.any(String));
  expect(await stored()).toEqual(before);
}

describe('POST /api/upload-file', () => {
  it('accepts every allowed type from an admin, typed by content', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['photo.png', await png(), 'image', 'image/png'],
      ['photo.jpg', await jpegWithExif(), 'image', 'image/jpeg'],
      ['photo.webp', await webp(), 'image', 'image/webp'],
      ['anim.gif', await gif(), 'image', 'image/gif'],
      ['clip.mp4', video('mp4'), 'video', 'video/mp4'],
      ['clip.mov', video('mov'), 'video', 'video/quicktime'],
      ['clip.webm', video('webm'), 'video', 'video/webm'],
      ['cert.pdf', pdf(), 'document', 'application/pdf'],
      ['cert.docx', docx(), 'document', DOCX],
      ['cert.doc', doc(), 'document', 'application/msword'],
    ];
    for (const [filename, data, kind, contentType] of cases) {
      const res = await upload(admin, '/api/upload-file', { filename, contentType: 'application/octet-stream', data });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
      const { fileUrl } = res.json();
      expect(fileUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const [row] = await t.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, idOf(fileUrl)));
      expect(row, filename).toMatchObject({ kind, contentType, originalName: filename, attachedAt: null });
      // The key is ours, never the client's name.
      expect(row!.storageKey).not.toContain(path.parse(filename).name);
    }
  });

  it('accepts images and videos from a member', async () => {
    for (const data of [await png(), video('mp4')]) {
      const res = await upload(member, '/api/upload-file', { filename: 'x', contentType: 'image/png', data });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('streams a large video to disk: memory does not grow with the file', async () => {
    const total = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    // The multipart envelope around a generated body that is never whole in memory.
    const boundary = 'portal-stream-boundary';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    let peak = 0;
    const body = Readable.from(
      (async function* () {
        yield head;
        // A real clip, then a `free` box as large as the rest: a playable 200 MB video.
        yield video('mp4');
        const free = Buffer.alloc(8);
        free.writeUInt32BE(8 + total);
        free.write('free', 4, 'latin1');
        yield free;
        for (let sent = 0; sent < total; sent += chunk.length) {
          peak = Math.max(peak, process.memoryUsage().rss);
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const before = process.memoryUsage().rss;
    const res = await call(t.app, member, { method: 'POST', url: '/api/upload-file', payload: body, headers });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(res.json().fileUrl)));
    // Kept without the padding: only the clip's tracks are copied (video.ts).
    expect(row!.size).toBeLessThan(video('mp4').length * 2);
    expect(peak - before).toBeLessThan(total / 2);
  });

  it('refuses Word documents from a member with 403, keeping nothing; a PDF (CE evidence) is theirs to send', async () => {
    await refused(member, '/api/upload-file', { filename: 'c.docx', contentType: DOCX, data: docx() }, 403);
    await refused(
      member,
      '/api/upload-file',
      { filename: 'c.doc', contentType: 'application/msword', data: doc() },
      403,
    );
    const res = await upload(member, '/api/upload-file', {
      filename: 'c.pdf',
      contentType: 'application/pdf',
      data: pdf(),
    });
    expect(res.statusCode, res.body).toBe(201);
    // Nothing names it yet: its owner reads it, another member does not.
    expect((await call(t.app, member, { method: 'GET', url: res.json().fileUrl })).statusCode).toBe(200);
  });

  it('goes by content, not name or declared type: a PNG named .jpg is stored as a PNG', async () => {
    // A name claiming another kind (a PNG named .pdf) is refused: issue 10, test/uploads-corpus.test.ts.
    const res = await upload(admin, '/api/upload-file', {
      filename: 'certificate.jpg',
      contentType: 'application/pdf',
      data: await png(),
    });
    expect(res.statusCode).toBe(201);
    const served = await call(t.app, admin, { method: 'GET', url: res.json().fileUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline');
  });

  it('refuses what is not an accepted type with 415, keeping nothing', async () => {
    const bad: FilePart[] = [
      { filename: 'photo.png', contentType: 'image/png', data: 'this is text, not a picture' },
      { filename: 'photo.jpg', contentType: 'image/jpeg', data: '<!doctype html><script>alert(1)</script>' },
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      {
        filename: 'setup.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]),
      },
      { filename: 'macro.docx', contentType: DOCX, data: docx({ macro: true }) },
      { filename: 'empty.png', contentType: 'image/png', data: '' },
      { filename: 'archive.docx', contentType: DOCX, data: zip({ 'readme.txt': 'not a Word document' }) },
    ];
    for (const file of bad) await refused(admin, '/api/upload-file', file, 415);
  });

  it('refuses a Word document carrying a VBA project even when it declares itself a .docx', async () => {
    const sneaky = zip({
      'word/document.xml': '<w:document/>',
      '[Content_Types].xml': `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      'word/vbaProject.bin': Buffer.alloc(32, 7),
    });
    await refused(admin, '/api/upload-file', { filename: 'a.docx', contentType: DOCX, data: sneaky }, 415);
  });

  it('refuses an image one byte over the limit with 413, keeping nothing', async () => {
    const head = await png();
    const data = Buffer.concat([head, Buffer.alloc(MAX_IMAGE_BYTES + 1 - head.length)]);
    await refused(member, '/api/upload-file', { filename: 'big.png', contentType: 'image/png', data }, 413);
    await refused(member, '/api/upload', { field: 'image', filename: 'big.png', contentType: 'image/png', data }, 413);
  });

  it('refuses an image of more than 40 megapixels, keeping nothing', async () => {
    const data = pngClaiming(8000, 5001);
    await refused(member, '/api/upload', { field: 'image', filename: 'huge.png', contentType: 'image/png', data }, 413);
  });

  it('answers 401 to a guest, 403 to an unverified user and 400 without a file part', async () => {
    const data = await png();
    expect(
      (await upload(undefined, '/api/upload-file', { filename: 'a.png', contentType: 'image/png', data })).statusCode,
    ).toBe(401);
    const unverified = (await createUser(t, { isVerified: false })).cookie;
    expect(
      (await upload(unverified, '/api/upload-file', { filename: 'a.png', contentType: 'image/png', data })).statusCode,
    ).toBe(403);
    const wrongField = await upload(member, '/api/upload-file', {
      field: 'other',
      filename: 'a.png',
      contentType: 'image/png',
      data,
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await call(t.app, member, { method: 'POST', url: '/api/upload-file', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('POST /api/upload (profile picture)', () => {
  it('takes an image under the field image or file and answers { url }', async () => {
    for (const field of ['image', 'file']) {
      const res = await upload(member, '/api/upload', {
        field,
        filename: 'me.webp',
        contentType: 'image/webp',
        data: await webp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/) });
    }
  });

  it('refuses anything but an image with 415', async () => {
    await refused(
      admin,
      '/api/upload',
      { field: 'image', filename: 'a.pdf', contentType: 'application/pdf', data: pdf() },
      415,
    );
    await refused(
      member,
      '/api/upload',
      { field: 'image', filename: 'a.mp4', contentType: 'video/mp4', data: isoMedia() },
      415,
    );
  });

  it('re-encodes images so that EXIF metadata (GPS, names) is not kept', async () => {
    const original = await jpegWithExif();
    // The fixture really carries the metadata the server must drop.
    expect(original.includes('secret-exif-marker')).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(member, '/api/upload', {
      field: 'image',
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      data: original,
    });
    expect(res.statusCode).toBe(201);
    const served = await call(t.app, member, { method: 'GET', url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes('secret-exif-marker')).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
  });
});
