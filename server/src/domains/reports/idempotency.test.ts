import crypto from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, idempotencyKeyValue } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, reports, uploads } from '../../db/schema';
import { addMinutes } from '../../lib/clock';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { fullReport } from '../../../test/reports';
import { multipart, png, video } from '../../../test/uploads';

/** Issue 18 (decision 0019): `Idempotency-Key` on report submits and their media uploads. */

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { name: 'Morgan Member' });
  other = await createUser(t, { name: 'Olive Other' });
});
afterAll(() => t.close());

const newKey = () => crypto.randomUUID();
const file = (cookie: string, body: object, key?: string) =>
  call(t.app, cookie, {
    method: 'POST',
    url: '/api/reports',
    payload: body,
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyValue(key) } : {},
  });
const reportCount = async () => (await t.database.db.select({ n: count() }).from(reports))[0]!.n;
const uploadCount = async () => (await t.database.db.select({ n: count() }).from(uploads))[0]!.n;

/** A report without media: consent and HMIS answers as fullReport sets them. */
const report = (clientName = 'Jordan Rivers') => ({ ...fullReport(), clientName });

describe('POST /api/reports with an Idempotency-Key', () => {
  it('answers a retry with the first answer and files one report', async () => {
    const key = newKey();
    const before = await reportCount();
    const first = await file(member.cookie, report(), key);
    expect(first.statusCode, first.body).toBe(201);
    // The bare UUID (not an sf-string) names the same key.
    const retry = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: report(),
      headers: { [IDEMPOTENCY_KEY_HEADER]: key.toUpperCase() },
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await reportCount()).toBe(before + 1);
  });

  it('refuses the same key with a different body (422) and files nothing', async () => {
    const key = newKey();
    expect((await file(member.cookie, report('First Client'), key)).statusCode).toBe(201);
    const before = await reportCount();
    const changed = await file(member.cookie, report('Second Client'), key);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused });
    expect(await reportCount()).toBe(before);
  });

  it('files one report when the same submit arrives many times at once', async () => {
    const key = newKey();
    const before = await reportCount();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => file(member.cookie, report('Side By Side'), key)),
    );
    const filed = answers.filter((a) => a.statusCode === 201);
    // §2.6: a copy that arrives while the first is in progress is a 409, to be retried.
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    expect(filed.length).toBeGreaterThan(0);
    expect(new Set(filed.map((a) => a.json()._id)).size).toBe(1);
    expect(await reportCount()).toBe(before + 1);
    const again = await file(member.cookie, report('Side By Side'), key);
    expect(again.json()).toEqual(filed[0]!.json());
  });

  it('keeps each member’s keys apart: the same key of another member is a report of their own', async () => {
    const key = newKey();
    const mine = await file(member.cookie, report(), key);
    const before = await reportCount();
    const theirs = await file(other.cookie, report(), key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json()._id).not.toBe(mine.json()._id);
    expect(await reportCount()).toBe(before + 1);
    // Nor does a different body under that key tell the other member that it is taken.
    const differentBody = await file(other.cookie, report('Someone Else'), newKey());
    expect(differentBody.statusCode).toBe(201);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => r.userId).sort()).toEqual([member.user.id, other.user.id].sort());
  });

  it('refuses a malformed key (400) and files nothing', async () => {
    const before = await reportCount();
    const uuid = newKey();
    // §5: the whole value is a UUID, nothing before or after it.
    for (const value of [
      'abc',
      '"not-a-uuid"',
      '',
      `${newKey()}, ${newKey()}`,
      `"${newKey()}`,
      'x'.repeat(5000),
      `${uuid}0`,
      `0${uuid}`,
      `"${uuid}0"`,
      uuid.replaceAll('-', ''),
      uuid.replace(/[0-9a-f]$/, 'g'),
    ]) {
      const res = await call(t.app, member.cookie, {
        method: 'POST',
        url: '/api/reports',
        payload: report(),
        headers: { [IDEMPOTENCY_KEY_HEADER]: value },
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    }
    expect(await reportCount()).toBe(before);
  });

  it('refuses the key sent twice (§2.1: one header only), and files nothing', async () => {
    const before = await reportCount();
    const res = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: report(),
      headers: { [IDEMPOTENCY_KEY_HEADER]: [idempotencyKeyValue(newKey()), idempotencyKeyValue(newKey())] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    expect(await reportCount()).toBe(before);
  });

  it('reads the key with the spaces around it trimmed and in either case, as the key itself', async () => {
    const key = newKey();
    const first = await file(member.cookie, report('Spaced Key'), key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await reportCount();
    for (const value of [`  "${key}"  `, ` ${key.toUpperCase()}`, `"${key.toUpperCase()}"`]) {
      const retry = await call(t.app, member.cookie, {
        method: 'POST',
        url: '/api/reports',
        payload: report('Spaced Key'),
        headers: { [IDEMPOTENCY_KEY_HEADER]: value },
      });
      expect(retry.statusCode, value).toBe(201);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await reportCount()).toBe(before);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => [r.scope, r.status])).toEqual([['report', 201]]);
  });

  it('answers 409 while the first request with the key has not finished, and files nothing', async () => {
    const key = newKey();
    expect((await file(member.cookie, report('Still Working'), key)).statusCode).toBe(201);
    // As the key's row reads while the first request's transaction is still open: no answer yet.
    await t.database.db
      .update(idempotencyKeys)
      .set({ status: null, response: null })
      .where(eq(idempotencyKeys.key, key));
    const before = await reportCount();
    const retry = await file(member.cookie, report('Still Working'), key);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    // Other content under it is still the client's mistake (§2.7), not a request in progress.
    const changed = await file(member.cookie, report('Something Else'), key);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(await reportCount()).toBe(before);
  });

  it('files each of many submits with keys of their own sent at once: one key never holds up another', async () => {
    const before = await reportCount();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => file(member.cookie, report(`Neighbour ${i}`), newKey())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await reportCount()).toBe(before + 6);
  });

  it('still files a report per submit without a key (the spec’s clients send none)', async () => {
    const before = await reportCount();
    await file(member.cookie, report());
    await file(member.cookie, report());
    expect(await reportCount()).toBe(before + 2);
  });

  it('leaves no key behind when the submit failed, so a corrected retry goes through', async () => {
    const key = newKey();
    // Another member's file cannot be attached: the submit fails and the key stays free.
    const theirs = await call(t.app, other.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ filename: 'face.png', contentType: 'image/png', data: await png() }),
    });
    const refused = await file(member.cookie, { ...report(), imageUrl: theirs.json().fileUrl }, key);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect((await file(member.cookie, report(), key)).statusCode).toBe(201);
  });

  it('keeps keys 7 days: the purge removes older ones only', async () => {
    const old = newKey();
    const recent = newKey();
    await file(member.cookie, report(), old);
    await file(member.cookie, report(), recent);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: addMinutes(t.clock.now(), -(7 * 24 * 60 + 1)) })
      .where(eq(idempotencyKeys.key, old));
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: addMinutes(t.clock.now(), -(7 * 24 * 60 - 60)) })
      .where(eq(idempotencyKeys.key, recent));
    const removed = await t.app.purge.run();
    expect(removed.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });
});

