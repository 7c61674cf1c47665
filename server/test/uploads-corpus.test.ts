import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@portal/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { call, createTestApp, createUser, type TestApp } from './harness';
import {
  doc,
  docx,
  docxBomb,
  type FilePart,
  filesUnder,
  gif,
  isoMedia,
  jpegWithExif,
  multipart,
  pdf,
  png,
  pngClaiming,
  video,
  VIDEO_CREATION_TIME,
  VIDEO_METADATA,
  webm,
  webp,
  zip,
} from './uploads';

/**
 * Issue 10: a corpus of mismatched and hostile files, each refused with nothing stored; each
 * allowed type accepted and served with headers that keep a browser from running it; one byte
 * over each limit refused with nothing left behind. Issue 12: as an admin and as a member, on
 * both upload routes; videos are kept without the metadata a phone wrote into them.
 */

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  // Each caller sends about a hundred files here; the hourly limit has a test of its own
  // (src/domains/files/allowance.test.ts).
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '1000' });
  admin = (await createUser(t, { isAdmin: true })).cookie;
  member = (await createUser(t)).cookie;
});
afterAll(() => t.close());

const roles = [
  { role: 'an admin', cookie: () => admin, isAdmin: true },
  { role: 'a member', cookie: () => member, isAdmin: false },
];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const WORD_TEMPLATE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml';

/** Everything kept anywhere under DATA_DIR (stored files and scratch files alike), and the rows. */
async function everything() {
  const [rows] = await t.database.db.select({ n: count() }).from(uploads);
  return { files: filesUnder(t.config.dataDir).sort(), rows: rows!.n };
}

const send = (cookie: string, url: string, file: FilePart) =>
  call(t.app, cookie, { method: 'POST', url, ...multipart(file) });

const part = (filename: string, data: Buffer | string, contentType = 'application/octet-stream'): FilePart => ({
  filename,
  contentType,
  data,
});

/**
 * Each file with the status an admin gets, and a member's where it differs: content that is a
 * Word document, which only admins may upload, is 403 to a member (a PDF is theirs to send, as
 * the evidence of continuing education).
 */
async function corpus(): Promise<[string, FilePart, number, number?][]> {
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
  const pe = Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from('PE\0\0'),
    Buffer.alloc(200),
  ]);
  const elf = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(300)]);
  const template = zip({
    '[Content_Types].xml': `<Types><Override PartName="/word/document.xml" ContentType="${WORD_TEMPLATE}"/></Types>`,
    'word/document.xml': '<w:document/>',
  });
  return [
    ['a PNG named .pdf', part('certificate.pdf', await png(), 'application/pdf'), 415],
    ['a JPEG named .pdf', part('scan.pdf', await jpegWithExif(), 'application/pdf'), 415],
    ['a PDF named .png', part('photo.png', pdf(), 'image/png'), 415],
    ['a PDF named .docx', part('letter.docx', pdf(), DOCX), 415],
    ['a Word document named .pdf', part('letter.pdf', docx(), 'application/pdf'), 415, 403],
    ['a legacy .doc named .docx', part('old.docx', doc(), DOCX), 415, 403],
    ['an MP4 named .pdf', part('clip.pdf', video('mp4'), 'application/pdf'), 415],
    ['a WebM named .png', part('clip.png', video('webm'), 'image/png'), 415],
    ['junk behind an MP4 header', part('clip.mp4', isoMedia('isom'), 'video/mp4'), 415],
    ['junk behind a QuickTime header', part('clip.mov', isoMedia('qt  '), 'video/quicktime'), 415],
    ['junk behind a WebM header', part('clip.webm', webm(), 'video/webm'), 415],
    ['half of a real MP4', part('clip.mp4', video('mp4').subarray(0, video('mp4').length / 2), 'video/mp4'), 415],
    ['a PNG named .exe', part('setup.exe', await png(), 'application/octet-stream'), 415],
    ['a PNG named .html', part('page.html', await png(), 'text/html'), 415],
    ['HTML named .jpg', part('photo.jpg', html, 'image/jpeg'), 415],
    ['HTML named .html', part('page.html', html, 'text/html'), 415],
    ['SVG with script', part('logo.svg', svg, 'image/svg+xml'), 415],
    ['SVG with script named .png', part('logo.png', svg, 'image/png'), 415],
    ['a GIF/JavaScript polyglot', part('anim.gif', 'GIF89a/*\x00\x00*/=alert(1);//', 'image/gif'), 415],
    ['a PHP script named .jpg', part('shell.jpg', '<?php system($_GET["c"]); ?>', 'image/jpeg'), 415],
    ['JavaScript named .mp4', part('clip.mp4', 'fetch("/api/users").then(r=>r.text())', 'video/mp4'), 415],
    ['a truncated PNG', part('broken.png', (await png()).subarray(0, 40), 'image/png'), 415],
    ['an empty file', part('empty.pdf', '', 'application/pdf'), 415],
    [
      'a .docm (macro-enabled)',
      part('macro.docm', docx({ macro: true }), 'application/vnd.ms-word.document.macroEnabled.12'),
      415,
    ],
    ['a .docx with a macro part', part('macro.docx', docx({ macro: true }), DOCX), 415],
    ['a Word template as .docx', part('template.docx', template, DOCX), 415],
    ['a Windows executable named .pdf', part('invoice.pdf', pe, 'application/pdf'), 415],
    ['a Linux executable named .png', part('photo.png', elf, 'image/png'), 415],
    ['a zip named .docx', part('archive.docx', zip({ 'readme.txt': 'not a Word document' }), DOCX), 415, 403],
    ['a zip bomb named .docx', part('bomb.docx', await docxBomb(), DOCX), 415, 403],
    [
      'a zip bomb that lies about its size',
      part('liar.docx', await docxBomb({ size: 150 * 1024 * 1024, lie: true }), DOCX),
      415,
      403,
    ],
    ['RTF named .doc', part('old.doc', '{\\rtf1\\ansi {\\object\\objocx}}', 'application/msword'), 415],
    ['a 20,000×20,000 PNG', part('huge.png', pngClaiming(20_000, 20_000), 'image/png'), 413],
  ];
}

