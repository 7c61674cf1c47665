import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, driver, sessionCookie, type TestApp } from '../../../test/harness';
import { createResumable, patchResumable } from '../../../test/resumable';
import { filesUnder, multipart, png, video } from '../../../test/uploads';

/**
 * Issue 12 (M3): what one member may upload is bounded: uploads per hour over both routes,
 * bytes per 24 hours, and bytes that no record names yet. Beyond a bound the answer is clear
 * and nothing is kept.
 */
let t: TestApp;
beforeAll(async () => {
  // A clip (test/fixtures) is 3.2 KB sent and 2.8 KB kept: one fits the pending allowance and
  // three the daily one, a fourth does not.
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '6', UPLOAD_DAILY_MB: '0.0105', UPLOAD_PENDING_MB: '0.005' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createUser>>;

const sendVideo = (who: Member) =>
  call(t.app, who.cookie, {
    method: 'POST',
    url: '/api/upload-file',
    ...multipart({ filename: 'clip.mp4', contentType: 'video/mp4', data: video('mp4') }),
  });

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(uploads);
  return { files: filesUnder(path.join(t.config.dataDir, 'uploads')).length, rows: rows!.n };
}

const fileReport = (who: Member, videoUrl: string) =>
  call(t.app, who.cookie, {
    method: 'POST',
    url: '/api/reports',
    // Issue 17: a video needs the client's consent to video.
    payload: { clientName: 'Allowance Client', videoUrl, consent: { video: 'Yes' } },
  });

describe('upload allowances', () => {
  it('refuses bytes past the unattached allowance until the upload is used in a report', async () => {
    const member = await createUser(t);
    const first = await sendVideo(member);
    expect(first.statusCode, first.body).toBe(201);

    const before = await stored();
    const second = await sendVideo(member);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      message: 'Too many of your uploads are not yet part of a report or profile. Submit them, or try again tomorrow.',
    });
    expect(await stored()).toEqual(before);

    // Another member's allowance is their own.
    expect((await sendVideo(await createUser(t))).statusCode).toBe(201);

    // Once the first is part of a report, it no longer counts as waiting.
    expect((await fileReport(member, first.json().fileUrl)).statusCode).toBe(201);
    expect((await sendVideo(member)).statusCode).toBe(201);
  });

  it('refuses bytes past the daily allowance, even when they are all in reports', async () => {
    const member = await createUser(t);
    for (let i = 0; i < 3; i++) {
      const res = await sendVideo(member);
      expect(res.statusCode, res.body).toBe(201);
      expect((await fileReport(member, res.json().fileUrl)).statusCode).toBe(201);
    }
    const before = await stored();
    const over = await sendVideo(member);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'You have reached your upload allowance for today. Try again tomorrow.' });
    expect(await stored()).toEqual(before);

    // A day later (signed in again) the allowance is back.
    t.clock.advanceMinutes(24 * 60 + 1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect((await sendVideo({ ...member, cookie: sessionCookie(again) })).statusCode).toBe(201);
  });

  it('counts uploads per member and hour over both routes', async () => {
    const member = await createUser(t);
    const image = async (who: Member, url: '/api/upload' | '/api/upload-file') =>
      call(t.app, who.cookie, {
        method: 'POST',
        url,
        ...multipart({
          field: url === '/api/upload' ? 'image' : 'file',
          filename: 'me.png',
          contentType: 'image/png',
          data: await png(),
        }),
      });
    for (let i = 0; i < 3; i++) {
      expect((await image(member, '/api/upload')).statusCode).toBe(201);
      expect((await image(member, '/api/upload-file')).statusCode).toBe(201);
    }
    const limited = await image(member, '/api/upload');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String) });
    expect((await image(member, '/api/upload-file')).statusCode).toBe(429);
    // The count is the member's, not the address's or everyone's.
    expect((await image(await createUser(t), '/api/upload-file')).statusCode).toBe(201);
  });

  // Issue 18 part 5: a resumable upload counts as much as a multipart one.
  it('holds resumable uploads to the same allowances, at creation and at completion', async () => {
    const member = await createUser(t);
    const PENDING =
      'Too many of your uploads are not yet part of a report or profile. Submit them, or try again tomorrow.';
    // Declared larger than the allowance: refused before a byte is sent.
    const big = await createResumable(t.app, member.cookie, { length: 6000 });
    expect([big.statusCode, big.json().message]).toEqual([413, PENDING]);

    // Two that each fit at creation; only the first fits once stored.
    const data = video('mp4');
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await createResumable(t.app, member.cookie, { length: data.length });
      expect(res.statusCode, res.body).toBe(201);
      urls.push(res.headers.location as string);
    }
    expect((await patchResumable(t.app, member.cookie, urls[0]!, 0, data)).statusCode).toBe(201);
    const before = await stored();
    const second = await patchResumable(t.app, member.cookie, urls[1]!, 0, data);
    expect([second.statusCode, second.json().message]).toEqual([413, PENDING]);
    expect(await stored()).toEqual(before);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'resumable')).filter((n) => !n.endsWith('.json'))).not.toContain(
      urls[1]!.split('/').pop(),
    );
  });

  it('counts the creation of a resumable upload in the same hourly rate', async () => {
    const member = await createUser(t);
    for (let i = 0; i < 6; i++) {
      expect((await createResumable(t.app, member.cookie, { length: 10 })).statusCode).toBe(201);
    }
    expect((await createResumable(t.app, member.cookie, { length: 10 })).statusCode).toBe(429);
    expect((await sendVideo(member)).statusCode).toBe(429);
  });

  it.runIf(driver === 'postgres')('lets exactly one of two uploads sent side by side past the allowance', async () => {
    const member = await createUser(t);
    const results = await Promise.all([sendVideo(member), sendVideo(member)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
  });
});
