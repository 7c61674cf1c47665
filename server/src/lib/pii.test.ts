import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPii, keyIdOf, type Pii, PiiError } from './pii';

const key = crypto.randomBytes(32);
// Made in a hook, not at import: a file that fails to load would count as passing under Stryker.
let pii: Pii;
beforeAll(() => {
  pii = createPii([key]);
});
const ROW = '6f1c2a52-9a0e-4a59-9d1e-1f2a3b4c5d6e';
const OTHER_ROW = '0b7e8f6a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';

describe('PII field encryption', () => {
  it('seals as v1.<keyId>.<iv>.<tag>.<ciphertext> and opens again', () => {
    const sealed = pii.encrypt('123456789', ROW, 'ssn');
    const [version, keyId, iv, tag] = sealed.split('.');
    expect(version).toBe('v1');
    expect(keyId).toBe(crypto.createHash('sha256').update(key).digest('hex').slice(0, 8));
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(sealed).not.toContain('123456789');
    expect(pii.decrypt(sealed, ROW, 'ssn')).toBe('123456789');
  });

  it('uses a fresh IV each time', () => {
    const ivs = new Set(Array.from({ length: 50 }, () => pii.encrypt('same', ROW, 'ssn').split('.')[2]));
    expect(ivs.size).toBe(50);
  });

  it('fails closed on every flipped byte, another row, another field or another key', () => {
    const sealed = pii.encrypt('123456789', ROW, 'ssn');
    const parts = sealed.split('.');
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      for (let i = 0; i < bytes.length; i++) {
        const copy = Buffer.from(bytes);
        copy[i]! ^= 0x80;
        const tampered = [...parts];
        tampered[index] = copy.toString('base64url');
        expect(() => pii.decrypt(tampered.join('.'), ROW, 'ssn')).toThrow(PiiError);
      }
    }
    expect(() => pii.decrypt(sealed, OTHER_ROW, 'ssn')).toThrow(PiiError);
    expect(() => pii.decrypt(sealed, ROW, 'dob')).toThrow(PiiError);
    expect(() => createPii([crypto.randomBytes(32)]).decrypt(sealed, ROW, 'ssn')).toThrow(/No key/);
    expect(() => pii.decrypt(`${sealed}A`, ROW, 'ssn')).toThrow(PiiError);
    expect(() => pii.decrypt('123456789', ROW, 'ssn')).toThrow(PiiError);
    expect(() => pii.decrypt(sealed.replace('v1.', 'v2.'), ROW, 'ssn')).toThrow(PiiError);
  });

  it('opens values of an older key after a rotation, and seals with the new one', () => {
    const sealedOld = pii.encrypt('1980-04-12', ROW, 'dob');
    const next = crypto.randomBytes(32);
    const rotated = createPii([next, key]);
    expect(rotated.decrypt(sealedOld, ROW, 'dob')).toBe('1980-04-12');
    expect(rotated.encrypt('x', ROW, 'dob').split('.')[1]).toBe(keyIdOf(next));
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createPii([crypto.randomBytes(16)])).toThrow();
  });
});

describe('PII keyring', () => {
  it('names the current key and the key of a sealed value', () => {
    const next = crypto.randomBytes(32);
    const ring = createPii([next, key]);
    expect(ring.currentKeyId).toBe(keyIdOf(next));
    expect(ring.keyIdOf(pii.encrypt('x', ROW, 'ssn'))).toBe(keyIdOf(key));
    expect(ring.keyIdOf(ring.encrypt('x', ROW, 'ssn'))).toBe(keyIdOf(next));
    expect(ring.keyIdOf('123456789')).toBeUndefined();
  });

  it('gives two equal values different ciphertexts', () => {
    expect(pii.encrypt('123456789', ROW, 'ssn')).not.toBe(pii.encrypt('123456789', ROW, 'ssn'));
  });
});

