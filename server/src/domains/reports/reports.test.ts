import { TOTAL_COUNT_HEADER } from '@portal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reports } from '../../db/schema';
import { call, createTestApp, createUser, holdsNumber, type TestApp } from '../../../test/harness';
import { DOB, fullReport, SSN, SSN_DIGITS } from '../../../test/reports';
import { multipart, png, video } from '../../../test/uploads';
import { MEDIA_CONSENT_PHOTO, MEDIA_CONSENT_VIDEO } from '@portal/contract';
import { NOT_OUR_FILE } from '../files';
import { REPORT_DELETED, REPORT_UNREADABLE } from './routes';

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { name: 'Morgan Member' });
  other = await createUser(t, { name: 'Olive Other' });
  admin = await createUser(t, { isAdmin: true, steppedUp: true, name: 'Ada Admin' });
});
afterAll(() => t.close());

async function upload(cookie: string, kind: 'image' | 'video') {
  const body =
    kind === 'image'
      ? multipart({ filename: 'face.png', contentType: 'image/png', data: await png() })
      : multipart({ filename: 'clip.webm', contentType: 'video/webm', data: video('webm') });
  const res = await call(t.app, cookie, { method: 'POST', url: '/api/upload-file', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().fileUrl as string;
}

/** Issue 17: the smallest consent that lets a report attach an image and a video. */
const MEDIA_CONSENT = { photo: 'Yes', video: 'Yes' };

const file = (cookie: string, body: unknown) =>
  call(t.app, cookie, { method: 'POST', url: '/api/reports', payload: body as object });
const reportCount = async () => (await t.database.db.select({ n: count() }).from(reports))[0]!.n;
const rawRow = async (id: string) => {
  // Raw SQL: the columns exactly as the database holds them. Both drivers answer `{ rows }`.
  const res = (await t.database.db.execute(
    sql`select ssn_enc, dob_enc, data::text as data, client_name from reports where id = ${id}`,
  )) as unknown as { rows: unknown[] };
  return res.rows[0] as { ssn_enc: string; dob_enc: string; data: string; client_name: string };
};

describe('filing a report', () => {
  it('round-trips every field; the SSN is masked until revealed', async () => {
    const imageUrl = await upload(member.cookie, 'image');
    const videoUrl = await upload(member.cookie, 'video');
    const body = fullReport(imageUrl, videoUrl);
    const res = await file(member.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const { _id } = res.json();
    expect(_id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${_id}` });
    expect(read.statusCode, read.body).toBe(200);
    const stored = read.json();
    expect(stored).toEqual({
      ...body,
      ssn: '***-**-4455',
      _id,
      userId: member.user.id,
      createdAt: expect.any(String),
    });

    const reveal = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${_id}/reveal-ssn`,
      payload: { reason: 'Benefit application' },
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(reveal.json()).toEqual({ ssn: SSN_DIGITS });

    // The reporting member and admins may fetch the media.
    for (const cookie of [member.cookie, admin.cookie]) {
      const media = await call(t.app, cookie, { method: 'GET', url: videoUrl });
      expect(media.statusCode).toBe(200);
    }
  });

  it('lists reports newest first, with what the cards need, searchable by client name', async () => {
    const a = (await file(member.cookie, { clientName: 'Zed Alpha', projectStartDate: '2025-01-02' })).json()._id;
    const b = (await file(member.cookie, { clientName: 'Zed 100%_Beta' })).json()._id;
    const list = await call(t.app, admin.cookie, { method: 'GET', url: '/api/reports?q=zed&limit=1' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(list.json()).toEqual([
      { _id: b, clientName: 'Zed 100%_Beta', projectStartDate: '', imageUrl: '', createdAt: expect.any(String) },
    ]);
    const second = await call(t.app, admin.cookie, { method: 'GET', url: '/api/reports?q=zed&limit=1&offset=1' });
    expect(second.json()).toEqual([
      { _id: a, clientName: 'Zed Alpha', projectStartDate: '2025-01-02', imageUrl: '', createdAt: expect.any(String) },
    ]);
    // LIKE wildcards in q are taken literally.
    const literal = await call(t.app, admin.cookie, { method: 'GET', url: '/api/reports?q=100%25_' });
    expect(literal.json().map((r: { _id: string }) => r._id)).toEqual([b]);
    // The list never carries the sensitive fields.
    expect(JSON.stringify(list.json())).not.toMatch(/ssn|dob|disability/i);
  });

  it('ignores a userId in the body: the report is the session user’s', async () => {
    const res = await file(member.cookie, { clientName: 'Ignored Owner', userId: other.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, res.json()._id));
    expect(row!.userId).toBe(member.user.id);
  });

  it('refuses unknown fields, wrong options and malformed values, storing nothing', async () => {
    const before = await reportCount();
    const bad: unknown[] = [
      { ...fullReport(), isApproved: true },
      { ...fullReport(), race: ['Martian'] },
      { ...fullReport(), veteran: 'yes' },
      { ...fullReport(), dob: '12/04/1980' },
      { ...fullReport(), projectStartDate: '2025-02-30' },
      { ...fullReport(), ssn: '12-345-6789' },
      { ...fullReport(), zipLastPermanentAddress: '2139' },
      { ...fullReport(), race: ['White', 'White'] },
      { ...fullReport(), income: { ...fullReport().income, totalMonthlyIncome: -5 } },
      { ...fullReport(), disabilityType: { hivAids: 'true' } },
      { ...fullReport(), imageUrl: 'https://example.org/x.png' },
    ];
    for (const body of bad) {
      const res = await file(member.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      // The answer names the field, never echoes an SSN or DOB.
      expect(res.body).not.toContain(SSN_DIGITS);
      expect(res.body).not.toContain('4455');
    }
    expect(await reportCount()).toBe(before);
  });

  it('refuses media that are not the member’s own uploads of the right kind', async () => {
    const before = await reportCount();
    const othersImage = await upload(other.cookie, 'image');
    const ownImage = await upload(member.cookie, 'image');
    const ownVideo = await upload(member.cookie, 'video');
    for (const media of [
      { imageUrl: othersImage },
      { imageUrl: ownVideo },
      { videoUrl: ownImage },
      { imageUrl: '/api/files/00000000-0000-4000-8000-000000000000' },
      // A good image with a bad video attaches neither.
      { imageUrl: ownImage, videoUrl: othersImage },
    ]) {
      // With consent to both, so the refusal is the file's.
      const res = await file(member.cookie, { clientName: 'Media Check', ...media, consent: MEDIA_CONSENT });
      expect(res.statusCode, JSON.stringify(media)).toBe(400);
      expect(res.json().message, JSON.stringify(media)).toBe(NOT_OUR_FILE);
    }
    expect(await reportCount()).toBe(before);
  });
});

describe('consent and HMIS details (issue 17)', () => {
  const consentRow = async (id: string) =>
    (await t.database.db.select({ c: reports.hmisConsent }).from(reports).where(eq(reports.id, id)))[0]?.c;

  it('round-trips the missing-data answers and a partial SSN, keeps consent queryable, seals the rest', async () => {
    const body = {
      clientName: 'Partial Person',
      ssn: 'xxx-x5-1234',
      consent: {
        shareWithHmis: 'Yes',
        method: 'Verbal with a witness',
        witnessName: 'Wanda Witness',
        date: '2026-11-20',
      },
      hmis: {
        nameDataQuality: 'Partial, street name, or code name reported',
        ssnDataQuality: 'Approximate or partial SSN reported',
        dobDataQuality: 'Client prefers not to answer',
        sex: 'Male',
        veteranMissing: "Client doesn't know",
        disablingConditionMissing: 'Client prefers not to answer',
        raceEthnicityMissing: 'Data not collected',
        healthInsuranceMissing: "Client doesn't know",
        incomeMissing: 'Data not collected',
        nonCashBenefitsMissing: 'Data not collected',
        domesticViolenceMissing: 'Client prefers not to answer',
        domesticViolenceWhenMissing: 'Client prefers not to answer',
        currentlyFleeingMissing: 'Client prefers not to answer',
        contactDate: '2026-11-21',
        currentLivingSituation: 'Worker unable to determine',
      },
    };
    const res = await file(member.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    const read = (await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` })).json();
    expect(read).toMatchObject({ ...body, ssn: '***-**-1234', roSigned: 'No', hmis: { ...body.hmis, firstName: '' } });
    const reveal = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${id}/reveal-ssn`,
      payload: { reason: 'HMIS check' },
    });
    expect(reveal.json()).toEqual({ ssn: 'xxxx51234' });
    expect(await consentRow(id)).toBe(true);
    const raw = await rawRow(id);
    for (const secret of ['Wanda Witness', 'Worker unable to determine', 'veteranMissing', 'xxxx51234', '51234'])
      expect(`${raw.data} ${raw.ssn_enc}`, secret).not.toContain(secret);

    const refused = await file(member.cookie, { clientName: 'No Share', consent: { shareWithHmis: 'No' } });
    expect(await consentRow(refused.json()._id)).toBe(false);
    const legacy = await file(member.cookie, { clientName: 'Before Consent' });
    expect(await consentRow(legacy.json()._id)).toBe(false);
    const legacyRead = (
      await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${legacy.json()._id}` })
    ).json();
    expect(legacyRead.consent.shareWithHmis).toBe('');
    expect(legacyRead.hmis.sex).toBe('');
  });

  it('refuses media without consent to them with a clear message, storing nothing', async () => {
    const image = await upload(member.cookie, 'image');
    const clip = await upload(member.cookie, 'video');
    const before = await reportCount();
    const consent = { shareWithHmis: 'Yes', method: 'Signed', date: '2026-11-20' };
    for (const [body, message] of [
      // No consent answered at all is no consent (decision 0013, amended 2026-11-25).
      [{ imageUrl: image }, MEDIA_CONSENT_PHOTO],
      [{ videoUrl: clip }, MEDIA_CONSENT_VIDEO],
      [{ imageUrl: image, consent }, MEDIA_CONSENT_PHOTO],
      [{ imageUrl: image, consent: { ...consent, photo: 'No', video: 'Yes' } }, MEDIA_CONSENT_PHOTO],
      [{ videoUrl: clip, consent: { ...consent, photo: 'Yes' } }, MEDIA_CONSENT_VIDEO],
      [{ imageUrl: image, videoUrl: clip, consent: { photo: 'Yes', video: 'No' } }, MEDIA_CONSENT_VIDEO],
    ] as const) {
      const res = await file(member.cookie, { clientName: 'Media Consent', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await reportCount()).toBe(before);
    // With consent the same uploads attach.
    const ok = await file(member.cookie, {
      imageUrl: image,
      videoUrl: clip,
      consent: { ...consent, photo: 'Yes', video: 'Yes' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses contradicting answers, storing nothing', async () => {
    const before = await reportCount();
    for (const body of [
      { veteran: 'Yes', hmis: { veteranMissing: 'Data not collected' } },
      { ssn: '123-45-678x' },
      { ssn: '123-45-6789', hmis: { ssnDataQuality: "Client doesn't know" } },
      { consent: { shareWithHmis: 'Yes', method: 'Verbal with a witness', date: '2026-11-20' } },
      { hmis: { sex: 'Unknown' } },
    ]) {
      const res = await file(member.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await reportCount()).toBe(before);
  });

  it('shows the HMIS details to admins only', async () => {
    const id = (await file(member.cookie, { hmis: { sex: 'Female' } })).json()._id as string;
    expect((await call(t.app, member.cookie, { method: 'GET', url: `/api/reports/${id}` })).statusCode).toBe(403);
    expect((await call(t.app, other.cookie, { method: 'GET', url: `/api/reports/${id}` })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/reports/${id}` })).statusCode).toBe(401);
    expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` })).json().hmis.sex).toBe(
      'Female',
    );
  });
});

describe('encryption at rest', () => {
  it('keeps SSN, DOB and the rest of the intake out of the database in clear', async () => {
    const { _id } = (await file(member.cookie, fullReport())).json();
    const raw = await rawRow(_id);
    expect(raw.ssn_enc).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(raw.dob_enc).toMatch(/^v1\./);
    const everything = JSON.stringify(raw);
    for (const secret of [SSN_DIGITS, SSN, '4455', DOB, '1980', 'hivAids', 'Trespass', 'Dana Kim', 'MED-778899'])
      expect(everything, secret).not.toContain(secret);
    // What the list shows and searches stays readable.
    expect(raw.client_name).toBe('Jordan Rivers');
  });

  it('gives two equal SSNs different ciphertexts', async () => {
    const a = (await file(member.cookie, { ssn: SSN, dob: DOB })).json()._id;
    const b = (await file(member.cookie, { ssn: SSN, dob: DOB })).json()._id;
    const [ra, rb] = [await rawRow(a), await rawRow(b)];
    expect(ra.ssn_enc).not.toBe(rb.ssn_enc);
    expect(ra.dob_enc).not.toBe(rb.dob_enc);
  });

  it('fails closed on a flipped byte', async () => {
    const { _id } = (await file(member.cookie, { ssn: SSN, dob: DOB })).json();
    const raw = await rawRow(_id);
    const parts = raw.ssn_enc.split('.');
    const ct = Buffer.from(parts[4]!, 'base64url');
    ct[0]! ^= 0x01;
    parts[4] = ct.toString('base64url');
    await t.database.db
      .update(reports)
      .set({ ssnEnc: parts.join('.') })
      .where(eq(reports.id, _id));
    const reveal = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${_id}/reveal-ssn`,
      payload: { reason: 'Integrity check' },
    });
    expect(reveal.statusCode).toBe(500);
    expect(reveal.json()).toEqual({ message: REPORT_UNREADABLE });
    const read = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${_id}` });
    expect(read.statusCode).toBe(500);
    // A failed reveal leaves no audit row claiming the SSN was seen.
    const [audits] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, _id), eq(auditLog.action, 'report.reveal_ssn')));
    expect(audits!.n).toBe(0);
  });

  it('fails closed on a value moved to another row or another column', async () => {
    const source = (await file(member.cookie, { ssn: '987-65-4321', dob: '1990-01-01' })).json()._id;
    const target = (await file(member.cookie, { ssn: SSN, dob: DOB })).json()._id;
    const raw = await rawRow(source);
    await t.database.db.update(reports).set({ ssnEnc: raw.ssn_enc }).where(eq(reports.id, target));
    const moved = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${target}/reveal-ssn`,
      payload: { reason: 'Integrity check' },
    });
    expect(moved.statusCode).toBe(500);
    expect(moved.body).not.toContain('987654321');

    // The DOB ciphertext of a row in its own SSN column does not open either.
    const own = await rawRow(source);
    await t.database.db.update(reports).set({ ssnEnc: own.dob_enc }).where(eq(reports.id, source));
    const swapped = await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${source}` });
    expect(swapped.statusCode).toBe(500);

    // Nor does the sealed rest of another report.
    const third = (await file(member.cookie, { comments: 'third' })).json()._id;
    const [donor] = await t.database.db.select().from(reports).where(eq(reports.id, third));
    await t.database.db.update(reports).set({ data: donor!.data }).where(eq(reports.id, target));
    expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${target}` })).statusCode).toBe(500);
  });

  it('never writes an SSN or DOB to the log', async () => {
    const { _id } = (await file(member.cookie, { ...fullReport(), ssn: '555-44-3333', dob: '1971-07-07' })).json();
    await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${_id}` });
    await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${_id}/reveal-ssn`,
      payload: { reason: 'Log check' },
    });
    await file(member.cookie, { ssn: '555-44-3333', dob: 'not a date' });
    const logs = t.logs.join('\n');
    expect(logs).toContain(_id);
    for (const secret of ['555-44-3333', '1971-07-07']) expect(logs).not.toContain(secret);
    for (const digits of ['555443333', '3333']) expect(holdsNumber(logs, digits), digits).toBe(false);
  });
});

