import crypto from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { OID4VCI_CONFIGURATION_ID, PRE_AUTHORIZED_CODE_GRANT, WALLET_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOffers } from '../../db/schema';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { issueCertificate, pathOf } from '../../../test/certificates';
import { verifyWith } from '../../../test/verifier';

/**
 * Issue 31 (decision 0042): the holder's ways into a digital wallet, through HTTP as a wallet
 * calls them, each single-use and good for ten minutes; what the wallet gets verifies with the
 * outside verifier the interop tests use.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
  other = await createUser(t, { name: 'Olive Other' });
});
afterAll(() => t.close());

/**
 * Ten minutes on, for one request; then back, since the outside verifier reads the real clock
 * (what is signed meanwhile would be valid only from the future).
 */
async function tenMinutesLater<T>(act: () => Promise<T>): Promise<T> {
  t.clock.advanceMinutes(10);
  try {
    return await act();
  } finally {
    t.clock.advanceMinutes(-10);
  }
}

const issue = (over: Record<string, unknown> = {}) =>
  issueCertificate(t.app, admin.cookie, { userEmail: member.email, holderName: 'Morgan Member', ...over });

async function offer(id: string, cookie = member.cookie) {
  const res = await call(t.app, cookie, { method: 'POST', url: `/api/certificates/${id}/wallet-offer` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    credentialUrl: string;
    openidCredentialOffer: string;
    exchangeUrl: string;
    lcwLink: string;
    expiresAt: string;
  };
}

/** A wallet's GET: no cookie, from another origin. */
const walletGet = (url: string) =>
  t.app.inject({ method: 'GET', url: pathOf(url), headers: { origin: 'https://wallet.example' } });

describe('offer', () => {
  it("is the holder's and any admin's; another member gets 403, an unknown id 404", async () => {
    const { _id } = await issue();
    await offer(_id);
    await offer(_id, admin.cookie);
    const refused = await call(t.app, other.cookie, { method: 'POST', url: `/api/certificates/${_id}/wallet-offer` });
    expect(refused.statusCode).toBe(403);
    const unknown = await call(t.app, member.cookie, {
      method: 'POST',
      url: `/api/certificates/${crypto.randomUUID()}/wallet-offer`,
    });
    expect(unknown.statusCode).toBe(404);
    const guest = await t.app.inject({ method: 'POST', url: `/api/certificates/${_id}/wallet-offer` });
    expect(guest.statusCode).toBe(401);
  });

  it('is refused for a certificate that does not stand', async () => {
    const { _id } = await issue({ status: 'Inactive' });
    const res = await call(t.app, member.cookie, { method: 'POST', url: `/api/certificates/${_id}/wallet-offer` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: WALLET_MESSAGES.notActive });
  });

  it('keeps only hashes of its secrets', async () => {
    const { _id } = await issue();
    const { credentialUrl } = await offer(_id);
    const token = credentialUrl.split('/').at(-1)!;
    const rows = await t.database.db.select().from(walletOffers);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((r) => r.tokenHash === crypto.createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('is purged a day after it expires; until then a late scan reads "expired"', async () => {
    const { _id } = await issue();
    const { credentialUrl } = await offer(_id);
    const token = credentialUrl.split('/').at(-1)!;
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const stored = async () => (await t.database.db.select().from(walletOffers)).some((r) => r.tokenHash === hash);
    // An offer that expired an hour ago stays; then it ages past a day (the purge also ends
    // sessions, so the clock stays and the row's expiry moves).
    const expire = (minutesAgo: number) =>
      t.database.db
        .update(walletOffers)
        .set({ expiresAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000) })
        .where(eq(walletOffers.tokenHash, hash));
    await expire(60);
    await t.app.purge.run();
    expect(await stored()).toBe(true);
    expect((await walletGet(credentialUrl)).json()).toEqual({ message: WALLET_MESSAGES.expired });
    await expire(25 * 60);
    expect((await t.app.purge.run()).walletOffers).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe(false);
  });
});

describe('single-use credential URL', () => {
  it('answers the credential once, to any origin, and it verifies; then 410', async () => {
    const { _id } = await issue();
    const { credentialUrl, expiresAt } = await offer(_id);
    expect(credentialUrl.startsWith(`${t.app.config.appUrl}/api/wallet/credentials/`)).toBe(true);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThan(9 * 60_000);
    const first = await walletGet(credentialUrl);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/vc/);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const credential = first.json() as Json;
    const download = await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${_id}/credential` });
    expect(credential).toEqual(download.json());
    const result = await verifyWith(t.app, credential);
    expect(
      result.verified,
      String((result.error as { message?: string } | undefined)?.message ?? JSON.stringify(result)),
    ).toBe(true);

    const second = await walletGet(credentialUrl);
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({ message: WALLET_MESSAGES.used });
  });

  it('answers 410 after ten minutes, and 404 for a token never given', async () => {
    const { _id } = await issue();
    const { credentialUrl } = await offer(_id);
    const late = await tenMinutesLater(() => walletGet(credentialUrl));
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: WALLET_MESSAGES.expired });
    const unknown = await walletGet(
      `${t.app.config.appUrl}/api/wallet/credentials/${crypto.randomBytes(32).toString('base64url')}`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 410 when the certificate was revoked after the offer', async () => {
    const { _id } = await issue();
    const { credentialUrl } = await offer(_id);
    const revoke = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${_id}/revoke`,
      payload: { reason: 'Issued in error', notifyHolder: false },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await walletGet(credentialUrl)).statusCode).toBe(410);
  });
});