describe('media uploads with the report’s Idempotency-Key', () => {
  const send = (cookie: string, key: string, part: Parameters<typeof multipart>[0]) => {
    const body = multipart(part);
    return call(t.app, cookie, {
      method: 'POST',
      url: '/api/upload-file',
      payload: body.payload,
      headers: { ...body.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyValue(key) },
    });
  };

  it('stores a retried photo and video once each, under one key', async () => {
    const key = newKey();
    const image = { filename: 'face.png', contentType: 'image/png', data: await png() };
    const clip = { filename: 'clip.webm', contentType: 'video/webm', data: video('webm') };
    const before = await uploadCount();
    const photo1 = await send(member.cookie, key, image);
    const video1 = await send(member.cookie, key, clip);
    expect(photo1.statusCode, photo1.body).toBe(201);
    expect(video1.statusCode, video1.body).toBe(201);
    const photo2 = await send(member.cookie, key, image);
    const video2 = await send(member.cookie, key, clip);
    expect(photo2.json()).toEqual(photo1.json());
    expect(video2.json()).toEqual(video1.json());
    expect(await uploadCount()).toBe(before + 2);

    // The report that names them, filed twice, is one report.
    const body = { ...fullReport(photo1.json().fileUrl, video1.json().fileUrl) };
    const r1 = await file(member.cookie, body, key);
    const r2 = await file(member.cookie, body, key);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.json()).toEqual(r1.json());
  });

  it('refuses other bytes under a used key (422) and stores nothing', async () => {
    const key = newKey();
    expect(
      (await send(member.cookie, key, { filename: 'a.png', contentType: 'image/png', data: await png(8, 8) }))
        .statusCode,
    ).toBe(201);
    const before = await uploadCount();
    const res = await send(member.cookie, key, { filename: 'b.png', contentType: 'image/png', data: await png(9, 9) });
    expect(res.statusCode, res.body).toBe(422);
    expect(await uploadCount()).toBe(before);
  });

  it('never answers another member with a file stored under the same key', async () => {
    const key = newKey();
    const image = { filename: 'face.png', contentType: 'image/png', data: await png() };
    const mine = await send(member.cookie, key, image);
    const theirs = await send(other.cookie, key, image);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().fileUrl).not.toBe(mine.json().fileUrl);
  });

  it('checks junk bytes under a key as without one (415) and keeps no key', async () => {
    const key = newKey();
    const res = await send(member.cookie, key, {
      filename: 'x.png',
      contentType: 'image/png',
      data: 'not an image at all',
    });
    expect(res.statusCode).toBe(415);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('answers 409 while the first upload under the key has not finished, and keeps its key', async () => {
    const key = newKey();
    const image = { filename: 'face.png', contentType: 'image/png', data: await png() };
    expect((await send(member.cookie, key, image)).statusCode).toBe(201);
    // As the key's row reads while the first upload's transaction is still open: no answer yet.
    await t.database.db
      .update(idempotencyKeys)
      .set({ status: null, response: null })
      .where(eq(idempotencyKeys.key, key));
    const before = await uploadCount();
    const retry = await send(member.cookie, key, image);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await uploadCount()).toBe(before);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
  });

  it('refuses a malformed key on an upload (400)', async () => {
    const before = await uploadCount();
    const body = multipart({ filename: 'face.png', contentType: 'image/png', data: await png() });
    const res = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      payload: body.payload,
      headers: { ...body.headers, [IDEMPOTENCY_KEY_HEADER]: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(await uploadCount()).toBe(before);
  });
});

describe('an upload key whose file is gone', () => {
  it('stores the file anew when the first one was removed since (swept, or its report deleted)', async () => {
    const key = crypto.randomUUID();
    const part = multipart({ filename: 'face.png', contentType: 'image/png', data: await png() });
    const send = () =>
      call(t.app, member.cookie, {
        method: 'POST',
        url: '/api/upload-file',
        payload: part.payload,
        headers: { ...part.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyValue(key) },
      });
    const first = await send();
    const id = (first.json().fileUrl as string).split('/').pop()!;
    await t.database.db.delete(uploads).where(eq(uploads.id, id));
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().fileUrl).not.toBe(first.json().fileUrl);
    const fetched = await call(t.app, member.cookie, { method: 'GET', url: again.json().fileUrl });
    expect(fetched.statusCode).toBe(200);
  });
});