describe('access', () => {
  it('lets a member file but not list, read, reveal or delete; a guest nothing', async () => {
    const { _id } = (await file(member.cookie, { clientName: 'Access Check', ssn: SSN })).json();
    const attempts = [
      { method: 'GET', url: '/api/reports' },
      { method: 'GET', url: `/api/reports/${_id}` },
      { method: 'POST', url: `/api/reports/${_id}/reveal-ssn`, payload: { reason: 'Curious' } },
      { method: 'DELETE', url: `/api/reports/${_id}` },
    ] as const;
    for (const attempt of attempts) {
      const res = await call(t.app, member.cookie, attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(res.body).not.toContain('4455');
      expect((await call(t.app, undefined, attempt)).statusCode).toBe(401);
    }
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/reports', payload: {} })).statusCode).toBe(401);
    const unverified = await createUser(t, { isVerified: false });
    expect((await file(unverified.cookie, {})).statusCode).toBe(403);
    expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${_id}` })).statusCode).toBe(200);
  });

  it('answers 404 for a report that does not exist', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${id}` })).statusCode).toBe(404);
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/reports/${id}` })).statusCode).toBe(404);
  });
});

describe('my reports (issue 35)', () => {
  const mine = (cookie: string | undefined, query = '') =>
    call(t.app, cookie, { method: 'GET', url: `/api/reports/mine${query}` });

  it('lists only the reports the member filed, newest first, paged and searchable, nothing sealed', async () => {
    const filer = await createUser(t, { name: 'Fiona Filer' });
    const first = (await file(filer.cookie, { clientName: 'Mine First', ssn: SSN, dob: DOB })).json()._id;
    const second = (await file(filer.cookie, { clientName: 'Mine Second' })).json()._id;
    await file(other.cookie, { clientName: 'Mine Not Hers' });

    const page = await mine(filer.cookie, '?limit=1');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(page.json()).toEqual([
      { _id: second, clientName: 'Mine Second', projectStartDate: '', imageUrl: '', createdAt: expect.any(String) },
    ]);
    expect((await mine(filer.cookie, '?limit=1&offset=1')).json().map((r: { _id: string }) => r._id)).toEqual([first]);
    const found = await mine(filer.cookie, '?q=first');
    expect(found.json().map((r: { _id: string }) => r._id)).toEqual([first]);
    expect(found.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect(JSON.stringify((await mine(filer.cookie)).json())).not.toMatch(/4455|1980|ssn|dob/i);

    // An administrator's own list is theirs too, not everyone's.
    const adminsOwn = await mine(admin.cookie);
    expect(adminsOwn.statusCode).toBe(200);
    expect(adminsOwn.json().map((r: { _id: string }) => r._id)).not.toContain(first);

    // A report in the trash is not listed.
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/reports/${first}` })).statusCode).toBe(200);
    expect((await mine(filer.cookie)).json().map((r: { _id: string }) => r._id)).toEqual([second]);
  });

  it('needs a verified member and refuses a bad query, with a clear message', async () => {
    expect((await mine(undefined)).statusCode).toBe(401);
    const unverified = await createUser(t, { isVerified: false });
    expect((await mine(unverified.cookie)).statusCode).toBe(403);
    const badSort = await mine(member.cookie, '?sort=ssn');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/Sort by one of createdAt, clientName, projectStartDate/);
    expect((await mine(member.cookie, '?limit=0')).statusCode).toBe(400);
    expect((await mine(member.cookie, '?userId=x')).statusCode).toBe(400);
  });
});

