import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPii, keyIdOf, PiiError } from './pii';

const key = crypto.randomBytes(32);
const pii = createPii([key]);
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
