import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, statusLists } from '../../db/schema';
import { blockApp, call, createTestApp, createUser, type TestApp } from '../../../test/harness';
import { issueCertificate } from '../../../test/certificates';

/**
 * Issue 31 (decision 0035): the public verification resources as an outside verifier or an
 * in-browser wallet reads them: from any origin, cached and revalidated, within their own limit.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  // Keys of earlier ISSUER_KEYs (decision 0038): a DID document long enough to be compressed.
  const retired = await Promise.all(Array.from({ length: 8 }, () => Ed25519Multikey.generate({})));
  t = await createTestApp({ ISSUER_KEYS_RETIRED: retired.map((k) => k.publicKeyMultibase).join(',') });
  admin = await createUser(t, { isAdmin: true, steppedUp: true });
  member = await createUser(t);
});
afterAll(() => t.close());

const WALLET = 'https://wallet.example';

const issue = () => issueCertificate(t.app, admin.cookie, { userEmail: member.email });

/** A request as a page of another origin sends it. */
const fromWallet = (opts: InjectOptions, cookie?: string) =>
  call(t.app, cookie, { ...opts, headers: { origin: WALLET, ...opts.headers } });

const sha256Tag = (bytes: Buffer) => `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`;

describe('readable from any origin', () => {
  it('lets a page of any origin read the DID document, the status lists and a verification’s JSON, without credentials', async () => {
    const cert = await issue();
    for (const [url, status, exposed] of [
      ['/.well-known/did.json', 200, 'ETag'],
      ['/api/status-lists/revocation/1', 200, 'ETag, Retry-After'],
      [`/api/verify/${cert.verificationId}`, 200, 'Retry-After'],
      // Errors too: a wallet must be able to read why.
      [`/api/verify/${crypto.randomBytes(32).toString('base64url')}`, 404, 'Retry-After'],
      ['/api/status-lists/revocation/999', 404, 'ETag, Retry-After'],
    ] as const) {
      const res = await fromWallet({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['access-control-expose-headers'], url).toBe(exposed);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('keeps every other route same-origin: signed-in, public and page routes send no CORS header', async () => {
    const cert = await issue();
    for (const [url, cookie] of [
      ['/api/auth/check-auth', member.cookie],
      [`/api/certificates/${encodeURIComponent(member.email)}`, member.cookie],
      [`/api/certificates/${cert._id}/credential`, member.cookie],
      ['/api/users', admin.cookie],
      ['/api/config', undefined],
      [`/verify/${cert.verificationId}`, undefined],
    ] as const) {
      const res = await fromWallet({ method: 'GET', url }, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('answers the preflight of those three with GET from any origin and no credentials, and of no other route', async () => {
    const preflight = (url: string, cookie?: string) =>
      fromWallet(
        {
          method: 'OPTIONS',
          url,
          headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
        },
        cookie,
      );
    for (const url of [
      '/.well-known/did.json',
      '/api/status-lists/revocation/1',
      `/api/verify/${crypto.randomBytes(32).toString('base64url')}`,
    ]) {
      const res = await preflight(url);
      expect(res.statusCode, url).toBe(204);
      expect(res.body, url).toBe('');
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/), url).toContain('GET');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase(), url).toContain('if-none-match');
      expect(Number(res.headers['access-control-max-age']), url).toBeGreaterThan(0);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    for (const url of ['/api/auth/check-auth', '/api/users', '/api/config', '/api/auth/login']) {
      const res = await preflight(url, admin.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  /** Preflight routes added beside routes that are not public, each refused as the app starts. */
  const refused: string[] = [];
  const other = blockApp({}, () => ({
    beforeReady: (app) => {
      for (const url of ['/api/auth/check-auth', '/api/users', '/api/certificates/:id/credential', '/api/nothing']) {
        try {
          app.options(url, async () => '');
        } catch (err) {
          refused.push((err as Error).message);
        }
      }
    },
  }));

  it('refuses to start a preflight route beside a route that is not public', () => {
    expect(other().app).toBeDefined();
    expect(refused).toEqual([
      "Route OPTIONS /api/auth/check-auth is not in the contract's route table",
      "Route OPTIONS /api/users is not in the contract's route table",
      "Route OPTIONS /api/certificates/:id/credential is not in the contract's route table",
      "Route OPTIONS /api/nothing is not in the contract's route table",
    ]);
  });
});

describe('cached and revalidated', () => {
  const list = '/api/status-lists/revocation/1';

  it('tags a status list with a strong ETag of its bytes, lets it be cached 5 minutes, and answers 304 while it holds', async () => {
    await issue();
    // No copy of this file is revoked yet: the list is signed by this first request, and its
    // first answer must be the bytes of every later one.
    const list = '/api/status-lists/revocation/1';
    const first = await fromWallet({ method: 'GET', url: list, headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    // The bytes sent, not compressed, so that the tag is theirs.
    expect(first.headers['content-encoding']).toBeUndefined();
    const etag = first.headers.etag as string;
    expect(etag).toBe(sha256Tag(first.rawPayload));
    expect(first.json()).toMatchObject({ type: ['VerifiableCredential', 'BitstringStatusListCredential'] });

    // RFC 9110 §13.1.2: the tag, a list holding it (weakly too), or *.
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*', `"a,b" , W/"x",${etag}`]) {
      const again = await fromWallet({ method: 'GET', url: list, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length, ifNoneMatch).toBe(0);
      // §15.4.5: a 304 repeats the ETag and Cache-Control.
      expect(again.headers.etag, ifNoneMatch).toBe(etag);
      expect(again.headers['cache-control'], ifNoneMatch).toBe('public, max-age=300');
      expect(again.headers['access-control-allow-origin'], ifNoneMatch).toBe('*');
    }
    // Another tag, or a header that is not the syntax, gets the whole list.
    for (const ifNoneMatch of ['"other"', etag.slice(1, -1), `${etag} ${etag}`, `"${'a'.repeat(2000)}", ${etag}`]) {
      const whole = await fromWallet({ method: 'GET', url: list, headers: { 'if-none-match': ifNoneMatch } });
      expect(whole.statusCode, ifNoneMatch).toBe(200);
      expect(whole.body, ifNoneMatch).toBe(first.body);
    }
    // A list that does not exist is 404 whatever the precondition (§13.2.1).
    const missing = await fromWallet({
      method: 'GET',
      url: '/api/status-lists/revocation/999',
      headers: { 'if-none-match': '*' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a long list uncompressed too, as the very bytes its tag is of', async () => {
    // Bits scattered over the second block: its list no longer compresses to under a kilobyte.
    const bits = Buffer.alloc(131_072 / 8);
    for (let i = 0; i < 400; i++) bits[(i * 313) >> 3] = bits[(i * 313) >> 3]! | (0x80 >> ((i * 313) & 7));
    // Stored unsigned: the first request signs it, as for a list no copy was revoked in yet.
    await t.database.db.insert(statusLists).values({ list: 2, purpose: 'revocation', bits });
    const res = await fromWallet({
      method: 'GET',
      url: '/api/status-lists/revocation/2',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers.etag).toBe(sha256Tag(res.rawPayload));
  });

  it('answers the new list, under a new tag, once a certificate is revoked', async () => {
    const cert = await issue();
    const before = await fromWallet({ method: 'GET', url: list });
    const etag = before.headers.etag as string;
    expect((await fromWallet({ method: 'GET', url: list, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${cert._id}/revoke`,
      payload: { reason: 'Issued in error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const after = await fromWallet({ method: 'GET', url: list, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers.etag).toBe(sha256Tag(after.rawPayload));
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, cert._id));
    const { statusListIndex } = (row!.credential as { credentialStatus: { statusListIndex: string } }).credentialStatus;
    const bits = await decodeList({ encodedList: after.json().credentialSubject.encodedList });
    expect(bits.getStatus(Number(statusListIndex))).toBe(true);
  });

  it('tags the DID document too, cached 5 minutes and revalidated with a 304', async () => {
    // With the retired keys of ISSUER_KEYS_RETIRED, long enough to be compressed, were it not
    // sent as the very bytes its tag is of.
    const res = await fromWallet({
      method: 'GET',
      url: '/.well-known/did.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-type']).toBe('application/did+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = res.headers.etag as string;
    expect(etag).toBe(sha256Tag(res.rawPayload));
    const again = await fromWallet({ method: 'GET', url: '/.well-known/did.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });
});

describe('the status lists’ own limit', () => {
  const limitedApp = blockApp({ VERIFY_RATE_LIMIT: '2', STATUS_LIST_RATE_LIMIT: '5' });

  it('answers a verifier past the page’s limit, and refuses it only past STATUS_LIST_RATE_LIMIT', async () => {
    const limited = limitedApp();
    const remoteAddress = '127.31.0.1';
    const get = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress, headers: { origin: WALLET } });
    const page = `/api/verify/${crypto.randomBytes(32).toString('base64url')}`;
    const statuses = async (url: string, n: number) => {
      const seen = [];
      for (let i = 0; i < n; i++) seen.push((await get(url)).statusCode);
      return seen;
    };
    // The page's allowance is spent…
    expect(await statuses(page, 3)).toEqual([404, 404, 429]);
    // …and the same verifier still reads the status lists, up to their own limit.
    expect(await statuses('/api/status-lists/revocation/1', 5)).toEqual([404, 404, 404, 404, 404]);
    const refused = await get('/api/status-lists/suspension/1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // The page's limit is its own still: the lists' count did not move it.
    expect((await get(page)).statusCode).toBe(429);
  });
});
