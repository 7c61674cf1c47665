export { logIn } from '../support/session';

/** A date `days` from now as YYYY-MM-DD. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One value per worker, made on first use. Sign-up and login are rate limited per IP
 * (ARCHITECTURE §5), so read-only tests of one file share their member.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}
