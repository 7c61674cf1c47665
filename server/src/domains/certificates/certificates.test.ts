import { AWARDED_ON_MESSAGES, CERTIFICATE_MESSAGES, TOTAL_COUNT_HEADER } from '@portal/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, uploads } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { inDays } from '../../../test/certificates';
import { multipart, pdf, png } from '../../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let unverified: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t);
  other = await createUser(t);
  unverified = await createUser(t, { isVerified: false });
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  userEmail: member.email,
  certificateNo: `CRA-${Math.random().toString(36).slice(2, 8)}`,
  name: 'Certified Recycling Advocate',
  status: 'Active',
  validTill: inDays(365),
  downloadLink: '',
  ...over,
});
const create = (payload: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  call(t.app, cookie ?? undefined, { method: 'POST', url: '/api/certificates', payload });

const auditsFor = (targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'certificate'), eq(auditLog.targetId, targetId)));

describe('POST /api/certificates', () => {
  it('creates a certificate with the e-mail lower-cased, answers it with 201 and audits it', async () => {
    const payload = body({ userEmail: `  ${member.email.toUpperCase()} ` });
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      userEmail: member.email,
      certificateNo: payload.certificateNo,
      name: 'Certified Recycling Advocate',
      status: 'Active',
      downloadLink: '',
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    // A bare date is valid through that day and comes back as the same date.
    expect(created.validTill.slice(0, 10)).toBe(payload.validTill);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, created._id));
    expect(row?.userEmail).toBe(member.email);
    const audits = await auditsFor(created._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'certificate.create', actorId: admin.user.id });
  });

  it('defaults status to Active and accepts Inactive', async () => {
    const { status: _omitted, ...withoutStatus } = body();
    expect((await create(withoutStatus)).json().status).toBe('Active');
    expect((await create(body({ status: 'Inactive' }))).json().status).toBe('Inactive');
  });

  it('derives Expired from validTill instead of storing it', async () => {
    const res = await create(body({ validTill: inDays(-2) }));
    expect(res.json().status).toBe('Expired');
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, res.json()._id));
    expect(row?.status).toBe('Active');
  });

  it('refuses what spec §5 does not allow, naming the problem', async () => {
    for (const field of ['userEmail', 'certificateNo', 'name', 'validTill']) {
      const payload: Record<string, unknown> = body();
      delete payload[field];
      const res = await create(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues[0].path, field).toBe(field);
    }
    for (const field of ['certificateNo', 'name']) {
      expect((await create(body({ [field]: '   ' }))).statusCode, field).toBe(400);
    }
    for (const userEmail of ['no-at-sign.org', 'a@b', 'a b@c.org', 'a@b.c d']) {
      const res = await create(body({ userEmail }));
      expect(res.statusCode, userEmail).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: 'userEmail', message: 'Please enter a valid email address.' });
    }
    for (const status of ['Expired', 'active', '']) {
      expect((await create(body({ status }))).statusCode, status).toBe(400);
    }
    for (const validTill of ['tomorrow', '2025-13-01', '2025-02-30', '31/12/2030', '']) {
      expect((await create(body({ validTill }))).statusCode, validTill).toBe(400);
    }
    for (const downloadLink of ['https://evil.example/x.pdf', '/api/files/../../etc/passwd']) {
      expect((await create(body({ downloadLink }))).statusCode, downloadLink).toBe(400);
    }
    expect((await create(body({ isAdmin: true }))).statusCode).toBe(400);
    const count = await t.database.db.select().from(certificates).where(eq(certificates.name, 'never'));
    expect(count).toHaveLength(0);
  });

  it('is for admins only', async () => {
    expect((await create(body(), null)).statusCode).toBe(401);
    expect((await create(body(), unverified.cookie)).statusCode).toBe(403);
    expect((await create(body(), member.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/certificates/:userEmail', () => {
  it('gives a member their own certificates, whatever the case of the e-mail, and nobody else’s', async () => {
    const mine = await create(body({ userEmail: other.email, name: 'Own one' }));
    expect(mine.statusCode).toBe(201);
    const url = `/api/certificates/${encodeURIComponent(other.email.toUpperCase())}`;
    const res = await call(t.app, other.cookie, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { _id: string }) => c._id)).toEqual([mine.json()._id]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');

    const foreign = await call(t.app, member.cookie, { method: 'GET', url });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(CERTIFICATE_MESSAGES.notYours);
    expect((await call(t.app, undefined, { method: 'GET', url })).statusCode).toBe(401);
    expect((await call(t.app, unverified.cookie, { method: 'GET', url })).statusCode).toBe(403);
    const own = `/api/certificates/${encodeURIComponent(unverified.email)}`;
    expect((await call(t.app, unverified.cookie, { method: 'GET', url: own })).statusCode).toBe(403);
    const byAdmin = await call(t.app, admin.cookie, { method: 'GET', url });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toHaveLength(1);
  });
});

describe('GET /api/certificates (admin list)', () => {
  const tag = `zq${Date.now()}`;
  const list = (query: string, cookie: string | undefined = admin.cookie) =>
    call(t.app, cookie, { method: 'GET', url: `/api/certificates?${query}` });

  beforeAll(async () => {
    const owner = uniqueEmail(`${tag}owner`);
    for (const [i, name] of ['Alpha', 'bravo', 'Charlie', 'delta', 'Echo'].entries()) {
      const res = await create(
        body({ name: `${name} ${tag.toUpperCase()}`, userEmail: owner, certificateNo: `N-${tag}-${i}` }),
      );
      expect(res.statusCode).toBe(201);
    }
    await create(body({ name: 'Unrelated', certificateNo: `NUM-${tag}-X` }));
  });

  it('searches name, number and e-mail case-insensitively, pages, sorts and counts', async () => {
    const all = await list(`q=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers[TOTAL_COUNT_HEADER]).toBe('6');

    const byNumber = await list(`q=${`num-${tag}`.toUpperCase()}`);
    expect(byNumber.json().map((c: { name: string }) => c.name)).toEqual(['Unrelated']);
    const byEmail = await list(`q=${`${tag}OWNER`}`);
    expect(byEmail.headers[TOTAL_COUNT_HEADER]).toBe('5');

    const page1 = await list(`q=${tag}owner&sort=name&order=asc&limit=2`);
    const page2 = await list(`q=${tag}owner&sort=name&order=asc&limit=2&offset=2`);
    expect(page1.headers[TOTAL_COUNT_HEADER]).toBe('5');
    const names = [...page1.json(), ...page2.json()].map((c: { name: string }) => c.name.split(' ')[0]);
    expect(names).toEqual(['Alpha', 'bravo', 'Charlie', 'delta']);

    const desc = await list(`q=${tag}owner&sort=certificateNo&order=desc&limit=1`);
    expect(desc.json()[0].certificateNo).toBe(`N-${tag}-4`);
  });

  it('counts the total on the first, a middle, the last partial and a page past the end', async () => {
    const search = `q=${tag}&sort=name&order=asc`;
    const everything = (await list(`${search}&limit=100`)).json().map((c: { _id: string }) => c._id);
    expect(everything).toHaveLength(6);
    const pages: [number, number][] = [
      [0, 2], // first page
      [2, 2], // a middle page
      [4, 2], // the last page, full
      [5, 1], // the last page, partial (limit 2, one row left)
      [6, 0], // right after the end
      [40, 0], // far past the end
    ];
    for (const [offset, expected] of pages) {
      const res = await list(`${search}&limit=2&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER], `offset ${offset}`).toBe('6');
      const ids = res.json().map((c: { _id: string }) => c._id);
      expect(ids, `offset ${offset}`).toEqual(everything.slice(offset, offset + 2));
      expect(ids).toHaveLength(expected);
      for (const row of res.json()) expect(Object.keys(row)).not.toContain('__total');
    }
    expect((await list('q=no-such-certificate-anywhere&offset=0')).headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect((await list('q=no-such-certificate-anywhere&offset=20')).headers[TOTAL_COUNT_HEADER]).toBe('0');

    // Unfiltered: the total is every certificate, on every kind of page.
    const [{ n }] = (await t.database.db.select({ n: count() }).from(certificates)) as [{ n: number }];
    for (const offset of [0, Math.floor(n / 2), n - 1, n, n + 20]) {
      const res = await list(`limit=2&offset=${offset}`);
      expect(res.headers[TOTAL_COUNT_HEADER], `offset ${offset}`).toBe(String(n));
      expect(res.json(), `offset ${offset}`).toHaveLength(Math.max(0, Math.min(2, n - offset)));
    }
  });

  it('pages a member’s own certificates with the right total', async () => {
    const holder = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await create(body({ userEmail: holder.email, validTill: inDays(10 + i) }))).statusCode).toBe(201);
    }
    const own = (query: string) =>
      call(t.app, holder.cookie, {
        method: 'GET',
        url: `/api/certificates/${encodeURIComponent(holder.email)}?${query}`,
      });
    const everything = (await own('limit=100')).json().map((c: { _id: string }) => c._id);
    expect(everything).toHaveLength(5);
    for (const offset of [0, 2, 4, 5, 30]) {
      const res = await own(`limit=2&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER], `offset ${offset}`).toBe('5');
      expect(res.json().map((c: { _id: string }) => c._id)).toEqual(everything.slice(offset, offset + 2));
    }
  });

  it('filters by the status as shown and by "expiring within", with the search; the total counts the filtered rows', async () => {
    const f = `flt${Date.now()}`;
    const made: Record<string, string> = {};
    for (const [key, over] of Object.entries({
      far: { validTill: inDays(300) },
      soon: { validTill: inDays(10) },
      inactive: { status: 'Inactive', validTill: inDays(10) },
      expired: { validTill: inDays(-3) },
      revoked: { validTill: inDays(12) },
    })) {
      const res = await create(body({ name: `${key} ${f}`, certificateNo: `F-${f}-${key}`, ...over }));
      expect(res.statusCode, res.body).toBe(201);
      made[key] = res.json()._id;
    }
    const revoke = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${made.revoked}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const names = async (query: string) => {
      const res = await list(`q=${f}&sort=name&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as { name: string }[];
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(rows.length));
      return rows.map((c) => c.name.split(' ')[0]);
    };
    expect(await names('status=Active')).toEqual(['far', 'soon']);
    expect(await names('status=Inactive')).toEqual(['inactive']);
    expect(await names('status=Expired')).toEqual(['expired']);
    expect(await names('status=Revoked')).toEqual(['revoked']);
    // Still valid and ending within 30 days: neither the expired nor the revoked one.
    expect(await names('expiringWithin=30')).toEqual(['inactive', 'soon']);
    expect(await names('expiringWithin=30&status=Active')).toEqual(['soon']);
    expect(await names('expiringWithin=5')).toEqual([]);

    for (const bad of ['status=Suspended', 'expiringWithin=0', 'expiringWithin=400', 'expiringWithin=ten']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/Status must be|Expiring within/);
    }
  });

  it('treats % and _ in the search as text', async () => {
    const res = await list('q=%25');
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('refuses an unknown sort key or a silly limit', async () => {
    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await list('limit=100000')).statusCode).toBe(400);
    expect((await list('offset=-1')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/certificates' });
    expect(guest.statusCode).toBe(401);
    expect((await list('', unverified.cookie)).statusCode).toBe(403);
    expect((await list('', member.cookie)).statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/certificates/:id', () => {
  it('updates a certificate, answers it, and audits before and after', async () => {
    const created = (await create(body({ name: 'Before' }))).json();
    const res = await call(t.app, admin.cookie, {
      method: 'PUT',
      url: `/api/certificates/${created._id}`,
      payload: body({ name: 'After', userEmail: other.email.toUpperCase(), status: 'Inactive' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: created._id, name: 'After', userEmail: other.email, status: 'Inactive' });
    const audits = await auditsFor(created._id);
    const update = audits.find((a) => a.action === 'certificate.update');
    expect(update?.details).toMatchObject({ before: { name: 'Before' }, after: { name: 'After', status: 'Inactive' } });
  });

  it('validates the edit like the creation, and answers 404 for an unknown id', async () => {
    const created = (await create(body())).json();
    const put = (payload: Record<string, unknown>, id = created._id as string) =>
      call(t.app, admin.cookie, { method: 'PUT', url: `/api/certificates/${id}`, payload });
    const bad = await put(body({ userEmail: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe('Please enter a valid email address.');
    expect((await put(body({ status: 'Expired' }))).statusCode).toBe(400);
    expect((await put(body({ validTill: 'soon' }))).statusCode).toBe(400);
    expect((await put(body(), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await put(body(), 'not-a-uuid')).statusCode).toBe(400);
  });

  it('deletes a certificate and audits it; a second delete is 404', async () => {
    const created = (await create(body())).json();
    const url = `/api/certificates/${created._id}`;
    const res = await call(t.app, admin.cookie, { method: 'DELETE', url });
    expect(res.statusCode).toBe(204);
    // Issue 16: in the trash until it is restored or purged.
    const [trashed] = await t.database.db.select().from(certificates).where(eq(certificates.id, created._id));
    expect(trashed?.deletedAt).toBeInstanceOf(Date);
    expect((await auditsFor(created._id)).map((a) => a.action).sort()).toEqual([
      'certificate.create',
      'certificate.delete',
    ]);
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const created = (await create(body())).json();
    const url = `/api/certificates/${created._id}`;
    for (const cookie of [undefined, unverified.cookie, member.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await call(t.app, cookie, { method: 'PUT', url, payload: body() })).statusCode).toBe(expected);
      expect((await call(t.app, cookie, { method: 'DELETE', url })).statusCode).toBe(expected);
    }
    expect(await t.database.db.select().from(certificates).where(eq(certificates.id, created._id))).toHaveLength(1);
  });
});

describe('certificate documents', () => {
  const uploadDocument = async () => {
    const res = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ filename: 'certificate.pdf', contentType: 'application/pdf', data: pdf() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().fileUrl as string;
  };
  const uploadRow = async (url: string) =>
    (
      await t.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, url.split('/').pop()!))
    )[0];
  const getFile = (cookie: string, url: string) => call(t.app, cookie, { method: 'GET', url });

  it('links an uploaded document, which the holder and admins may read and others may not', async () => {
    const link = await uploadDocument();
    const res = await create(body({ userEmail: other.email, downloadLink: link }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().downloadLink).toBe(link);
    expect((await uploadRow(link))?.attachedAt).toBeInstanceOf(Date);
    expect((await getFile(other.cookie, link)).statusCode).toBe(200);
    expect((await getFile(admin.cookie, link)).statusCode).toBe(200);
    expect((await getFile(member.cookie, link)).statusCode).toBe(403);
  });

  it('refuses a link to an image or to no upload at all', async () => {
    const image = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/upload',
      ...multipart({ field: 'image', filename: 'x.png', contentType: 'image/png', data: await png() }),
    });
    const imageLink = image.json().url as string;
    expect((await create(body({ downloadLink: imageLink }))).statusCode).toBe(400);
    const nothing = '/api/files/00000000-0000-4000-8000-000000000000';
    expect((await create(body({ downloadLink: nothing }))).statusCode).toBe(400);
    expect(await t.database.db.select().from(certificates).where(eq(certificates.downloadLink, nothing))).toHaveLength(
      0,
    );
  });

  it('removes a replaced document, and the document of a deleted certificate', async () => {
    const first = await uploadDocument();
    const created = (await create(body({ downloadLink: first }))).json();
    const second = await uploadDocument();
    const url = `/api/certificates/${created._id}`;
    const edited = await call(t.app, admin.cookie, { method: 'PUT', url, payload: body({ downloadLink: second }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await uploadRow(first)).toBeUndefined();
    expect((await getFile(admin.cookie, first)).statusCode).toBe(404);
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url })).statusCode).toBe(204);
    // Issue 16: kept while the certificate is in the trash, gone with it when purged.
    expect(await uploadRow(second)).toBeDefined();
    const purge = url.replace('/api/certificates/', '/api/trash/certificate/');
    expect((await call(t.app, admin.cookie, { method: 'DELETE', url: purge })).statusCode).toBe(204);
    expect(await uploadRow(second)).toBeUndefined();
    expect((await getFile(admin.cookie, second)).statusCode).toBe(404);
  });

  it('keeps a document another certificate still links to', async () => {
    const shared = await uploadDocument();
    const one = (await create(body({ downloadLink: shared }))).json();
    expect((await create(body({ downloadLink: shared }))).statusCode).toBe(201);
    await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${one._id}` });
    expect(await uploadRow(shared)).toBeDefined();
  });
});

describe('the award date (issue 31)', () => {
  const update = (id: string, payload: Record<string, unknown>) =>
    call(t.app, admin.cookie, { method: 'PUT', url: `/api/certificates/${id}`, payload });
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!;
  const mine = async () =>
    (await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${member.email}?limit=200` })).json();

  it('is the day the request names, or today; every answer carries it', async () => {
    const given = await create(body({ awardedOn: '2020-03-15' }));
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().awardedOn).toBe('2020-03-15T00:00:00.000Z');
    // Left out: today, the moment the record is made.
    const today = (await create(body())).json();
    expect(today.awardedOn).toBe(today.createdAt);
    // The lists answer it too: the member's own (built by PostgreSQL) and the admin's search.
    const own = (await mine()).find((c: { _id: string }) => c._id === given.json()._id);
    expect(own.awardedOn).toBe('2020-03-15T00:00:00.000Z');
    const searched = await call(t.app, admin.cookie, {
      method: 'GET',
      url: `/api/certificates?q=${given.json().certificateNo}`,
    });
    expect(searched.json()[0].awardedOn).toBe('2020-03-15T00:00:00.000Z');
  });

  it('changes with an edit that names another day, and stays when the edit leaves it out or names its day', async () => {
    const created = (await create(body())).json();
    const { _id: id, awardedOn: recorded, ...rest } = created;
    const edit = { ...body({ certificateNo: rest.certificateNo }) };
    const kept = await update(id, edit);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().awardedOn).toBe(recorded);
    // The dialog sends back the day it shows: the stored time of day stays.
    const sameDay = await update(id, { ...edit, awardedOn: recorded.slice(0, 10) });
    expect(sameDay.json().awardedOn).toBe(recorded);
    const moved = await update(id, { ...edit, awardedOn: '2021-01-02' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().awardedOn).toBe('2021-01-02T00:00:00.000Z');
    expect((await rowOf(id)).awardedOn.toISOString()).toBe('2021-01-02T00:00:00.000Z');
  });

  it('refuses a day in the future or after validTill with 400 naming the field, and changes nothing', async () => {
    const refused = (res: Awaited<ReturnType<typeof create>>, message: string, path = 'awardedOn') => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: `${path}: ${message}`, issues: [{ path, message }] });
    };
    const future = body({ awardedOn: inDays(2) });
    refused(await create(future), AWARDED_ON_MESSAGES.future);
    const late = body({ validTill: '2021-01-01', awardedOn: '2021-06-01' });
    refused(await create(late), AWARDED_ON_MESSAGES.afterValidTill);
    for (const payload of [future, late]) {
      const rows = await t.database.db
        .select()
        .from(certificates)
        .where(eq(certificates.certificateNo, payload.certificateNo as string));
      expect(rows).toEqual([]);
    }
    // Today and the last day it is valid are fine.
    expect((await create(body({ awardedOn: inDays(0) }))).statusCode).toBe(201);
    expect((await create(body({ validTill: '2021-01-01', awardedOn: '2021-01-01' }))).statusCode).toBe(201);

    const { _id: id, certificateNo } = (await create(body({ awardedOn: '2020-03-15' }))).json();
    const before = await rowOf(id);
    const edit = body({ certificateNo, name: 'Changed by a refused edit' });
    refused(await update(id, { ...edit, awardedOn: inDays(2) }), AWARDED_ON_MESSAGES.future);
    refused(await update(id, { ...edit, awardedOn: inDays(400) }), AWARDED_ON_MESSAGES.future);
    // The day it has, held against a validTill the edit moves before it: that field is at fault.
    refused(await update(id, { ...edit, validTill: '2020-03-14' }), AWARDED_ON_MESSAGES.afterValidTill, 'validTill');
    // As the dialog sends it: the day it shows, and the validTill changed.
    refused(
      await update(id, { ...edit, validTill: '2020-03-14', awardedOn: '2020-03-15' }),
      AWARDED_ON_MESSAGES.afterValidTill,
      'validTill',
    );
    refused(
      await update(id, { ...edit, validTill: '2020-03-14', awardedOn: '2020-03-16' }),
      AWARDED_ON_MESSAGES.afterValidTill,
    );
    expect(await rowOf(id)).toEqual(before);
  });

  it('is left as it is by a bulk renewal', async () => {
    const { _id: id } = (await create(body({ awardedOn: '2020-03-15' }))).json();
    const renewed = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates/bulk-renew',
      payload: { ids: [id], extendMonths: 12 },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const row = await rowOf(id);
    expect(row.version).toBe(2);
    expect(row.awardedOn.toISOString()).toBe('2020-03-15T00:00:00.000Z');
  });
});
