import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { parentPort, workerData } from 'node:worker_threads';
import { staticContexts } from '../lib/credential-contexts';
import type { SignRequest, SignAnswer, SignerSetup } from './credential-signer';

/**
 * The issuer's signing, off the server's thread (credential-signer.ts): each request is an
 * unsigned credential and the time to sign it at; the answer is the credential with its Data
 * Integrity proof (eddsa-rdfc-2022: RDF Dataset Canonicalization, then Ed25519), about 13 ms of
 * CPU that the server's event loop no longer pays. Signing resolves nothing but the bundled
 * contexts: the proof names the key, it does not dereference it.
 */
const { seed, did } = workerData as SignerSetup;
const key = await Ed25519Multikey.generate({ seed: new Uint8Array(seed), controller: did });
key.id = `${did}#${key.publicKeyMultibase}`;
const documentLoader = staticContexts();

parentPort!.on('message', ({ id, credential, now }: SignRequest) => {
  vc.issue({
    credential,
    // The proof's `created` is the app's time too (the suite would take the wall clock).
    suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite: eddsaRdfc2022, date: now }),
    documentLoader,
    now: new Date(now),
  }).then(
    (signed) => parentPort!.postMessage({ id, signed } satisfies SignAnswer),
    (err: unknown) =>
      parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies SignAnswer),
  );
});
parentPort!.postMessage('ready');