describe('PII keys and values that are refused', () => {
  /** Two keys whose ids (the first 8 hex digits of their SHA-256) are both 9ac175ed. */
  const COLLIDING = [
    'MKa+sYrCtfLLK72eUCcFBVRwaLbXdq0jCj0xG9fw55A=',
    'KQkW1IDPoadASLgCplDrRRhZ0/892+5uC1f4f4Pc8xs=',
  ].map((k) => Buffer.from(k, 'base64'));

  it('needs at least one key, each of 32 bytes, and no two keys with one id', () => {
    expect(() => createPii([])).toThrow('No PII key');
    expect(() => createPii([key, crypto.randomBytes(31)])).toThrow('A PII key must be 32 bytes');
    expect(COLLIDING.map(keyIdOf)).toEqual(['9ac175ed', '9ac175ed']);
    expect(() => createPii(COLLIDING)).toThrow('Two PII keys share the id 9ac175ed');
    // The same key listed twice is one key, not a collision.
    const twice = createPii([key, key]);
    expect(twice.decrypt(pii.encrypt('x', ROW, 'ssn'), ROW, 'ssn')).toBe('x');
  });

  it('names no key for what is not a sealed value of this version', () => {
    const [, keyId, iv, tag, ciphertext] = pii.encrypt('x', ROW, 'ssn').split('.');
    expect(pii.keyIdOf(['v1', keyId, iv, tag, ciphertext].join('.'))).toBe(keyId);
    expect(pii.keyIdOf(['v2', keyId, iv, tag, ciphertext].join('.'))).toBeUndefined();
    expect(pii.keyIdOf(['v1', keyId, iv, tag].join('.'))).toBeUndefined();
    expect(pii.keyIdOf(['v1', keyId, iv, tag, ciphertext, ciphertext].join('.'))).toBeUndefined();
  });

  it('says why a value does not open, with a PiiError', () => {
    const sealed = pii.encrypt('123456789', ROW, 'ssn');
    const [, keyId, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string, string];
    const value = (parts: Partial<Record<'version' | 'keyId' | 'iv' | 'tag' | 'ciphertext', string>>) =>
      [
        parts.version ?? 'v1',
        parts.keyId ?? keyId,
        parts.iv ?? iv,
        parts.tag ?? tag,
        parts.ciphertext ?? ciphertext,
      ].join('.');
    const refusal = (text: string) => {
      try {
        pii.decrypt(text, ROW, 'ssn');
      } catch (err) {
        return err as Error;
      }
      throw new Error(`${text} opened`);
    };
    const shorter = (part: string) => Buffer.from(part, 'base64url').subarray(1).toString('base64url');

    expect(refusal('123456789')).toMatchObject({
      name: 'PiiError',
      message: 'Not an encrypted value of a known version',
    });
    expect(refusal(value({ version: 'v0' })).message).toBe('Not an encrypted value of a known version');
    expect(refusal(`${sealed}.x`).message).toBe('Not an encrypted value of a known version');
    expect(refusal(value({ keyId: '00000000' })).message).toBe('No key with id 00000000');
    // A short IV or tag, and any text base64url would decode by skipping characters.
    for (const text of [
      value({ iv: shorter(iv) }),
      value({ tag: shorter(tag) }),
      value({ iv: `${iv}!` }),
      value({ tag: `${tag}!` }),
      value({ ciphertext: `${ciphertext}!` }),
      value({ ciphertext: `!${ciphertext}` }),
    ]) {
      expect(refusal(text), text).toBeInstanceOf(PiiError);
      expect(refusal(text).message, text).toBe('Malformed encrypted value');
    }
    expect(refusal(value({ ciphertext: shorter(ciphertext) })).message).toBe(
      'Encrypted value failed its integrity check',
    );
    expect(refusal(value({ tag: Buffer.alloc(16).toString('base64url') })).message).toBe(
      'Encrypted value failed its integrity check',
    );
  });

  it('opens values of any length and any text', () => {
    for (const text of ['', 'é', '名前', 'x'.repeat(1000)]) {
      expect(pii.decrypt(pii.encrypt(text, ROW, 'data'), ROW, 'data')).toBe(text);
    }
  });
});
