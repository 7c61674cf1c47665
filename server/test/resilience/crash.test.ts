/**
 * Item 16: the server is SIGKILLed while 100 sign-ups and a stream of uploads and reports are in
 * flight, then started again on the same data. Whatever had been acknowledged is there, and
 * nothing is half there: every user has the verification mail in the outbox, every report's
 * files exist, and after the start-up sweep no stored bytes lack a row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox, reports, uploads, users } from '../../src/db/schema';
import { filesUnder, png, video } from '../uploads';
import {
  ADMIN,
  api,
  heldUpload,
  newTarget,
  PG_URL,
  type ServerProcess,
  signIn,
  startServer,
  type Target,
  upload,
} from './support';

const SIGN_UPS = 100;
const UPLOADS = 30;
const HELD_UPLOADS = 10;
const REPORTS = 20;
const PASSWORD = 'Crash-Test-Password-31';

const targets: Target[] = [];
afterAll(async () => {
  for (const t of targets) await t.remove();
});

const drivers = PG_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(drivers)('SIGKILL during sign-ups, uploads and reports (%s)', (driver) => {
  it('loses nothing acknowledged and leaves nothing partial', async () => {
    const target = await newTarget(driver);
    targets.push(target);
    // 60 uploads from one admin: the hourly upload rate has its own test (allowance.test.ts).
    const env = { UPLOAD_RATE_LIMIT: '1000' };
    let server: ServerProcess | undefined = await startServer(target, env);
    try {
      const cookie = await signIn(server, ADMIN.email, ADMIN.password);
      const run = Date.now();
      const acknowledged = { signUps: [] as string[], reports: [] as string[], uploads: 0 };
      const answered: Record<string, number[]> = { signUps: [], uploads: [], reports: [] };
      let settled = 0;
      const s = server;

      // Videos of 2 MB (a real clip, padded) are still streaming when the process dies.
      const uploadsInFlight = Array.from({ length: UPLOADS }, async () => {
        const res = await upload(s, cookie, '/api/upload-file', {
          filename: 'clip.mp4',
          contentType: 'video/mp4',
          data: video('mp4', 2 * 1024 * 1024),
        }).catch(() => undefined);
        answered.uploads!.push(res?.status ?? 0);
        if (res?.status === 201) acknowledged.uploads++;
      });
      const picture = await png(64, 64);
      const reportsInFlight = Array.from({ length: REPORTS }, async (_, i) => {
        const image = await upload(s, cookie, '/api/upload', {
          filename: 'site.png',
          contentType: 'image/png',
          data: picture,
        }).catch(() => undefined);
        if (image?.status !== 201 || !image.url) return;
        const res = await api(s, 'POST', '/api/reports', {
          cookie,
          // Issue 17: an image needs the client's consent to photos.
          body: { clientName: `Crash client ${i}`, ssn: '123-45-6789', imageUrl: image.url, consent: { photo: 'Yes' } },
        }).catch(() => undefined);
        answered.reports!.push(res?.status ?? 0);
        if (res?.status === 201) acknowledged.reports.push(String(res.json._id));
      });

      // These stop half-way through their bodies until after the kill.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const heldUploads = Array.from({ length: HELD_UPLOADS }, () =>
        heldUpload(
          s,
          cookie,
          { filename: 'long.mp4', contentType: 'video/mp4', data: video('mp4', 4 * 1024 * 1024) },
          held,
        ),
      );

      // Once uploads and reports are flowing, 100 sign-ups at once; the kill comes when a quarter
      // of them have been answered, with the rest, and most uploads, mid-flight.
      const deadline = Date.now() + 30_000;
      const waitUntil = async (done: () => boolean) => {
        while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      };
      await waitUntil(() => acknowledged.uploads >= 3 && acknowledged.reports.length >= 3);
      const signUps = Array.from({ length: SIGN_UPS }, async (_, i) => {
        const email = `crash.${run}.${i}@example.org`;
        const res = await api(s, 'POST', '/api/auth/signup', {
          body: { name: `Crash ${i}`, email, certificateNo: `CRA-C${i}`, password: PASSWORD },
        }).catch(() => undefined);
        settled++;
        answered.signUps!.push(res?.status ?? 0);
        if (res?.status === 201) acknowledged.signUps.push(email);
      });
      const someOfEach = () => settled >= SIGN_UPS / 4 && acknowledged.uploads >= 3 && acknowledged.reports.length >= 3;
      await waitUntil(someOfEach);
      await server.kill();
      release();
      const heldAnswers = await Promise.all(heldUploads);
      await Promise.all([...signUps, ...uploadsInFlight, ...reportsInFlight]);
      const tally = (xs: number[]) => xs.reduce<Record<number, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});
      console.info(
        `[resilience] crash (${driver}): answers before the kill (0 = cut off) ${JSON.stringify({
          signUps: tally(answered.signUps!),
          uploads: tally(answered.uploads!),
          heldUploads: tally(heldAnswers),
          reports: tally(answered.reports!),
        })}`,
      );
      expect(someOfEach()).toBe(true);
      expect(acknowledged.signUps.length).toBeLessThan(SIGN_UPS);
      expect(heldAnswers).toEqual(heldAnswers.map(() => 0));

      // Restart on the same data; the start-up sweep runs once.
      server = await startServer(target, env);
      const swept = await server.waitForLog(/upload sweep finished/);
      const sweptCounts = JSON.parse(swept) as { orphans: number; scratch: number };
      await server.stop();
      server = undefined;

      const database = await target.open();
      try {
        const db = database.db;
        const members = (await db.select({ email: users.email }).from(users)).filter((u) => u.email !== ADMIN.email);
        const mails = await db.select({ to: outbox.to, subject: outbox.subject }).from(outbox);
        const verificationTo = new Set(mails.filter((m) => m.subject === 'Your verification code').map((m) => m.to));

        // Acknowledged sign-ups survived; every user there has their verification mail queued.
        const emails = new Set(members.map((u) => u.email));
        for (const email of acknowledged.signUps) expect(emails.has(email)).toBe(true);
        const withoutMail = members.filter((u) => !verificationTo.has(u.email));
        expect(withoutMail).toEqual([]);

        // Acknowledged reports survived; no report refers to a file whose row or bytes are gone.
        const reportRows = await db.select({ id: reports.id, imageUrl: reports.imageUrl }).from(reports);
        for (const id of acknowledged.reports) expect(reportRows.some((r) => r.id === id)).toBe(true);
        const uploadRows = await db.select().from(uploads);
        const byUrl = new Map(uploadRows.map((u) => [`/api/files/${u.id}`, u]));
        const uploadsDir = path.join(target.dataDir, 'uploads');
        const partialReports = reportRows.filter((r) => {
          const file = byUrl.get(r.imageUrl);
          return !file || !file.attachedAt || !fs.existsSync(path.join(uploadsDir, file.storageKey));
        });
        expect(partialReports).toEqual([]);

        // After one sweep: every stored file has a row, and no working file is left.
        const keys = new Set(uploadRows.map((u) => u.storageKey));
        const stored = filesUnder(uploadsDir).map((f) => path.relative(uploadsDir, f));
        const scratch = stored.filter((f) => f.startsWith('.tmp'));
        const withoutRow = stored.filter((f) => !f.startsWith('.tmp') && !keys.has(f));
        expect(withoutRow).toEqual([]);
        expect(scratch).toEqual([]);
        // The held uploads' half-written working files were there, and the sweep removed them.
        expect(sweptCounts.scratch).toBeGreaterThanOrEqual(HELD_UPLOADS);

        console.info(
          `[resilience] crash (${driver}): ${acknowledged.signUps.length}/${SIGN_UPS} sign-ups and ` +
            `${acknowledged.reports.length}/${REPORTS} reports acknowledged before the kill; ` +
            `${members.length} users after restart, 0 without mail; ${reportRows.length} reports, 0 partial; ` +
            `${stored.length} stored files, 0 without a row (the sweep removed ${sweptCounts.scratch} working files)`,
        );
      } finally {
        await database.close();
      }
    } finally {
      await server?.kill();
    }
  });
});