describe('hostile and mismatched files', () => {
  for (const { role, cookie, isAdmin } of roles) {
    it(`refuses every file of the corpus from ${role}, on both upload routes, with nothing stored`, async () => {
      const files = await corpus();
      expect(files.length).toBeGreaterThanOrEqual(20);
      const before = await everything();
      const failures: string[] = [];
      for (const [label, file, status, memberStatus = status] of files) {
        const expected = isAdmin ? status : memberStatus;
        const res = await send(cookie(), '/api/upload-file', file);
        if (res.statusCode !== expected) failures.push(`${label}: ${res.statusCode} ${res.body}`);
        else expect(res.json().message, label).toEqual(expect.any(String));
        // The profile picture route refuses them all as well.
        const picture = await send(cookie(), '/api/upload', { ...file, field: 'image' });
        if (picture.statusCode < 400) failures.push(`${label} as a profile picture: ${picture.statusCode}`);
      }
      expect(failures).toEqual([]);
      expect(await everything()).toEqual(before);
    }, 180_000);
  }
});

/** What only admins may upload: Word documents (certificates). A PDF is any member's (issue 33). */
const ADMIN_ONLY_TYPES = [DOCX, 'application/msword'];

/** The served bytes of a video hold none of what the fixture's metadata says. */
function expectNoVideoMetadata(bytes: Buffer, label: string) {
  for (const value of VIDEO_METADATA) {
    for (const encoding of ['latin1', 'utf16le'] as const) {
      expect(bytes.includes(Buffer.from(value, encoding)), `${label}: ${value} (${encoding})`).toBe(false);
    }
  }
  expect(bytes.includes(VIDEO_CREATION_TIME), `${label}: the recorded creation time`).toBe(false);
}

async function allowedFiles(): Promise<[string, Buffer, string, 'inline' | 'attachment'][]> {
  return [
    ['photo.png', await png(), 'image/png', 'inline'],
    ['photo.JPG', await jpegWithExif(), 'image/jpeg', 'inline'],
    ['photo.webp', await webp(), 'image/webp', 'inline'],
    ['anim.gif', await gif(), 'image/gif', 'inline'],
    ['screenshot.jpg', await png(), 'image/png', 'inline'],
    ['no-extension', await png(), 'image/png', 'inline'],
    ['clip.mp4', video('mp4'), 'video/mp4', 'inline'],
    ['clip.mov', video('mov'), 'video/quicktime', 'inline'],
    ['clip.webm', video('webm'), 'video/webm', 'inline'],
    ['certificate.pdf', pdf(), 'application/pdf', 'inline'],
    ['certificate.docx', docx(), DOCX, 'attachment'],
    ['certificate.doc', doc(), 'application/msword', 'attachment'],
  ];
}

