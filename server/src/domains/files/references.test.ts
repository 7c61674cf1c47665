import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { multipart, pdf, png, video } from '../../../test/uploads';

/**
 * Issue 12 (M1, M2): a file is deleted only when no profile, report or certificate names it any
 * more, whichever record let go of it last.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, steppedUp: true });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createUser>>;

async function uploadAs(who: Member, route: '/api/upload' | '/api/upload-file', data: Buffer, filename: string) {
  const res = await call(t.app, who.cookie, {
    method: 'POST',
    url: route,
    ...multipart({
      field: route === '/api/upload' ? 'image' : 'file',
      filename,
      contentType: 'application/octet-stream',
      data,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json() as { url?: string; fileUrl?: string };
  return (json.url ?? json.fileUrl)!;
}

const fileReport = async (who: Member, media: { imageUrl?: string; videoUrl?: string }) => {
  const res = await call(t.app, who.cookie, {
    method: 'POST',
    url: '/api/reports',
    // Issue 17: media need the client's consent to photos and video.
    payload: { clientName: 'Shared Media Client', ...media, consent: { photo: 'Yes', video: 'Yes' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
};

const setPicture = async (who: Member, picture: string) => {
  const res = await call(t.app, who.cookie, {
    method: 'PUT',
    url: `/api/users/${who.user.id}`,
    payload: {
      email: who.email,
      name: who.user.name,
      job: '',
      age: 30,
      picture,
      gender: 'Human',
      phoneNo: '',
      address: { area: '', state: '', country: '', postalCode: '' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Whether the file is still there: its row, and its bytes as an admin reads them. */
async function exists(url: string) {
  const res = await call(t.app, admin.cookie, { method: 'GET', url });
  const [row] = await t.database.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.id, url.split('/').pop()!));
  expect(res.statusCode === 200, `${url}: row ${row ? 'kept' : 'gone'}, GET ${res.statusCode}`).toBe(!!row);
  return !!row;
}

describe('a file named by several records', () => {
  it('stays with a report when the member clears the profile picture that was the same file', async () => {
    const member = await createUser(t);
    const image = await uploadAs(member, '/api/upload', await png(), 'evidence.png');
    await fileReport(member, { imageUrl: image });
    await setPicture(member, image);
    await setPicture(member, '');
    expect(await exists(image)).toBe(true);
  });

  it('stays with a report when an admin deletes the member whose picture it also was', async () => {
    const member = await createUser(t);
    const image = await uploadAs(member, '/api/upload', await png(), 'evidence.png');
    await fileReport(member, { imageUrl: image });
    await setPicture(member, image);
    const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/users/${member.user.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await exists(image)).toBe(true);
  });

  it('stays while another report names it, and goes with the last one', async () => {
    const member = await createUser(t);
    const image = await uploadAs(member, '/api/upload-file', await png(), 'photo.png');
    const clip = await uploadAs(member, '/api/upload-file', video('mp4'), 'clip.mp4');
    const first = await fileReport(member, { imageUrl: image, videoUrl: clip });
    const second = await fileReport(member, { imageUrl: image, videoUrl: clip });

    // Deleted, then deleted for good from the trash (issue 16): only then does a record let go.
    const del = async (id: string) => {
      const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/reports/${id}` });
      expect((await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/report/${id}` })).statusCode).toBe(
        204,
      );
      return res;
    };
    expect((await del(first)).statusCode).toBe(200);
    expect(await exists(image)).toBe(true);
    expect(await exists(clip)).toBe(true);
    expect((await del(second)).statusCode).toBe(200);
    expect(await exists(image)).toBe(false);
    expect(await exists(clip)).toBe(false);
  });

  it('stays while another certificate names the document, and goes with the last one', async () => {
    const document = await uploadAs(admin, '/api/upload-file', pdf(), 'certificate.pdf');
    const create = async (certificateNo: string) => {
      const res = await call(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/certificates',
        payload: {
          userEmail: 'shared.document@example.org',
          certificateNo,
          name: 'Certified Recycling Advocate',
          status: 'Active',
          validTill: '2030-01-01',
          downloadLink: document,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { _id: string })._id;
    };
    const first = await create(`CRA-SHARED-${Date.now()}-1`);
    const second = await create(`CRA-SHARED-${Date.now()}-2`);
    const del = async (id: string) => {
      const res = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${id}` });
      const purge = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/trash/certificate/${id}` });
      expect(purge.statusCode).toBe(204);
      return res;
    };
    expect((await del(first)).statusCode).toBe(204);
    expect(await exists(document)).toBe(true);
    expect((await del(second)).statusCode).toBe(204);
    expect(await exists(document)).toBe(false);
  });

  it('goes when the only record naming it lets go', async () => {
    const member = await createUser(t);
    const before = await uploadAs(member, '/api/upload', await png(), 'me.png');
    const after = await uploadAs(member, '/api/upload', await png(), 'me-too.png');
    await setPicture(member, before);
    await setPicture(member, after);
    expect(await exists(before)).toBe(false);
    expect(await exists(after)).toBe(true);
  });

  it('refuses a file URL in capitals, so that one file has exactly one name', async () => {
    const member = await createUser(t);
    const image = await uploadAs(member, '/api/upload', await png(), 'evidence.png');
    const res = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: {
        clientName: 'Shouting Client',
        imageUrl: image.toUpperCase().replace('/API/FILES/', '/api/files/'),
        // With consent to photos (issue 17), so the refusal is the URL's.
        consent: { photo: 'Yes' },
      },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
