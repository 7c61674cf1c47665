import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { CERTIFICATE_MESSAGES } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, credentialCopies } from '../../db/schema';
import { loadIssuerSeed } from '../../lib/keys';
import { credentialSigner, statesRecord } from '../credentials';
import {
  blockApp,
  call,
  createTestApp,
  createUser,
  driver,
  postgresUrlOf,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness';
import { certificateNumber, inDays, issueCertificate } from '../../../test/certificates';
import { calendarDay } from '../../lib/dates';

/**
 * Issue 31: the public verification page an employer trusts at a glance: the board, the
 * credential's words as signed, a checklist with a tick or a cross per check and the time of the
 * check, a way to report a problem, the holder's way to a wallet, a link preview with a generated
 * picture, and the technical detail folded away. Through HTTP, on PGlite and PostgreSQL.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
});
afterAll(() => t.close());

const issue = (app: TestApp = t, over: Record<string, unknown> = {}, cookie = admin.cookie) =>
  issueCertificate(app.app, cookie, { userEmail: member.email, holderName: 'Morgan Member', ...over });

const page = (id: string, app: TestApp = t) => app.app.inject({ method: 'GET', url: `/verify/${id}` });
const json = async (id: string, app: TestApp = t) =>
  (await app.app.inject({ method: 'GET', url: `/api/verify/${id}` })).json() as Json & {
    checks: Record<string, boolean>;
    checkedAt: string;
  };
const downloaded = async (id: string) =>
  (await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${id}/credential` })).json() as Json;

/** The checklist as the page shows it: each check's key, and whether it has a tick or a cross. */
function checklistOf(html: string): Record<string, 'pass' | 'fail'> {
  const items = [...html.matchAll(/<li class="(pass|fail)" data-check="(\w+)">(.*?)<\/li>/g)];
  for (const [, result, , inner] of items) {
    // A tick or a cross, named, and words that say it without the mark or its colour.
    expect(inner).toContain(
      result === 'pass'
        ? '<span class="mark" role="img" aria-label="Passed">&#10003;</span>'
        : '<span class="mark" role="img" aria-label="Failed">&#10007;</span>',
    );
  }
  return Object.fromEntries(items.map(([, result, key]) => [key, result as 'pass' | 'fail']));
}

/** The words of one checklist item, tags removed. */
const checkText = (html: string, key: string) =>
  new RegExp(`data-check="${key}">.*?<span class="check-text">(.*?)</span>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '');

const ALL_PASS = {
  issuedByBoard: 'pass',
  signatureIntact: 'pass',
  notRevoked: 'pass',
  notSuspended: 'pass',
  notExpired: 'pass',
} as const;
const ALL_TRUE = Object.fromEntries(Object.keys(ALL_PASS).map((k) => [k, true]));

/** An attribute of the page's one `<meta>` of that property or name, unescaped. */
function meta(html: string, key: string): string | undefined {
  const tags = [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].filter(([, k]) => k === key);
  expect(tags.length, key).toBeLessThanOrEqual(1);
  return tags[0]?.[2]
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

const hrefOf = (html: string, text: string) =>
  new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the checklist', () => {
  it('ticks every check of a valid certificate, in the page and in its JSON', async () => {
    const cert = await issue();
    const before = t.clock.now().getTime();
    const res = await page(cert.verificationId);
    const after = t.clock.now().getTime();
    expect(res.statusCode).toBe(200);
    expect(checklistOf(res.body)).toEqual(ALL_PASS);
    expect(checkText(res.body, 'issuedByBoard')).toBe(`Issued by ${t.config.boardName}`);
    expect(checkText(res.body, 'signatureIntact')).toBe('Signature intact');
    expect(checkText(res.body, 'notRevoked')).toBe('Not revoked');
    expect(checkText(res.body, 'notSuspended')).toBe('Not made inactive');
    expect(checkText(res.body, 'notExpired')).toBe('Not expired');
    // "Checked at" is the app's clock at the request, as an ISO 8601 <time> with readable words.
    const checked = /<p class="checked">Checked at <time datetime="([^"]+)">([^<]+)<\/time><\/p>/.exec(res.body);
    expect(checked).not.toBeNull();
    const at = new Date(checked![1]!).getTime();
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThan(after);
    expect(checked![1]).toBe(new Date(at).toISOString());
    expect(checked![2]).toMatch(/^\w+ \d{1,2}, \d{4} at \d{2}:\d{2}:\d{2} UTC$/);

    const data = await json(cert.verificationId);
    expect(data.checks).toEqual(ALL_TRUE);
    expect(data).toMatchObject({ status: 'Active', signature: { valid: true } });
    expect(new Date(data.checkedAt).getTime()).toBeGreaterThan(after);
  });

  it('crosses exactly “not revoked” for a revoked certificate', async () => {
    const cert = await issue();
    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${cert._id}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const res = await page(cert.verificationId);
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, notRevoked: 'fail' });
    expect(checkText(res.body, 'notRevoked')).toMatch(/^Revoked on \w+ \d{1,2}, \d{4}$/);
    expect(res.body).toContain('<h1 id="status">Revoked certificate</h1>');
    // Authentic, but revoked: the signature holds.
    expect(res.body).toContain('checks out, but the certificate is revoked');
    expect((await json(cert.verificationId)).checks).toEqual({ ...ALL_TRUE, notRevoked: false });
  });

  it('crosses exactly “not made inactive” for an Inactive certificate, in the word the admin chose', async () => {
    const cert = await issue(t, { status: 'Inactive' });
    const res = await page(cert.verificationId);
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, notSuspended: 'fail' });
    expect(checkText(res.body, 'notSuspended')).toMatch(/^Inactive since \w+ \d{1,2}, \d{4}$/);
    expect(res.body).toContain('<h1 id="status">Inactive certificate</h1>');
    // What a person reads (the text, not the markup's keys) has one word for it.
    expect(res.body.replace(/<[^>]*>/g, ' ')).not.toMatch(/\bsuspended\b/i);
    expect((await json(cert.verificationId)).checks).toEqual({ ...ALL_TRUE, notSuspended: false });
  });

  it('crosses exactly “not expired” for a lapsed certificate', async () => {
    const cert = await issue(t, { awardedOn: '2020-01-15', validTill: inDays(-3) });
    const res = await page(cert.verificationId);
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, notExpired: 'fail' });
    expect(checkText(res.body, 'notExpired')).toMatch(/^Expired on \w+ \d{1,2}, \d{4}$/);
    expect((await json(cert.verificationId)).checks).toEqual({ ...ALL_TRUE, notExpired: false });
  });

  it('crosses the signature when the record is changed behind the portal’s back, and says so first', async () => {
    const cert = await issue();
    expect(checklistOf((await page(cert.verificationId)).body)).toEqual(ALL_PASS);
    await t.database.db.update(certificates).set({ holderName: 'Someone Else' }).where(eq(certificates.id, cert._id));
    const res = await page(cert.verificationId);
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, signatureIntact: 'fail' });
    expect(res.body).toContain('<h1 id="status">Certificate could not be verified</h1>');
    expect(res.body).not.toContain('Valid certificate');
    // The words of a credential that does not check out are nobody's: not shown.
    expect(res.body).not.toContain('About this credential');
    expect(await json(cert.verificationId)).toMatchObject({
      checks: { ...ALL_TRUE, signatureIntact: false },
      description: null,
      criteria: null,
    });
  });

  it('crosses the issuer when the stored credential names another', async () => {
    const cert = await issue();
    await t.database.db
      .update(certificates)
      .set({ credential: sql`jsonb_set(${certificates.credential}, '{issuer,id}', '"did:web:elsewhere.example"')` })
      .where(eq(certificates.id, cert._id));
    const res = await page(cert.verificationId);
    // Its proof no longer holds either: what it states was signed as the board's.
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, issuedByBoard: 'fail', signatureIntact: 'fail' });
    expect(checkText(res.body, 'issuedByBoard')).toBe(`Not issued by ${t.config.boardName}`);
  });
});

describe('the app’s clock decides', () => {
  const ownApp = blockApp();

  it('“checked at” follows the app clock, and a certificate expires on the page when that clock passes its end', async () => {
    // An app of its own: its clock is moved by days, which would end the sessions of the others.
    const own = ownApp();
    const boss = await createUser(own, { isAdmin: true, steppedUp: true });
    const cert = await issue(own, { validTill: inDays(10) }, boss.cookie);
    const first = await json(cert.verificationId, own);
    expect(first.checks.notExpired).toBe(true);
    own.clock.advanceMinutes(11 * 24 * 60);
    const res = await page(cert.verificationId, own);
    const checkedAt = /<time datetime="([^"]+)">/.exec(res.body)![1]!;
    const days = (new Date(checkedAt).getTime() - new Date(first.checkedAt).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(10.99);
    expect(days).toBeLessThan(11.01);
    expect(checklistOf(res.body)).toEqual({ ...ALL_PASS, notExpired: 'fail' });
    expect(res.body).toContain('<h1 id="status">Expired certificate</h1>');
    expect(await json(cert.verificationId, own)).toMatchObject({ status: 'Expired', checks: { notExpired: false } });
  });
});

describe('what the page says, and where it leads', () => {
  it('shows the credential’s description and criteria in the words the signed credential states', async () => {
    const cert = await issue();
    const credential = await downloaded(cert._id);
    const achievement = (credential.credentialSubject as { achievement: Json }).achievement;
    const description = achievement.description as string;
    const criteria = (achievement.criteria as { narrative: string }).narrative;
    expect(description).toContain('Certified Recycling Advocate');
    const res = await page(cert.verificationId);
    // Issue 34: free text is the board's own, in its own direction whatever the page's.
    expect(res.body).toContain(`<p dir="auto">${description}</p>`);
    expect(res.body).toContain(`<p><strong>How it is earned:</strong> <span dir="auto">${criteria}</span></p>`);
    expect(await json(cert.verificationId)).toMatchObject({ description, criteria });

    // Read from the signed copy, not written again: a copy signed with other words shows those.
    const own = crypto.randomBytes(4).toString('hex');
    const { proof: _proof, ...unsigned } = credential;
    const subject = credential.credentialSubject as Json;
    const signer = credentialSigner({
      seed: loadIssuerSeed(t.config.issuerKey, t.config.dataDir),
      did: t.app.credentials.did,
    });
    let reworded: Json;
    try {
      reworded = await signer.sign(
        {
          ...unsigned,
          credentialSubject: { ...subject, achievement: { ...achievement, description: `Words ${own}` } },
        },
        new Date(),
      );
    } finally {
      await signer.close();
    }
    await t.database.db.update(certificates).set({ credential: reworded }).where(eq(certificates.id, cert._id));
    const signedWords = await page(cert.verificationId);
    expect(checklistOf(signedWords.body)).toEqual(ALL_PASS);
    expect(signedWords.body).toContain(`<p dir="auto">Words ${own}</p>`);

    // Changed without a signature, the words are nobody's and are not shown.
    await t.database.db
      .update(certificates)
      .set({
        credential: sql`jsonb_set(${certificates.credential}, '{credentialSubject,achievement,description}', ${JSON.stringify(`Forged ${own}`)}::jsonb)`,
      })
      .where(eq(certificates.id, cert._id));
    const tampered = await page(cert.verificationId);
    expect(checklistOf(tampered.body)).toEqual({ ...ALL_PASS, signatureIntact: 'fail' });
    expect(tampered.body).not.toContain(`Forged ${own}`);
  });

  it('links a report of a problem to the board by e-mail, its subject naming the verification id', async () => {
    const cert = await issue();
    const res = await page(cert.verificationId);
    const href = hrefOf(res.body, 'Report a problem with this certificate');
    expect(href).toBeDefined();
    const mail = new URL(href!);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe(t.config.boardContactEmail);
    expect(mail.searchParams.get('subject')).toBe(`Problem with certificate ${cert.verificationId}`);
    expect(mail.searchParams.get('body')).toBe(`Certificate page: ${cert.verificationUrl}\r\n\r\nWhat is wrong:\r\n`);
    // RFC 6068: spaces and line ends percent-encoded, never a raw character that ends the value.
    expect(href).toMatch(/^mailto:[^?]+\?subject=[^&\s]+&body=[^&\s]+$/);
    expect(href).toContain('%20');
    expect(href).toContain('%0D%0A');
  });

  it('offers the holder a wallet, leading to their certificates with this one named', async () => {
    const cert = await issue();
    const res = await page(cert.verificationId);
    expect(res.body).toContain('Is this your certificate? <a href=');
    expect(hrefOf(res.body, 'Add it to a digital wallet')).toBe(
      `${t.config.appUrl}/admin/certificates?wallet=${cert.verificationId}`,
    );
    // Not for a certificate that is revoked: there is nothing to carry.
    const revoked = await issue(t, { status: 'Inactive' });
    expect((await page(revoked.verificationId)).body).not.toContain('Add it to a digital wallet');
  });

  it('folds the technical detail behind a native disclosure: issuer DID, cryptosuite, credential id, JSON and status list', async () => {
    const cert = await issue();
    const credential = await downloaded(cert._id);
    const res = await page(cert.verificationId);
    const details = /<details>\n<summary>Technical details<\/summary>([\s\S]*?)<\/details>/.exec(res.body)?.[1];
    expect(details).toBeDefined();
    expect(details).toContain(`<code>${t.app.credentials.did}</code>`);
    expect(details).toContain('<code>eddsa-rdfc-2022</code>');
    expect(details).toContain(`<code>${credential.id as string}</code>`);
    expect(details).toContain(
      `<a href="${(credential.credentialStatus as { statusListCredential: string }).statusListCredential}">Status list (JSON)</a>`,
    );
    expect(details).toContain(`<a href="${t.config.appUrl}/api/verify/${cert.verificationId}">This check as JSON</a>`);
    expect(details).toContain(`<a href="${t.config.appUrl}/.well-known/did.json">DID document (JSON)</a>`);
    // The plain words come first: no DID outside the disclosure (the head's meta tags aside).
    const outside = res.body.replace(/<details>[\s\S]*<\/details>/, '').replace(/<head>[\s\S]*<\/head>/, '');
    expect(outside).not.toContain('did:web:');
    expect(outside).not.toContain('eddsa-rdfc-2022');
    expect(await json(cert.verificationId)).toMatchObject({
      signature: {
        issuer: t.app.credentials.did,
        cryptosuite: 'eddsa-rdfc-2022',
        credentialId: credential.id,
        statusListCredential: (credential.credentialStatus as { statusListCredential: string }).statusListCredential,
      },
    });
  });

  it('ships no script, with the strict CSP', async () => {
    const cert = await issue();
    const res = await page(cert.verificationId);
    expect(res.body).not.toMatch(/<script|javascript:|\son\w+=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('in the reader’s language (issue 34)', () => {
  const read = (id: string, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/verify/${id}${query}`, headers });

  it('answers in Spanish for Accept-Language: es-MX, with its dates, and says so', async () => {
    const cert = await issue();
    const res = await read(cert.verificationId, {
      'accept-language': 'es-MX,es;q=0.9,en;q=0.5',
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('es');
    // A cache keeps a copy per language, and per encoding as before.
    expect(
      String(res.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toEqual(expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']));
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = zlib.gunzipSync(res.rawPayload).toString();
    expect(body).toContain('<html lang="es" dir="ltr">');
    expect(body).toContain('<h1 id="status">Certificado válido</h1>');
    const day = new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date((await json(cert.verificationId)).validTill as string),
    );
    expect(body).toContain(`Activo, válido hasta el ${day}`);
    expect(body).toContain('Lo que esta página comprobó');
    expect(body).not.toContain('What this page checked');
    // The holder's and the board's words are not translated.
    expect(body).toContain(`Emitido por <bdi>`);

    // The JSON: its fields and values stay English; what it says in words is in Spanish.
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/verify/${cert.verificationId}`,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(answer.headers['content-language']).toBe('es');
    expect(answer.json()).toMatchObject({
      status: 'Active',
      language: 'es',
      languages: ['en', 'es', 'ar'],
      headline: 'Certificado válido',
      statusText: `Activo, válido hasta el ${day}`,
    });
    const arabic = await t.app.inject({ method: 'GET', url: `/api/verify/${cert.verificationId}?lang=ar` });
    expect(arabic.json()).toMatchObject({ status: 'Active', language: 'ar', headline: 'شهادة صالحة' });
  });

  it('reads right to left in Arabic, with ?lang= before the browser’s languages, and links each language', async () => {
    const cert = await issue();
    const res = await read(cert.verificationId, { 'accept-language': 'es' }, '?lang=ar');
    expect(res.headers['content-language']).toBe('ar');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<h1 id="status">شهادة صالحة</h1>');
    expect(res.body).toMatch(/<a href="\?lang=ar" lang="ar" aria-current="true">العربية<\/a>/);
    expect(res.body).toContain('<a href="?lang=es" lang="es" hreflang="es">Español</a>');
    // Latin digits by default.
    expect(res.body).not.toMatch(/[\u0660-\u0669]/);
  });

  it('falls back silently on an unknown ?lang= or cookie, to the browser’s language, then English', async () => {
    const cert = await issue();
    const spanish = await read(cert.verificationId, { 'accept-language': 'es', cookie: 'lang=xx' }, '?lang=zz');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-language']).toBe('es');
    const english = await read(cert.verificationId, { 'accept-language': 'fr-FR' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('<h1 id="status">Valid certificate</h1>');
    const cookie = await read(cert.verificationId, { cookie: 'lang=ar' });
    expect(cookie.headers['content-language']).toBe('ar');
  });

  it('says an unknown certificate is not found in the reader’s language', async () => {
    const res = await read('nothing-here-at-all-00', { 'accept-language': 'es' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1 id="status">Certificado no encontrado</h1>');
  });
});

describe('the link preview', () => {
  const limitedApp = blockApp({ VERIFY_RATE_LIMIT: '2' });

  const NASTY = `Zoë <"&'> O'Brien</title><script>alert(1)</script>`;

  it('carries Open Graph and Twitter card tags, escaped: a name with <"&\' does not break out', async () => {
    const cert = await issue(t, { holderName: NASTY });
    const res = await page(cert.verificationId);
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain(NASTY);
    // Every meta tag of the head is whole: a property or name, then a content without markup.
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1]!;
    for (const tag of head.match(/<meta[^>]*>/g)!) {
      expect(tag).toMatch(/^<meta (charset="utf-8"|(name|property)="[\w:]+" content="[^"<>]*")>$/);
    }
    expect(meta(res.body, 'og:title')).toBe('Certified Recycling Advocate: Active');
    expect(meta(res.body, 'og:description')).toBe(
      `${NASTY}: Certified Recycling Advocate, certificate ${cert.certificateNo} from ${t.config.boardName}. Active, valid till ${calendarDay(`${inDays(365)}T00:00:00Z`)}.`,
    );
    expect(meta(res.body, 'og:url')).toBe(cert.verificationUrl);
    expect(meta(res.body, 'og:image')).toBe(`${cert.verificationUrl}/preview.png`);
    expect(meta(res.body, 'og:image:width')).toBe('1200');
    expect(meta(res.body, 'og:image:height')).toBe('630');
    expect(meta(res.body, 'og:image:alt')).toBe(
      `Valid certificate: ${NASTY}, Certified Recycling Advocate, ${t.config.boardName}`,
    );
    expect(meta(res.body, 'og:site_name')).toBe(t.config.boardName);
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.body, 'twitter:title')).toBe('Certified Recycling Advocate: Active');
    expect(meta(res.body, 'twitter:image')).toBe(`${cert.verificationUrl}/preview.png`);
    expect(meta(res.body, 'twitter:description')).toBe(meta(res.body, 'og:description'));
    // The name on the page: escaped, and isolated for either direction.
    expect(res.body).toContain(
      '<dd><span dir="auto">Zoë &lt;&quot;&amp;&#39;&gt; O&#39;Brien&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></dd>',
    );
  });

  it('is a 1200 × 630 PNG, tagged and cached like the status lists, 304 when unchanged', async () => {
    const cert = await issue(t, { holderName: NASTY });
    const url = `/verify/${cert.verificationId}/preview.png`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // Made to be shown by other sites' previews.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const { format, width, height } = await sharp(res.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
    // A strong ETag: the SHA-256 of the bytes sent.
    const etag = `"${crypto.createHash('sha256').update(res.rawPayload).digest('base64url')}"`;
    expect(res.headers.etag).toBe(etag);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);

    // A revocation changes the picture, and so its tag.
    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${cert._id}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('is 404 for an unknown, a malformed or a deleted certificate', async () => {
    const cert = await issue();
    const deleted = await call(t.app, admin.cookie, { method: 'DELETE', url: `/api/certificates/${cert._id}` });
    expect(deleted.statusCode).toBe(204);
    for (const id of [crypto.randomBytes(32).toString('base64url'), 'x', cert.verificationId]) {
      const res = await t.app.inject({ method: 'GET', url: `/verify/${id}/preview.png` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type'], id).toMatch(/^application\/json/);
      expect(res.json(), id).toEqual({ message: CERTIFICATE_MESSAGES.notFound });
      expect(res.headers.etag, id).toBeUndefined();
    }
  });

  it('is limited per client address as the page is', async () => {
    const limited = limitedApp();
    const url = `/verify/${crypto.randomBytes(32).toString('base64url')}/preview.png`;
    const statuses = [];
    for (let n = 0; n < 3; n++) {
      statuses.push((await limited.app.inject({ method: 'GET', url, remoteAddress: '127.7.7.7' })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
    expect((await limited.app.inject({ method: 'GET', url, remoteAddress: '127.7.7.8' })).statusCode).toBe(404);
  });

  it('does not count as a view of the page', async () => {
    const cert = await issue();
    await t.app.verificationViews.flush();
    await t.app.inject({ method: 'GET', url: `/verify/${cert.verificationId}/preview.png` });
    await t.app.verificationViews.flush();
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    expect(row!.verificationViews).toBe(0);
  });
});

describe('the board as configured, and copies signed before (decision 0040)', () => {
  const env = { ISSUER_KEY: crypto.randomBytes(32).toString('base64'), BOARD_URL: 'https://orb.example/' };
  const beforeApp = blockApp(env);
  /** The same database, after a restart with the board renamed and given a logo. */
  const afterApp = blockApp(
    {
      ...env,
      BOARD_NAME: 'Oregon <Recycling> & “Reuse” Board',
      BOARD_LOGO_URL: 'https://cdn.orb.example/logo.png?v=2&size=80',
      BOARD_CONTACT_EMAIL: 'verify@orb.example',
    },
    () => ({ database: beforeApp().database }),
  );

  it('shows BOARD_NAME, BOARD_LOGO_URL, BOARD_URL and BOARD_CONTACT_EMAIL, and signs the logo into new copies', async () => {
    const [before, after] = [beforeApp(), afterApp()];
    const boss = await createUser(before, { isAdmin: true, steppedUp: true });
    // Signed with the defaults: the portal's own logo.
    const cert = await issue(before, {}, boss.cookie);
    const [stored] = await before.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    const signed = stored!.credential as Json & { issuer: Json; credentialSubject: { achievement: Json } };
    const portalLogo = {
      id: 'http://localhost:3000/favicon.svg',
      type: 'Image',
      caption: `Logo of ${before.config.boardName}`,
    };
    expect(signed.issuer.image).toEqual(portalLogo);
    expect(signed.credentialSubject.achievement.image).toEqual(portalLogo);

    // The board renamed and given another logo: the copy still states the record, so the other
    // instance issues no new one for it and the page still verifies it (decision 0065).
    const unchanged = await call(after.app, boss.cookie, {
      method: 'PUT',
      url: `/api/certificates/${cert._id}`,
      payload: {
        userEmail: stored!.userEmail,
        certificateNo: stored!.certificateNo,
        name: stored!.name,
        validTill: stored!.validTill.toISOString().slice(0, 10),
        holderName: stored!.holderName,
        status: stored!.status,
      },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const copies = await after.database.db
      .select()
      .from(credentialCopies)
      .where(eq(credentialCopies.certificateId, cert._id));
    expect(copies).toHaveLength(1);

    const res = await page(cert.verificationId, after);
    expect(checklistOf(res.body)).toEqual(ALL_PASS);
    expect(res.body).toContain(
      '<img src="https://cdn.orb.example/logo.png?v=2&amp;size=80" alt="" width="40" height="40"><a href="https://orb.example/" dir="auto">Oregon &lt;Recycling&gt; &amp; “Reuse” Board</a>',
    );
    expect(new URL(hrefOf(res.body, 'Report a problem with this certificate')!).pathname).toBe('verify@orb.example');
    expect(res.body).toContain('(an e-mail to <bdi>verify@orb.example</bdi>)');
    // The logo's origin, and no other, is allowed as an image source.
    const imgSrc = /img-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.orb.example']);
    // The words are the copy's, signed under the board's former name.
    expect(res.body).toContain(`a credential of the ${before.config.boardName} for recycling advocates.`);
    expect(await json(cert.verificationId, after)).toMatchObject({
      board: {
        name: 'Oregon <Recycling> & “Reuse” Board',
        url: 'https://orb.example/',
        logoUrl: 'https://cdn.orb.example/logo.png?v=2&size=80',
        contactEmail: 'verify@orb.example',
      },
    });

    // A change of a fact issues the next copy, which carries the new logo and name.
    const renamed = await call(after.app, boss.cookie, {
      method: 'PUT',
      url: `/api/certificates/${cert._id}`,
      payload: {
        userEmail: stored!.userEmail,
        certificateNo: stored!.certificateNo,
        name: 'Senior Recycling Advocate',
        validTill: stored!.validTill.toISOString().slice(0, 10),
        holderName: stored!.holderName,
        status: stored!.status,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [next] = await after.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    const newLogo = {
      id: 'https://cdn.orb.example/logo.png?v=2&size=80',
      type: 'Image',
      caption: 'Logo of Oregon <Recycling> & “Reuse” Board',
    };
    expect((next!.credential as { issuer: Json }).issuer.image).toEqual(newLogo);
    expect(checklistOf((await page(cert.verificationId, after)).body)).toEqual(ALL_PASS);
  });

  it('statesRecord ignores what a copy says only to present it, and nothing it states', async () => {
    const cert = await issue();
    const credential = await downloaded(cert._id);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    const id = credential.id as string;
    expect(statesRecord(credential, row!, id)).toBe(true);
    const subject = credential.credentialSubject as Json & { achievement: Json };
    // As a copy signed before decision 0065 reads (no images), or under another board name and words.
    const { image: _a, ...achievementWithoutImage } = subject.achievement;
    const { image: _i, ...issuerWithoutImage } = credential.issuer as Json;
    const presented = {
      ...credential,
      issuer: { ...issuerWithoutImage, name: 'Another Board', url: 'https://another.example' },
      credentialSubject: {
        ...subject,
        achievement: { ...achievementWithoutImage, description: 'Other words', criteria: { narrative: 'Other' } },
      },
    };
    expect(statesRecord(presented, row!, id)).toBe(true);
    // A fact is still compared.
    const renamed = {
      ...credential,
      credentialSubject: { ...subject, achievement: { ...subject.achievement, name: 'X' } },
    };
    expect(statesRecord(renamed, row!, id)).toBe(false);
  });
});

describe('what each answer carries for caches, robots and a verifier', () => {
  it('the page and its JSON keep out of search engines, and the page is revalidated on every visit', async () => {
    const cert = await issue();
    const html = await page(cert.verificationId);
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['x-robots-tag']).toBe('noindex, nofollow');
    const answer = await t.app.inject({ method: 'GET', url: `/api/verify/${cert.verificationId}` });
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    const unknown = await page(crypto.randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-cache');
  });

  it('an earlier copy’s page says when it was replaced, as an HTML page kept out of search engines', async () => {
    const cert = await issue();
    const first = await downloaded(cert._id);
    const edited = await call(t.app, admin.cookie, {
      method: 'PUT',
      url: `/api/certificates/${cert._id}`,
      payload: {
        userEmail: member.email,
        certificateNo: cert.certificateNo,
        name: 'Senior Recycling Advocate',
        validTill: inDays(400),
        status: 'Active',
        holderName: 'Morgan Member',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [copy] = await t.database.db
      .select()
      .from(credentialCopies)
      .where(eq(credentialCopies.credentialId, first.id as string));
    const old = await t.app.inject({ method: 'GET', url: new URL(first.id as string).pathname });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(old.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.body).toContain(`was replaced on ${calendarDay(copy!.revokedAt!)}`);
    const missing = await t.app.inject({ method: 'GET', url: `/verify/${cert.verificationId}/versions/99` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('Certificate not found');
  });

  it('an unknown status list is 404 with a message; the DID document is sent as its tagged bytes, uncompressed', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/status-lists/revocation/999' });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ message: 'Status list not found' });
    const did = await t.app.inject({
      method: 'GET',
      url: '/.well-known/did.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(did.statusCode).toBe(200);
    expect(did.headers['content-encoding']).toBeUndefined();
    expect(did.headers['content-type']).toMatch(/^application\/did\+json/);
  });

  it('a certificate loaded with SQL after start is signed on its first check, and checks out on every one', async () => {
    const [loaded] = await t.database.db
      .insert(certificates)
      .values({
        userEmail: member.email,
        certificateNo: certificateNumber(),
        name: 'Loaded Advocate',
        validTill: new Date(inDays(90)),
      })
      .returning();
    expect(loaded!.credential).toBeNull();
    for (let n = 0; n < 2; n++) {
      expect(await json(loaded!.verificationId)).toMatchObject({ status: 'Active', signature: { valid: true } });
    }
  });
});

describe('the views counted for the holder', () => {
  /** A second instance on the same database, closed by the test below. */
  const second = blockApp({}, () => ({ database: t.database }));
  const viewsOf = async (id: string) =>
    (await t.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!.verificationViews;

  it('a write that fails keeps every view for the next one, and counts none twice', async () => {
    const [a, b] = [await issue(), await issue()];
    await t.app.verificationViews.flush();
    // The database refuses any count on the second certificate for a while.
    await t.database.db.execute(
      sql.raw(
        `alter table certificates add constraint views_refused check (id <> '${b._id}' or verification_views = 0)`,
      ),
    );
    try {
      for (const cert of [a, a, b]) await page(cert.verificationId);
      await t.app.verificationViews.flush();
      expect([await viewsOf(a._id), await viewsOf(b._id)]).toEqual([0, 0]);
      expect(t.logs.some((line) => line.includes('could not write verification page views'))).toBe(true);
    } finally {
      await t.database.db.execute(sql.raw('alter table certificates drop constraint views_refused'));
    }
    await t.app.verificationViews.flush();
    expect([await viewsOf(a._id), await viewsOf(b._id)]).toEqual([2, 1]);
  });

  it.runIf(driver === 'postgres')(
    'a flush asked for while another is writing waits for it (so closing the app loses no count)',
    async () => {
      const cert = await issue();
      await t.app.verificationViews.flush();
      // Another connection holds the certificate's row: the first flush's write waits on it.
      const other = new pg.Client({ connectionString: await postgresUrlOf(t.database) });
      await other.connect();
      await other.query('begin');
      await other.query('select 1 from certificates where id = $1 for update', [cert._id]);
      try {
        await page(cert.verificationId);
        const first = t.app.verificationViews.flush();
        const second = t.app.verificationViews.flush();
        const outcome = await Promise.race([
          second.then(() => 'returned'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
        ]);
        expect(outcome).toBe('waiting');
        await other.query('commit');
        await Promise.all([first, second]);
      } finally {
        await other.end();
      }
      expect(await viewsOf(cert._id)).toBe(1);
    },
  );

  it('views are written every few seconds without being asked, and when the app closes', async () => {
    const cert = await issue();
    await t.app.verificationViews.flush();
    await page(cert.verificationId);
    await expect.poll(() => viewsOf(cert._id), { timeout: 15_000, interval: 250 }).toBe(1);

    await page(cert.verificationId, second());
    await second().app.close();
    expect(await viewsOf(cert._id)).toBe(2);
  });
});