/** A wallet's key and DID (did:key of an Ed25519 key), as the Learner Credential Wallet makes one. */
async function walletKey() {
  const key = await Ed25519Multikey.generate({});
  const did = `did:key:${key.publicKeyMultibase}`;
  key.controller = did;
  key.id = `${did}#${key.publicKeyMultibase}`;
  return { key, did };
}

/** The wallet's DIDAuthentication answer: a presentation it signs for the challenge and domain. */
async function didAuth(challenge: string, domain: string, wallet?: Awaited<ReturnType<typeof walletKey>>) {
  const { key, did } = wallet ?? (await walletKey());
  const presentation = vc.createPresentation({ holder: did });
  const suite = new DataIntegrityProof({ signer: key.signer(), cryptosuite: eddsaRdfc2022 });
  return vc.signPresentation({
    presentation,
    suite,
    challenge,
    domain,
    documentLoader: t.app.credentials.documentLoader,
  });
}

const walletPost = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { origin: 'https://wallet.example' },
    payload: payload as Json,
  });

describe('VC-API exchange (DIDAuthentication)', () => {
  it("asks for DID authentication, then issues a copy to the wallet's DID that verifies; then 410", async () => {
    const { _id } = await issue();
    const { exchangeUrl, lcwLink } = await offer(_id);
    const request = JSON.parse(new URL(lcwLink).searchParams.get('request')!) as Json;
    expect(request).toEqual({ credentialRequestOrigin: t.app.config.appUrl, protocols: { vcapi: exchangeUrl } });

    const start = await walletPost(exchangeUrl, {});
    expect(start.statusCode, start.body).toBe(200);
    expect(start.headers['access-control-allow-origin']).toBe('*');
    const vpr = (start.json() as { verifiablePresentationRequest: Json }).verifiablePresentationRequest;
    expect(vpr.query).toEqual([expect.objectContaining({ type: 'DIDAuthentication' })]);
    const challenge = vpr.challenge as string;
    const domain = vpr.domain as string;
    expect(challenge.length).toBeGreaterThan(20);
    expect(domain).toBe(new URL(t.app.config.appUrl).host);

    const wallet = await walletKey();
    const answer = await walletPost(exchangeUrl, { verifiablePresentation: await didAuth(challenge, domain, wallet) });
    expect(answer.statusCode, answer.body).toBe(200);
    const vp = (answer.json() as { verifiablePresentation: { type: string[]; verifiableCredential: Json[] } })
      .verifiablePresentation;
    expect(vp.type).toEqual(['VerifiablePresentation']);
    const credential = vp.verifiableCredential[0]!;
    expect((credential.credentialSubject as Json).id).toBe(wallet.did);
    const download = await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${_id}/credential` });
    expect(credential.id).toBe((download.json() as Json).id);
    const result = await verifyWith(t.app, credential);
    expect(
      result.verified,
      String((result.error as { message?: string } | undefined)?.message ?? JSON.stringify(result)),
    ).toBe(true);

    const again = await walletPost(exchangeUrl, { verifiablePresentation: await didAuth(challenge, domain, wallet) });
    expect(again.statusCode).toBe(410);
    expect((await walletPost(exchangeUrl, {})).statusCode).toBe(410);
  });

  it('refuses a wrong challenge or domain (400) and a forged proof, and stays usable', async () => {
    const { _id } = await issue();
    const { exchangeUrl } = await offer(_id);
    const vpr = ((await walletPost(exchangeUrl, {})).json() as { verifiablePresentationRequest: Json })
      .verifiablePresentationRequest;
    const challenge = vpr.challenge as string;
    const domain = vpr.domain as string;
    const wrongChallenge = await walletPost(exchangeUrl, {
      verifiablePresentation: await didAuth('not-the-challenge', domain),
    });
    expect(wrongChallenge.statusCode).toBe(400);
    const wrongDomain = await walletPost(exchangeUrl, {
      verifiablePresentation: await didAuth(challenge, 'evil.example'),
    });
    expect(wrongDomain.statusCode).toBe(400);
    // Signed by one key, claiming another holder: the proof does not check out.
    const signed = await didAuth(challenge, domain);
    const other = await walletKey();
    const forged = {
      ...signed,
      holder: other.did,
      proof: { ...(signed.proof as Json), verificationMethod: other.key.id },
    };
    expect((await walletPost(exchangeUrl, { verifiablePresentation: forged })).statusCode).toBe(400);
    const ok = await walletPost(exchangeUrl, { verifiablePresentation: await didAuth(challenge, domain) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 410 after ten minutes', async () => {
    const { _id } = await issue();
    const { exchangeUrl } = await offer(_id);
    const vpr = ((await walletPost(exchangeUrl, {})).json() as { verifiablePresentationRequest: Json })
      .verifiablePresentationRequest;
    const presentation = await didAuth(vpr.challenge as string, vpr.domain as string);
    const late = await tenMinutesLater(() => walletPost(exchangeUrl, { verifiablePresentation: presentation }));
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: WALLET_MESSAGES.expired });
  });
});

describe('OpenID for Verifiable Credential Issuance 1.0, pre-authorized code', () => {
  const tokenRequest = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/wallet/oid4vci/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://wallet.example' },
      payload: new URLSearchParams({ grant_type: PRE_AUTHORIZED_CODE_GRANT, 'pre-authorized_code': code }).toString(),
    });
  const credentialRequest = (token: string, body: Json = { credential_configuration_id: OID4VCI_CONFIGURATION_ID }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/wallet/oid4vci/credential',
      headers: { authorization: `Bearer ${token}`, origin: 'https://wallet.example' },
      payload: body,
    });
  /** The offer as a wallet reads it from the QR (§4.1.1, by value). */
  const offerOf = (link: string) => {
    const url = new URL(link);
    expect(url.protocol).toBe('openid-credential-offer:');
    return JSON.parse(url.searchParams.get('credential_offer')!) as {
      credential_issuer: string;
      credential_configuration_ids: string[];
      grants: Record<string, { 'pre-authorized_code': string }>;
    };
  };

  it('runs as a wallet runs it: offer, metadata, token, credential; the credential verifies', async () => {
    const { _id } = await issue();
    const credentialOffer = offerOf((await offer(_id)).openidCredentialOffer);
    expect(credentialOffer.credential_issuer).toBe(t.app.config.appUrl);
    expect(credentialOffer.credential_configuration_ids).toEqual([OID4VCI_CONFIGURATION_ID]);

    const issuerMeta = await t.app.inject({ method: 'GET', url: '/.well-known/openid-credential-issuer' });
    expect(issuerMeta.statusCode).toBe(200);
    expect(issuerMeta.headers['access-control-allow-origin']).toBe('*');
    const meta = issuerMeta.json() as Json & { credential_configurations_supported: Record<string, Json> };
    expect(meta.credential_issuer).toBe(credentialOffer.credential_issuer);
    expect(meta.credential_configurations_supported[OID4VCI_CONFIGURATION_ID]!.format).toBe('ldp_vc');
    // §12.2.4: no authorization_servers, so the issuer is its own, with RFC 8414 metadata.
    expect(meta.authorization_servers).toBeUndefined();
    const asMeta = (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json() as Json;
    expect(asMeta.issuer).toBe(t.app.config.appUrl);
    expect(asMeta.grant_types_supported).toContain(PRE_AUTHORIZED_CODE_GRANT);

    const code = credentialOffer.grants[PRE_AUTHORIZED_CODE_GRANT]!['pre-authorized_code'];
    const token = await tokenRequest(code);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const { access_token, token_type, expires_in } = token.json() as Json;
    expect(token_type).toBe('Bearer');
    expect(expires_in).toBeGreaterThan(0);
    expect((access_token as string).length).toBeGreaterThan(30);

    const issued = await credentialRequest(access_token as string);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['access-control-allow-origin']).toBe('*');
    const { credentials } = issued.json() as { credentials: { credential: Json }[] };
    expect(credentials).toHaveLength(1);
    const result = await verifyWith(t.app, credentials[0]!.credential);
    expect(
      result.verified,
      String((result.error as { message?: string } | undefined)?.message ?? JSON.stringify(result)),
    ).toBe(true);

    // Single use: the code (§6.3: invalid_grant) and the access token (RFC 6750: invalid_token).
    const reuse = await tokenRequest(code);
    expect(reuse.statusCode).toBe(400);
    expect((reuse.json() as Json).error).toBe('invalid_grant');
    const again = await credentialRequest(access_token as string);
    expect(again.statusCode).toBe(401);
    expect(again.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses an expired code, an unknown configuration and a missing token', async () => {
    const { _id } = await issue();
    const late = offerOf((await offer(_id)).openidCredentialOffer).grants[PRE_AUTHORIZED_CODE_GRANT]!;
    const fresh = offerOf((await offer(_id)).openidCredentialOffer).grants[PRE_AUTHORIZED_CODE_GRANT]!;
    const { access_token } = (await tokenRequest(fresh['pre-authorized_code'])).json() as { access_token: string };
    const unknown = await credentialRequest(access_token, { credential_configuration_id: 'SomethingElse' });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as Json).error).toBe('unknown_credential_configuration');
    expect((await credentialRequest(access_token)).statusCode).toBe(200);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/oid4vci/credential',
      payload: { credential_configuration_id: OID4VCI_CONFIGURATION_ID },
    });
    expect(none.statusCode).toBe(401);
    // A body that is not a JSON object is malformed (§8.3.1.2), with or without a token; every
    // error answer also carries the API's `message`.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/oid4vci/credential',
      headers: { 'content-type': 'application/json' },
      payload: 'false',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: 'invalid_credential_request',
      error_description: 'The credential request must be a JSON object.',
      message: 'The credential request must be a JSON object.',
    });
    const expired = await tenMinutesLater(() => tokenRequest(late['pre-authorized_code']));
    expect(expired.statusCode).toBe(400);
    expect((expired.json() as Json).error).toBe('invalid_grant');
  });
});
