import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, reports, uploads, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { doc, docx, filesUnder, type FilePart, multipart, pdf, png, video as clip } from '../../../test/uploads';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let admin: Person;
let alice: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  alice = await createUser(t);
  bob = await createUser(t);
});
afterAll(() => t.close());

async function uploadAs(who: Person, file: FilePart, url = '/api/upload-file'): Promise<string> {
  const res = await call(t.app, who.cookie, { method: 'POST', url, ...multipart(file) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().fileUrl ?? res.json().url;
}
const get = (who: Person | undefined, url: string, headers: Record<string, string> = {}) =>
  call(t.app, who?.cookie, { method: 'GET', url, headers });
const idOf = (url: string) => url.split('/').pop()!;
const rowOf = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(url)))
  )[0];
const image = async (): Promise<FilePart> => ({ filename: 'p.png', contentType: 'image/png', data: await png() });

describe('GET /api/files/:id', () => {
  it('serves an unattached upload to its owner and admins only', async () => {
    const url = await uploadAs(alice, await image());
    expect((await get(alice, url)).statusCode).toBe(200);
    expect((await get(admin, url)).statusCode).toBe(200);
    expect((await get(bob, url)).statusCode).toBe(403);
    expect((await get(undefined, url)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(alice, '/api/files/7f1c2d9e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(alice, '/api/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('serves with the sniffed type and headers that keep a browser from running it', async () => {
    const url = await uploadAs(alice, await image());
    const res = await get(alice, url);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline',
      'accept-ranges': 'bytes',
    });
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const word = await uploadAs(admin, { filename: 'Cert ü (x).docx', contentType: 'x/y', data: docx() });
    const asWord = await get(admin, word);
    expect(asWord.headers['content-disposition']).toBe('attachment; filename="Cert_x_.docx"');
    const legacy = await uploadAs(admin, { filename: 'old.doc', contentType: 'x/y', data: doc() });
    expect((await get(admin, legacy)).headers['content-disposition']).toBe('attachment; filename="old.doc"');
    const paper = await uploadAs(admin, { filename: 'c.pdf', contentType: 'x/y', data: pdf() });
    expect((await get(admin, paper)).headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
    });
  });

  it('answers byte ranges so that video can seek', async () => {
    const url = await uploadAs(alice, { filename: 'v.mp4', contentType: 'video/mp4', data: clip('mp4', 8000) });
    // What is stored is the clip remuxed without its metadata: ranges are read from that.
    const video = (await get(alice, url)).rawPayload;
    expect(video.length).toBeGreaterThan(1000);
    const part = await get(alice, url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const tail = await get(alice, url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const open = await get(alice, url, { range: `bytes=${video.length - 3}-` });
    expect(open.rawPayload.equals(video.subarray(video.length - 3))).toBe(true);

    for (const range of [`bytes=${video.length}-`, 'bytes=50-10', 'bytes=abc', 'bytes=-0']) {
      const bad = await get(alice, url, { range });
      expect(bad.statusCode, range).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${video.length}`);
    }
  });

  it('lets the reporting member and admins read report media, and nobody else', async () => {
    const url = await uploadAs(alice, await image());
    await t.app.files.attach(t.database.db, [url], { ownerId: alice.user.id, kinds: ['image'] });
    await t.database.db.insert(reports).values({ userId: alice.user.id, imageUrl: url, data: {} });
    expect((await get(alice, url)).statusCode).toBe(200);
    expect((await get(admin, url)).statusCode).toBe(200);
    // An image, yet not for every member: it belongs to a report.
    expect((await get(bob, url)).statusCode).toBe(403);
  });

  it('lets the certificate holder and admins read a certificate document', async () => {
    const url = await uploadAs(admin, { filename: 'c.pdf', contentType: 'application/pdf', data: pdf() });
    await t.app.files.attach(t.database.db, [url], { kinds: ['document'] });
    await t.database.db.insert(certificates).values({
      userEmail: bob.email,
      holderId: bob.user.id,
      certificateNo: 'CRA-9',
      name: 'Certified Recycling Advocate',
      validTill: new Date(Date.now() + 86_400_000),
      downloadLink: url,
    });
    expect((await get(bob, url)).statusCode).toBe(200);
    expect((await get(admin, url)).statusCode).toBe(200);
    expect((await get(alice, url)).statusCode).toBe(403);
  });

  it('decides a certificate document by its holder, not by the e-mail it was registered with (issue 30, F14)', async () => {
    const url = await uploadAs(admin, { filename: 'c.pdf', contentType: 'application/pdf', data: pdf() });
    await t.app.files.attach(t.database.db, [url], { kinds: ['document'] });
    const holder = await createUser(t);
    const sameAddress = await createUser(t);
    // Registered to one address, held by another account (the holder's e-mail changed since).
    const [row] = await t.database.db
      .insert(certificates)
      .values({
        userEmail: sameAddress.email,
        holderId: holder.user.id,
        certificateNo: 'CRA-14',
        name: 'Certified Recycling Advocate',
        validTill: new Date(Date.now() + 86_400_000),
        downloadLink: url,
      })
      .returning();
    expect((await get(holder, url)).statusCode).toBe(200);
    expect((await get(sameAddress, url)).statusCode).toBe(403);
    // Unclaimed: nobody but admins, whatever the address.
    await t.database.db.update(certificates).set({ holderId: null }).where(eq(certificates.id, row!.id));
    expect((await get(sameAddress, url)).statusCode).toBe(403);
    expect((await get(holder, url)).statusCode).toBe(403);
    expect((await get(admin, url)).statusCode).toBe(200);
  });

  it('lets any verified user see a profile picture', async () => {
    const url = await uploadAs(alice, await image(), '/api/upload');
    await t.database.db.update(users).set({ picture: url }).where(eq(users.id, alice.user.id));
    await t.app.files.attach(t.database.db, [url], { ownerId: alice.user.id, kinds: ['image'] });
    expect((await get(bob, url)).statusCode).toBe(200);
  });

  it('shows a Word document as sandboxed HTML on request, and refuses other formats', async () => {
    const url = await uploadAs(admin, { filename: 'c.docx', contentType: 'x/y', data: docx({ text: 'Hello <b>' }) });
    const html = await get(admin, `${url}?format=html`);
    expect(html.statusCode, html.body).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(html.body).toContain('Hello &lt;b&gt;');
    expect((await get(admin, `${url}?format=pdf`)).statusCode).toBe(400);
    expect((await get(admin, `${url}?download=1`)).statusCode).toBe(400);
    const paper = await uploadAs(admin, { filename: 'c.pdf', contentType: 'x/y', data: pdf() });
    expect((await get(admin, `${paper}?format=html`)).statusCode).toBe(400);
  });
});

describe('app.files', () => {
  it('attach() marks the files and refuses another user’s upload, a wrong kind and foreign URLs', async () => {
    const url = await uploadAs(alice, await image());
    const video = await uploadAs(alice, { filename: 'v.mp4', contentType: 'video/mp4', data: clip('mp4') });
    const attach = (urls: string[], opts: Parameters<typeof t.app.files.attach>[2]) =>
      t.app.files.attach(t.database.db, urls, opts);

    await expect(attach([url], { ownerId: bob.user.id, kinds: ['image'] })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(attach([url], { ownerId: alice.user.id, kinds: ['video'] })).rejects.toBeInstanceOf(HttpError);
    for (const foreign of ['https://evil.example/x.png', '/api/files/not-a-uuid', `${url}/../x`]) {
      await expect(attach([foreign], { kinds: ['image'] }), foreign).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(
      attach(['/api/files/7f1c2d9e-0000-4000-8000-000000000000'], { kinds: ['image'] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await rowOf(url))!.attachedAt).toBeNull();

    await attach(['', url, video], { ownerId: alice.user.id, kinds: ['image', 'video'] });
    expect((await rowOf(url))!.attachedAt).toBeInstanceOf(Date);
    expect((await rowOf(video))!.attachedAt).toBeInstanceOf(Date);
  });

  it('attach() in a transaction that rolls back leaves the file unattached', async () => {
    const url = await uploadAs(alice, await image());
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.files.attach(tx, [url], { ownerId: alice.user.id, kinds: ['image'] });
        throw new Error('the record failed');
      }),
    ).rejects.toThrow('the record failed');
    expect((await rowOf(url))!.attachedAt).toBeNull();
  });

  it('release() deletes rows and bytes no record names, ignoring empty and unknown URLs', async () => {
    const url = await uploadAs(alice, await image());
    const key = (await rowOf(url))!.storageKey;
    expect(await t.app.storage.stat(key)).not.toBeNull();
    await t.app.files.release(['', url, '/api/files/7f1c2d9e-0000-4000-8000-000000000000', 'https://x.example/a']);
    expect(await rowOf(url)).toBeUndefined();
    expect(await t.app.storage.stat(key)).toBeNull();
    expect((await get(alice, url)).statusCode).toBe(404);
  });

  it('sweep() removes stored bytes that no row refers to, and working files of dead processes', async () => {
    const kept = await uploadAs(alice, await image());
    const keptKey = (await rowOf(kept))!.storageKey;
    // What a crash between deleting a row and its bytes leaves behind.
    const orphan = t.app.storage.newKey();
    await t.app.storage.put(orphan, Readable.from(['bytes without a row']));
    const host = path.basename(t.app.storage.scratchPath()).split('~')[0]!;
    const deadScratch = path.join(t.config.dataDir, 'uploads', '.tmp', `${host}~4194305~abc123~1`);
    fs.writeFileSync(deadScratch, 'half an upload');

    await t.app.files.sweep();
    expect(await t.app.storage.stat(orphan)).toBeNull();
    expect(fs.existsSync(deadScratch)).toBe(false);
    expect(await t.app.storage.stat(keptKey)).not.toBeNull();
    expect((await get(alice, kept)).statusCode).toBe(200);
  });

  it('sweep() removes uploads left unattached past 24 hours, keeping attached and recent ones', async () => {
    const stale = await uploadAs(alice, await image());
    const kept = await uploadAs(alice, await image());
    await t.app.files.attach(t.database.db, [kept], { ownerId: alice.user.id, kinds: ['image'] });
    const staleKey = (await rowOf(stale))!.storageKey;

    t.clock.advanceMinutes(23 * 60);
    // Sessions have expired by now; a fresh user uploads the recent file.
    const carol = await createUser(t);
    const recent = await uploadAs(carol, await image());
    await t.app.files.sweep();
    expect(await rowOf(stale)).toBeDefined();

    t.clock.advanceMinutes(61);
    expect(await t.app.files.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale)).toBeUndefined();
    expect(await t.app.storage.stat(staleKey)).toBeNull();
    expect(await rowOf(kept)).toBeDefined();
    expect(await rowOf(recent)).toBeDefined();
    // Only kept bytes remain: one file per row, no leftovers in the scratch folder.
    const rows = await t.database.db.select({ key: uploads.storageKey }).from(uploads);
    expect(filesUnder(path.join(t.config.dataDir, 'uploads')).length).toBe(rows.length);
  });
});
