/** The base58btc alphabet (multibase prefix `z`): no 0, O, I or l. */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  // Each leading '1' stands for a leading zero byte.
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/**
 * Whether `text` is an Ed25519 public key as a Multikey's `publicKeyMultibase` (Controlled
 * Identifiers v1.0 §2.2.2): `z` (base58btc), then the multicodec prefix 0xed 0x01 and the 32 key
 * bytes. It is what the DID document lists and what follows the `#` of a proof's
 * `verificationMethod` (`z6Mk…`).
 */
export function isEd25519PublicKey(text: string): boolean {
  if (!text.startsWith('z')) return false;
  const bytes = base58Decode(text.slice(1));
  return bytes?.length === 34 && bytes[0] === 0xed && bytes[1] === 0x01;
}

/** Whether `text` looks like an issuer seed (ISSUER_KEY's kind of value: 32 bytes, base64). */
export const looksLikeSeed = (text: string) =>
  /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, 'base64').length === 32;
