import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES, newPassword } from '@portal/contract';
import { badRequest } from './errors';

/** OWASP's argon2id minimum: m = 19 MiB, t = 2, p = 1. */
// Algorithm.Argon2id is a const enum, which isolated modules cannot read.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, for e-mails that have no account. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-unknown-accounts');
  await verifyPassword(await dummy, password);
  return false;
}

let common: Set<string> | undefined;
/** The ~49,000 most common passwords of the zxcvbn-ts list, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** ARCHITECTURE §5: 8 to 128 characters, not a common password; no composition rules. */
export function assertAcceptablePassword(password: string): void {
  const parsed = newPassword.safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.commonPassword);
}
