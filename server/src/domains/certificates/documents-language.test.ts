import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { issueCertificate, pathOf } from '../../../test/certificates';
import { pdfTextRuns } from '../../../test/pdf-text';

/**
 * Issue 34: the certificate's PDF and its link preview in the reader's language, through HTTP. A
 * member's own PDF follows their profile; an admin's download, and the public picture, the request.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
});
afterAll(() => t.close());

const setLanguage = (language: 'en' | 'es' | 'ar') =>
  t.database.db.update(users).set({ language }).where(eq(users.id, member.user.id));

const pdfOf = (id: string, cookie: string, headers: Record<string, string> = {}, query = '') =>
  call(t.app, cookie, { method: 'GET', url: `/api/certificates/${id}/pdf${query}`, headers });

describe('the certificate’s PDF', () => {
  it('is in the member’s profile language for their own certificate, whatever the browser says', async () => {
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email, holderName: 'Morgan Member' });
    await setLanguage('es');
    try {
      const res = await pdfOf(cert._id, member.cookie, { 'accept-language': 'en-US' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('es');
      const texts = await pdfTextRuns(res.rawPayload);
      expect(texts).toContain('Se certifica que');
      expect(texts).toContain('Válido hasta');
      expect(texts).toContain('Morgan Member');
    } finally {
      await setLanguage('en');
    }
    const english = await pdfOf(cert._id, member.cookie, { 'accept-language': 'es' });
    expect(english.headers['content-language']).toBe('en');
    expect(await pdfTextRuns(english.rawPayload)).toContain('This certifies that');
  });

  it('is in the request’s language for an admin’s download; an unknown ?lang= falls back silently', async () => {
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email });
    const spanish = await pdfOf(cert._id, admin.cookie, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.vary).toMatch(/accept-language/);
    expect(await pdfTextRuns(spanish.rawPayload)).toContain('CERTIFICADO');
    const asked = await pdfOf(cert._id, admin.cookie, {}, '?size=letter&lang=es');
    expect(asked.statusCode).toBe(200);
    expect(await pdfTextRuns(asked.rawPayload)).toContain('CERTIFICADO');
    const unknown = await pdfOf(cert._id, admin.cookie, { 'accept-language': 'es' }, '?lang=xx');
    expect(unknown.statusCode).toBe(200);
    expect(await pdfTextRuns(unknown.rawPayload)).toContain('CERTIFICADO');
    const english = await pdfOf(cert._id, admin.cookie, {}, '?lang=xx');
    expect(english.statusCode).toBe(200);
    expect(await pdfTextRuns(english.rawPayload)).toContain('CERTIFICATE');
  });

  it('is in Arabic for an Arabic reader, and says so', async () => {
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email });
    await setLanguage('ar');
    try {
      const res = await pdfOf(cert._id, member.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('ar');
      const texts = await pdfTextRuns(res.rawPayload);
      // Drawn left to right, so an Arabic word reads back reversed.
      expect(texts.map((text) => [...text].reverse().join(''))).toContain('شهادة');
      expect(texts).toContain('Morgan Member');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the link preview', () => {
  it('is drawn in the request’s language, one picture per language; an unknown ?lang= is English', async () => {
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email, holderName: 'Morgan Member' });
    const url = `/verify/${cert.verificationId}/preview.png`;
    const get = (query = '', headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${url}${query}`, headers });
    const english = await get();
    const spanish = await get('', { 'accept-language': 'es' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('image/png');
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers.vary).toMatch(/accept-language/);
    expect(english.headers['content-language']).toBe('en');
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    expect(spanish.rawPayload.equals(english.rawPayload)).toBe(false);
    expect((await get('?lang=es')).headers.etag).toBe(spanish.headers.etag);
    const unknown = await get('?lang=xx');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers.etag).toBe(english.headers.etag);
    expect((await get('?lang=ar')).headers['content-language']).toBe('ar');
  });

  it('is the picture the page in that language names', async () => {
    const cert = await issueCertificate(t.app, admin.cookie, { userEmail: member.email });
    const meta = (html: string) => /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1];
    const page = (query: string) => t.app.inject({ method: 'GET', url: `${pathOf(cert.verificationUrl)}${query}` });
    expect(meta((await page('?lang=es')).body)).toBe(`${cert.verificationUrl}/preview.png?lang=es`);
    expect(meta((await page('')).body)).toBe(`${cert.verificationUrl}/preview.png`);
  });
});
