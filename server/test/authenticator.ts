import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/**
 * A software authenticator for the server tests (issue 19, passkeys): a P-256 key made with
 * node:crypto, authenticator data built by hand (WebAuthn Level 3 §6.1), a 'none' attestation
 * (§8.7) and ES256 assertions (§6.3.3), so the server's checks run on real bytes, not on mocks.
 */
export class SoftAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(crypto.randomBytes(16));
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter (§6.1.1); each assertion moves it on unless told otherwise. */
  counter = 0;

  constructor(
    readonly origin = 'http://localhost:3000',
    readonly rpId = new URL(origin).hostname,
  ) {}

  /** The credential public key as COSE_Key (RFC 9052 §7; EC2, P-256, ES256). */
  private coseKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  /** §6.1: rpIdHash, flags (UP 0x01, UV 0x04, AT 0x40), signCount, and the attested credential. */
  private authenticatorData(flags: number, attested: boolean) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [crypto.createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), counter];
    if (attested) {
      const id = Buffer.from(isoBase64URL.toBuffer(this.credentialId));
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      parts.push(Buffer.alloc(16), length, id, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() answers to the server's registration options. */
  register(options: { challenge: string }, { origin = this.origin } = {}) {
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', this.authenticatorData(0x45, true)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** What navigator.credentials.get() answers: an assertion signed over the challenge given. */
  assert(challenge: string, { origin = this.origin } = {}) {
    this.counter++;
    const authenticatorData = this.authenticatorData(0x05, false);
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const signed = Buffer.concat([authenticatorData, crypto.createHash('sha256').update(clientDataJSON).digest()]);
    // ES256 signatures are ASN.1 DER (§6.5.6), node:crypto's default for EC keys.
    const signature = crypto.sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(signature),
      },
      clientExtensionResults: {},
    };
  }
}