describe('allowed files', () => {
  it('the video fixtures carry the metadata a phone leaves', () => {
    for (const type of ['mp4', 'mov', 'webm'] as const) {
      const latin = video(type).toString('latin1');
      expect(VIDEO_METADATA.filter((value) => latin.includes(value)).length, type).toBeGreaterThan(0);
    }
  });

  for (const { role, cookie, isAdmin } of roles) {
    it(`accepts each allowed type from ${role} and serves it with nosniff, sandbox CSP, no-store, attachment where runnable, videos without metadata`, async () => {
      for (const [filename, data, contentType, disposition] of await allowedFiles()) {
        if (!isAdmin && ADMIN_ONLY_TYPES.includes(contentType)) {
          // Word documents are certificates, which only admins manage.
          const before = await everything();
          const refused = await send(cookie(), '/api/upload-file', part(filename, data));
          expect(refused.statusCode, `${filename}: ${refused.body}`).toBe(403);
          expect(await everything()).toEqual(before);
          continue;
        }
        const res = await send(cookie(), '/api/upload-file', part(filename, data));
        expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
        const served = await call(t.app, cookie(), { method: 'GET', url: res.json().fileUrl });
        expect(served.statusCode, filename).toBe(200);
        expect(served.headers, filename).toMatchObject({
          'content-type': contentType,
          'x-content-type-options': 'nosniff',
          'content-security-policy': 'sandbox',
          'cache-control': 'private, no-store',
        });
        expect(String(served.headers['content-disposition']), filename).toMatch(new RegExp(`^${disposition}`));
        if (contentType.startsWith('video/')) expectNoVideoMetadata(served.rawPayload, filename);
      }
    });

    it(`takes only images from ${role} as a profile picture: videos are refused with 415, nothing kept`, async () => {
      for (const [filename, data, contentType] of await allowedFiles()) {
        const before = await everything();
        const res = await send(cookie(), '/api/upload', { ...part(filename, data), field: 'image' });
        if (!contentType.startsWith('image/')) {
          expect(res.statusCode, `${filename}: ${res.body}`).toBe(415);
          expect(await everything()).toEqual(before);
          continue;
        }
        expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
        const served = await call(t.app, cookie(), { method: 'GET', url: res.json().url });
        expect(served.statusCode, filename).toBe(200);
        expect(served.headers, filename).toMatchObject({
          'content-type': contentType,
          'x-content-type-options': 'nosniff',
          'content-security-policy': 'sandbox',
        });
      }
    });

    it(`re-encodes images from ${role} without EXIF or GPS, on both upload routes`, async () => {
      const withGps = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
        .withMetadata({
          exif: {
            IFD0: { Copyright: 'exif-owner-marker', Artist: 'exif-artist-marker' },
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '51/1 30/1 0/1',
              GPSLongitudeRef: 'W',
              GPSLongitude: '0/1 7/1 0/1',
            },
          },
        })
        .jpeg()
        .toBuffer();
      expect(withGps.includes('exif-owner-marker')).toBe(true);
      expect((await sharp(withGps).metadata()).exif).toBeDefined();
      for (const [url, field] of [
        ['/api/upload', 'image'],
        ['/api/upload-file', 'file'],
      ] as const) {
        const res = await send(cookie(), url, { ...part('gps.jpg', withGps, 'image/jpeg'), field });
        expect(res.statusCode, res.body).toBe(201);
        const { url: pictureUrl, fileUrl } = res.json() as { url?: string; fileUrl?: string };
        const served = await call(t.app, cookie(), { method: 'GET', url: pictureUrl ?? fileUrl });
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(served.rawPayload.includes('exif-owner-marker'), url).toBe(false);
        expect(served.rawPayload.includes('exif-artist-marker'), url).toBe(false);
      }
    });
  }
});

describe('size limits', () => {
  /** A multipart body whose file is `head` followed by zeros up to `size` bytes, streamed. */
  function streamed(filename: string, head: Buffer, size: number) {
    const boundary = 'portal-limit-boundary';
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    const body = Readable.from(
      (async function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        );
        yield head;
        for (let left = size - head.length; left > 0; left -= chunk.length) {
          yield left >= chunk.length ? chunk : chunk.subarray(0, left);
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  const limits: [string, string, () => Promise<Buffer> | Buffer, number][] = [
    ['image', 'big.png', () => png(), MAX_IMAGE_BYTES],
    ['document', 'big.pdf', () => pdf(), MAX_DOCUMENT_BYTES],
    ['video', 'big.mp4', () => isoMedia('isom', 100), MAX_VIDEO_BYTES],
  ];

  for (const [kind, filename, head, limit] of limits) {
    it(`refuses a ${kind} one byte over ${limit} bytes with 413, leaving nothing behind`, async () => {
      const before = await everything();
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/upload-file',
        ...streamed(filename, await head(), limit + 1),
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(await everything()).toEqual(before);
      expect(filesUnder(path.join(t.config.dataDir, 'uploads', '.tmp'))).toEqual([]);
    }, 180_000);
  }

  it('accepts a document of exactly the limit', async () => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/upload-file',
      ...streamed('exact.pdf', pdf(), MAX_DOCUMENT_BYTES),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