describe('revealing the SSN', () => {
  const auditRows = (id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'report.reveal_ssn')));

  it('needs a reason and writes exactly one audit row, without the SSN', async () => {
    const { _id } = (await file(member.cookie, { ssn: SSN })).json();
    for (const payload of [{}, { reason: '' }, { reason: ' x ' }, { reason: 'r'.repeat(501) }]) {
      const res = await call(t.app, admin.cookie, { method: 'POST', url: `/api/reports/${_id}/reveal-ssn`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await auditRows(_id)).toHaveLength(0);

    const res = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/reports/${_id}/reveal-ssn`,
      payload: { reason: 'Housing authority application' },
    });
    expect(res.json()).toEqual({ ssn: SSN_DIGITS });
    const rows = await auditRows(_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      targetType: 'report',
      details: { reason: 'Housing authority application' },
    });
    expect(JSON.stringify(rows[0])).not.toContain('4455');
  });
});

describe('deleting a report', () => {
  it('moves it to the trash with its files, audits it, and deletes both for good from there', async () => {
    const imageUrl = await upload(member.cookie, 'image');
    const videoUrl = await upload(member.cookie, 'video');
    const { _id } = (
      await file(member.cookie, { clientName: 'To Delete', imageUrl, videoUrl, consent: MEDIA_CONSENT })
    ).json();
    expect((await call(t.app, admin.cookie, { method: 'GET', url: imageUrl })).statusCode).toBe(200);

    const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/reports/${_id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_DELETED });

    // Issue 16: in the trash, its media kept until it is deleted for good.
    const [trashed] = await t.database.db.select().from(reports).where(eq(reports.id, _id));
    expect(trashed?.deletedAt).toBeInstanceOf(Date);
    expect((await call(t.app, admin.cookie, { method: 'GET', url: imageUrl })).statusCode).toBe(200);
    const purge = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/report/${_id}` });
    expect(purge.statusCode, purge.body).toBe(204);
    expect(await t.database.db.select().from(reports).where(eq(reports.id, _id))).toHaveLength(0);
    for (const url of [imageUrl, videoUrl]) {
      expect((await call(t.app, admin.cookie, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, _id), eq(auditLog.action, 'report.delete')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain('To Delete');
    expect((await call(t.app, admin.cookie, { method: 'GET', url: `/api/reports/${_id}` })).statusCode).toBe(404);
  });
});
