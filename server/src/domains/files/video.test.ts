import { count } from 'drizzle-orm';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import {
  filesUnder,
  isoMedia,
  multipart,
  video,
  VIDEO_CREATION_TIME,
  VIDEO_METADATA,
  webm,
} from '../../../test/uploads';

/**
 * Issue 12 (M3, M4): a video is kept only if it is one, and never with the metadata a phone
 * wrote into it: a homeless client's location, the time, the device.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t);
});
afterAll(() => t.close());

const upload = (filename: string, data: Buffer) =>
  call(t.app, member.cookie, {
    method: 'POST',
    url: '/api/upload-file',
    ...multipart({ filename, contentType: 'application/octet-stream', data }),
  });

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(uploads);
  return { files: filesUnder(path.join(t.config.dataDir, 'uploads')).length, rows: rows!.n };
}

async function tracksOf(bytes: Buffer) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const tracks = await input.getTracks();
    return {
      tracks: await Promise.all(
        tracks.map(async (track) => ({
          type: track.type,
          codec: track.codec,
          packets: (await track.computePacketStats()).packetCount,
        })),
      ),
      tags: await input.getMetadataTags(),
    };
  } finally {
    input.dispose();
  }
}

describe('video uploads', () => {
  it.each([
    ['clip.mov', 'mov', 'video/quicktime'],
    ['clip.mp4', 'mp4', 'video/mp4'],
    ['clip.webm', 'webm', 'video/webm'],
  ] as const)('keep %s playable, with none of its metadata', async (filename, type, contentType) => {
    const original = video(type);
    // The fixture really carries what must go.
    const latin = original.toString('latin1');
    expect(VIDEO_METADATA.some((value) => latin.includes(value))).toBe(true);

    const res = await upload(filename, original);
    expect(res.statusCode, res.body).toBe(201);
    const served = await call(t.app, member.cookie, { method: 'GET', url: res.json().fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(contentType);
    const bytes = served.rawPayload;

    for (const value of VIDEO_METADATA) {
      for (const encoding of ['latin1', 'utf16le'] as const) {
        expect(bytes.includes(Buffer.from(value, encoding)), `${value} (${encoding})`).toBe(false);
      }
    }
    expect(bytes.includes(Buffer.from('©xyz', 'latin1'))).toBe(false);
    expect(bytes.includes(VIDEO_CREATION_TIME), 'the recorded creation time').toBe(false);

    // Still the same video: every track, every frame, no tag.
    const before = await tracksOf(original);
    const after = await tracksOf(bytes);
    expect(after.tracks).toEqual(before.tracks);
    expect(after.tracks.some((track) => track.type === 'video')).toBe(true);
    expect(after.tags).not.toHaveProperty('title');
    expect(after.tags).not.toHaveProperty('date');
    expect(after.tags.raw ?? {}).toEqual({});
  });

  it.each([
    ['ftyp and random bytes', 'junk.mp4', isoMedia('isom', 50_000)],
    ['a QuickTime header and random bytes', 'junk.mov', isoMedia('qt  ', 50_000)],
    ['an EBML header and random bytes', 'junk.webm', webm()],
    ['the first half of a real MP4', 'half.mp4', video('mp4').subarray(0, video('mp4').length / 2)],
    ['an MP4 header in front of a WebM', 'mixed.mp4', Buffer.concat([video('mp4').subarray(0, 40), video('webm')])],
  ])('refuse %s with 415, keeping nothing', async (_label, filename, data) => {
    const before = await stored();
    const res = await upload(filename, data);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({ message: 'This type of file is not accepted.' });
    expect(await stored()).toEqual(before);
  });
});
