import { AUTH_MESSAGES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assertAcceptablePassword,
  hashPassword,
  isCommonPassword,
  usePasswordHashCost,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

const GOOD = 'Lantern-Orchard-42';

describe('password hashing', () => {
  // The production cost: files of a worker share this module, and a test app may have set another.
  beforeAll(() => usePasswordHashCost('owasp'));

  it('hashes with argon2id, m=19456 KiB, t=2, p=1, salted', async () => {
    const [first, second] = await Promise.all([hashPassword(GOOD), hashPassword(GOOD)]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(GOOD);
  });

  it('hashes at the test-only cost only when told to, and verifies hashes of either cost', async () => {
    try {
      usePasswordHashCost('test-only-minimal');
      const cheap = await hashPassword(GOOD);
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
      expect(await verifyAgainstDummy(GOOD)).toBe(false);
      usePasswordHashCost('owasp');
      const standard = await hashPassword(GOOD);
      expect(standard).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(cheap, GOOD)).toBe(true);
      expect(await verifyPassword(standard, GOOD)).toBe(true);
    } finally {
      usePasswordHashCost('owasp');
    }
  });

  it('verifies the right password only, and answers false (not an error) to a malformed hash', async () => {
    const hash = await hashPassword(GOOD);
    expect(await verifyPassword(hash, GOOD)).toBe(true);
    expect(await verifyPassword(hash, GOOD.toLowerCase())).toBe(false);
    expect(await verifyPassword('not-a-hash', GOOD)).toBe(false);
    expect(await verifyPassword('', GOOD)).toBe(false);
  });

  // That the check costs a real argon2 verification is measured by `npm run bench:timing`
  // (test/timing/enumeration.timing.ts): no test here asserts a time (issue 36).
  it('always answers false for an unknown account, even given the dummy’s own password', async () => {
    expect(await verifyAgainstDummy('dummy-password-for-unknown-accounts')).toBe(false);
    expect(await verifyAgainstDummy(GOOD)).toBe(false);
  });
});

describe('acceptable passwords', () => {
  it('knows the common passwords in any case', () => {
    for (const password of ['password', 'PASSWORD', 'Password', 'iloveyou', 'ILOVEYOU']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword(GOOD)).toBe(false);
    expect(isCommonPassword(GOOD.toUpperCase())).toBe(false);
  });

  it('takes 8 to 128 characters that are not a common password', () => {
    expect(() => assertAcceptablePassword(GOOD)).not.toThrow();
    expect(() => assertAcceptablePassword('x'.repeat(7) + 'Q')).not.toThrow();
    expect(() => assertAcceptablePassword('Qx'.repeat(64))).not.toThrow();
  });

  it('refuses too short, too long and common passwords with 400 and the reason', () => {
    const refusal = (password: string) => {
      try {
        assertAcceptablePassword(password);
      } catch (err) {
        return err as { statusCode: number; message: string };
      }
      throw new Error(`${password} was accepted`);
    };
    expect(refusal('Qx7!abc')).toMatchObject({ statusCode: 400, message: 'Password must be at least 8 characters' });
    expect(refusal('Qx'.repeat(64) + 'Q')).toMatchObject({
      statusCode: 400,
      message: 'Password must be at most 128 characters',
    });
    expect(refusal('PassWord')).toMatchObject({ statusCode: 400, message: AUTH_MESSAGES.commonPassword });
  });
});
