import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentialSigner, SIGNER_IDLE_MS } from './signer';

const setup = { seed: new Uint8Array(32).fill(7), did: 'did:web:portal.example.org' };
const credential = (n: number) => ({
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  type: ['VerifiableCredential'],
  issuer: setup.did,
  credentialSubject: { id: `urn:example:${n}` },
});

describe('the credential signer (a worker thread)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs with an eddsa-rdfc-2022 proof by the issuer key, at the time it is given', async () => {
    const signer = credentialSigner(setup);
    try {
      const now = new Date('2026-11-26T10:00:00Z');
      const signed = (await signer.sign(credential(1), now)) as { proof: Record<string, string> };
      expect(signed.proof).toMatchObject({
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        created: '2026-11-26T10:00:00Z',
        proofPurpose: 'assertionMethod',
      });
      expect(signed.proof.verificationMethod).toMatch(/^did:web:portal\.example\.org#z6Mk/);
      const again = (await signer.sign(credential(2), now)) as { proof: Record<string, string> };
      expect(again.proof.proofValue).not.toBe(signed.proof.proofValue);
    } finally {
      await signer.close();
    }
  });

  it('checks a proof against the DID document it is given, in the worker', async () => {
    const signer = credentialSigner(setup);
    try {
      const key = await Ed25519Multikey.generate({ seed: setup.seed, controller: setup.did });
      const method = {
        id: `${setup.did}#${key.publicKeyMultibase}`,
        type: 'Multikey',
        controller: setup.did,
        publicKeyMultibase: key.publicKeyMultibase,
      };
      const didDocument = {
        '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
        id: setup.did,
        verificationMethod: [method],
        assertionMethod: [method.id],
      };
      const signed = await signer.sign(credential(1), new Date('2026-11-26T10:00:00Z'));
      expect(await signer.verify(signed, didDocument)).toBe(true);
      const tampered = { ...signed, credentialSubject: { id: 'urn:example:2' } };
      expect(await signer.verify(tampered, didDocument)).toBe(false);
      // A key the issuer's document does not list (a rotated-out one, or a stranger's) fails too.
      expect(await signer.verify(signed, { ...didDocument, verificationMethod: [], assertionMethod: [] })).toBe(false);
      expect(signer.running).toBe(true);
    } finally {
      await signer.close();
    }
  });

  it('stops its worker after a minute without work, and starts one again for the next signature', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const signer = credentialSigner(setup);
    try {
      await signer.sign(credential(1), new Date());
      expect(signer.running).toBe(true);
      vi.advanceTimersByTime(SIGNER_IDLE_MS - 1);
      expect(signer.running).toBe(true);
      vi.advanceTimersByTime(1);
      expect(signer.running).toBe(false);
      await expect(signer.sign(credential(2), new Date())).resolves.toHaveProperty('proof');
      expect(signer.running).toBe(true);
    } finally {
      await signer.close();
    }
  });

  it('fails what a stopped worker owed, and the next signature gets a new worker', async () => {
    const signer = credentialSigner(setup);
    try {
      await signer.sign(credential(1), new Date());
      const owed = signer.sign(credential(2), new Date());
      await signer.close();
      await expect(owed).rejects.toThrow(/signing worker stopped/);
      await expect(signer.sign(credential(3), new Date())).resolves.toHaveProperty('proof');
    } finally {
      await signer.close();
    }
  });
});
