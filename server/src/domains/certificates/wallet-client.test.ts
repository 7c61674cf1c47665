import net from 'node:net';
import { CredentialRequestClientBuilderV1_0_15, OpenID4VCIClientV1_0_15 } from '@sphereon/oid4vci-client';
import { OID4VCI_CONFIGURATION_ID } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/harness';
import { verifyWith } from '../../../test/verifier';
import { issueCertificate } from '../../../test/certificates';

/**
 * Issue 31 (decision 0042): a wallet client from npm (@sphereon/oid4vci-client) takes the
 * OID4VCI 1.0 pre-authorized code offer over real HTTP: it reads the offer link, fetches the
 * issuer's metadata, trades the code for a token and asks for the credential.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

/** A port free now, so that the app's address (credential_issuer) is known before it is built. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ APP_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await createUser(t, { isAdmin: true, email: uniqueEmail('admin'), steppedUp: true });
  member = await createUser(t, { name: 'Morgan Member' });
});
afterAll(() => t.close());

async function offerLink() {
  const { _id } = await issueCertificate(t.app, admin.cookie, { userEmail: member.email, holderName: 'Morgan Member' });
  const res = await call(t.app, member.cookie, { method: 'POST', url: `/api/certificates/${_id}/wallet-offer` });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { openidCredentialOffer: string }).openidCredentialOffer;
}

/** The client's credential request with the token it holds, as §8.2 asks: no key proof. */
const credentialRequest = (client: OpenID4VCIClientV1_0_15) =>
  CredentialRequestClientBuilderV1_0_15.fromCredentialOffer({
    credentialOffer: client.credentialOffer!,
    metadata: client.endpointMetadata,
  })
    .withCredentialConfigurationId(OID4VCI_CONFIGURATION_ID)
    .withTokenFromResponse(client.accessTokenResponse)
    .build()
    .acquireCredentialsWithoutProof({ format: 'ldp_vc' });

async function runWallet(uri: string) {
  const client = await OpenID4VCIClientV1_0_15.fromURI({ uri, retrieveServerMetadata: true });
  expect(client.getIssuer()).toBe(t.app.config.appUrl);
  expect(client.getCredentialOfferConfigurationIds()).toEqual([OID4VCI_CONFIGURATION_ID]);
  expect(client.getAccessTokenEndpoint()).toBe(`${t.app.config.appUrl}/api/wallet/oid4vci/token`);
  expect(client.getCredentialEndpoint()).toBe(`${t.app.config.appUrl}/api/wallet/oid4vci/credential`);
  const token = await client.acquireAccessToken();
  expect(token.token_type).toBe('Bearer');
  // The issuer asks for no key proof (§8.2; it has no nonce endpoint), so the request carries
  // none: the client's acquireCredentials always makes one and stops without a nonce endpoint.
  const response = await credentialRequest(client);
  expect(response.errorBody, JSON.stringify(response.errorBody)).toBeUndefined();
  return { client, body: response.successBody! };
}

it('a wallet client from npm takes the offer; the credential verifies; the offer is then spent', async () => {
  const uri = await offerLink();
  const { client, body } = await runWallet(uri);
  // OID4VCI 1.0 §8.3: `credentials`, a list of objects each holding one `credential`.
  const credentials = body.credentials as { credential: Json }[] | undefined;
  expect(credentials, JSON.stringify(body)).toHaveLength(1);
  const result = await verifyWith(t.app, credentials![0]!.credential);
  expect(
    result.verified,
    String((result.error as { message?: string } | undefined)?.message ?? JSON.stringify(result)),
  ).toBe(true);

  // The access token once more: spent (RFC 6750 invalid_token).
  const again = await credentialRequest(client);
  expect(again.origResponse.status).toBe(401);
  expect(again.errorBody?.error).toBe('invalid_token');
  // The same offer again: the pre-authorized code was used, so the token endpoint refuses it.
  await expect(runWallet(uri)).rejects.toThrow(/oid4vci\/token .*failed with status: 400/);
});
