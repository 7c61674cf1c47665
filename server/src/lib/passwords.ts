import { createRequire } from 'node:module';
import type { Algorithm } from '@node-rs/argon2';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES, newPassword } from '@portal/contract';
import { badRequest } from './errors';
import { lazy } from './lazy';

// Algorithm.Argon2id is a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * The argon2id parameters new hashes get (a stored hash names its own, so verifying reads them from
 * the hash). `owasp`: OWASP's minimum, m = 19 MiB, t = 2, p = 1, the only cost production accepts
 * (config.ts). `test-only-minimal`: m = 8 KiB, t = 1, for the test suites that create hundreds
 * of accounts; the tests of hashing itself and of login timing keep `owasp`.
 */
export const PASSWORD_HASH_COSTS = {
  owasp: { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  'test-only-minimal': { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

let cost: PasswordHashCost = 'owasp';
/**
 * Sets the cost of the hashes made from now on in this process: buildApp does, from
 * PASSWORD_HASH_COST (of two apps in one process, the last one built sets it).
 */
export function usePasswordHashCost(next: PasswordHashCost): void {
  cost = next;
}

/**
 * The argon2 binding (a native module of about 7 MB resident) is loaded by the first hash or check,
 * not at start (issue 14): an idle server has signed nobody in yet.
 */
const argon2 = lazy('@node-rs/argon2', () => import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await argon2()).hash(password, PASSWORD_HASH_COSTS[cost]);

export const verifyPassword = async (passwordHash: string, password: string) =>
  (await argon2()).verify(passwordHash, password).catch(() => false);

const dummies = new Map<PasswordHashCost, Promise<string>>();
/** Spends the same time as a real check, for e-mails that have no account (at the cost real hashes get). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword('dummy-password-for-unknown-accounts')));
  await verifyPassword(await dummy, password);
  return false;
}

let common: Set<string> | undefined;
/**
 * The ~49,000 most common passwords of the zxcvbn-ts list, compared case-insensitively. The list
 * (its package holds 2.5 MB of heap with its other dictionaries) is required by the first check,
 * not at start (issue 14); synchronously, so the checks stay plain functions.
 */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    common = new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}

/** ARCHITECTURE §5: 8 to 128 characters, not a common password; no composition rules. */
export function assertAcceptablePassword(password: string): void {
  const parsed = newPassword.safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.commonPassword);
}
