import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Json = Record<string, unknown>;

/**
 * An outside verifier's document loader: the portal's DID document and status lists as `app`
 * serves them over HTTP, and the bundled contexts (the portal's loader serves only those for
 * anything not its own). A verification method the DID document does not list is not found, as
 * a resolver would answer.
 */
export function verifierLoader(app: FastifyInstance): vc.DocumentLoader {
  const appUrl = app.config.appUrl;
  const fetchJson = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode, url).toBe(200);
    return res.json() as Json;
  };
  return async (url) => {
    if (url.startsWith('did:web:')) {
      const doc = await fetchJson(`${appUrl}/.well-known/did.json`);
      if (!url.includes('#')) return { contextUrl: null, documentUrl: url, document: doc };
      const method = (doc.verificationMethod as Json[]).find((m) => m.id === url);
      if (!method) throw new Error(`The DID document does not list ${url}`);
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': 'https://w3id.org/security/multikey/v1', ...method },
      };
    }
    if (url.startsWith(`${appUrl}/api/status-lists/`)) {
      return { contextUrl: null, documentUrl: url, document: await fetchJson(url) };
    }
    return app.credentials.documentLoader(url);
  };
}

/** Digital Bazaar's verifier on a downloaded credential: its proof, then its status, as `app` serves them. */
export function verifyWith(app: FastifyInstance, credential: Json) {
  const documentLoader = verifierLoader(app);
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  return vc.verifyCredential({
    credential,
    suite,
    documentLoader,
    checkStatus: ({ credential: c }) => checkStatus({ credential: c, documentLoader, suite }),
  });
}
