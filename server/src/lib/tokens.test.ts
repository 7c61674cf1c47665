import { describe, expect, it } from 'vitest';
import { hmac, randomCode, randomToken, safeEqual, sha256 } from './tokens';

describe('tokens', () => {
  it('draws 32 random bytes, URL-safe, different each time', () => {
    const tokens = Array.from({ length: 20 }, randomToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('hashes with SHA-256 and keys hashes with HMAC-SHA-256, as hex', () => {
    // FIPS 180-2 and RFC 4231 (test case 2) vectors.
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hmac(Buffer.from('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('draws 6-digit codes over the whole range, leading zeros kept', () => {
    const codes = Array.from({ length: 3000 }, randomCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // Codes under 100000 are one in ten: 3000 draws without one would be a broken generator.
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(codes.some((c) => c.startsWith('9'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(2900);
  });

  it('compares in constant time: equal strings only, whatever their lengths', () => {
    const token = randomToken();
    expect(safeEqual(token, `${token}`)).toBe(true);
    expect(safeEqual(token, token.slice(0, -1))).toBe(false);
    expect(safeEqual(token.slice(0, -1), token)).toBe(false);
    expect(safeEqual(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('', 'a')).toBe(false);
  });
});
