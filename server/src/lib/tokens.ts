import crypto from 'node:crypto';

/** 32 random bytes, URL-safe: session tokens and reset tokens. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const hmac = (key: Buffer, value: string) => crypto.createHmac('sha256', key).update(value).digest('hex');

/** A 6-digit code from the CSPRNG, uniformly distributed. */
export const randomCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
