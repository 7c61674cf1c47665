import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as vc from '@digitalbazaar/vc';
import { parentPort, workerData } from 'node:worker_threads';
import { staticContexts } from '../../lib/credential-contexts';
import type { SignAnswer, SignerSetup, SignRequest, VerifyRequest } from './signer';

type Json = Record<string, unknown>;

/**
 * The issuer's signing, off the server's thread (signer.ts): each request is an
 * unsigned credential and the time to sign it at; the answer is the credential with its Data
 * Integrity proof (eddsa-rdfc-2022: RDF Dataset Canonicalization, then Ed25519), about 13 ms of
 * CPU that the server's event loop no longer pays. A request to verify carries a signed
 * credential and the issuer's DID document (every key it ever had), and is answered true or
 * false: checking canonicalises too. Signing resolves nothing but the bundled
 * contexts: the proof names the key, it does not dereference it.
 */
const { seed, did } = workerData as SignerSetup;
const key = await Ed25519Multikey.generate({ seed: new Uint8Array(seed), controller: did });
key.id = `${did}#${key.publicKeyMultibase}`;
const documentLoader = staticContexts();

/** The bundled contexts, and the issuer's DID and keys from the document the request carries. */
const withIssuer =
  (didDocument: Json): vc.DocumentLoader =>
  async (url) => {
    if (url !== did && !url.startsWith(`${did}#`)) return documentLoader(url);
    const methods = (didDocument.verificationMethod as Json[] | undefined) ?? [];
    const document = url === did ? didDocument : methods.find((m) => m.id === url);
    if (!document) throw new Error(`Unknown verification method ${url}`);
    return {
      contextUrl: null,
      documentUrl: url,
      document: url === did ? document : { '@context': multikeyContext.CONTEXT_URL, ...document },
    };
  };

function check({ verify, didDocument, at }: Omit<VerifyRequest, 'id'>): Promise<boolean> {
  return vc
    .verifyCredential({
      credential: verify,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader: withIssuer(didDocument),
      // The status is read from the record by the caller.
      checkStatus: async () => ({ verified: true }),
      ...(at ? { now: new Date(at) } : {}),
    })
    .then(
      (result) => result.verified,
      () => false,
    );
}

parentPort!.on('message', (request: SignRequest | VerifyRequest) => {
  const { id } = request;
  const answer: Promise<SignAnswer> =
    'verify' in request
      ? check(request).then((verified) => ({ id, verified }))
      : vc
          .issue({
            credential: request.credential,
            // The proof's `created` is the app's time too (the suite would take the wall clock).
            suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite: eddsaRdfc2022, date: request.now }),
            documentLoader,
            now: new Date(request.now),
          })
          .then((signed: Json) => ({ id, signed }));
  answer.then(
    (message) => parentPort!.postMessage(message),
    (err: unknown) =>
      parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies SignAnswer),
  );
});
parentPort!.postMessage('ready');
