import crypto from 'node:crypto';

/**
 * Field encryption of report PII (ARCHITECTURE §5): AES-256-GCM with a fresh 12-byte IV per
 * value. A value is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), where keyId is the
 * first 8 hex digits of SHA-256 of the key, so a value says which key sealed it and keys can be
 * rotated. The associated data binds a value to its row and field: a ciphertext copied to
 * another row, or into another column of the same row, does not decrypt.
 *
 * Decryption fails closed: anything but an intact value sealed for exactly this row and field
 * throws `PiiError`, never returns other plaintext.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class PiiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PiiError';
  }
}

export const keyIdOf = (key: Buffer): string => crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);

const aad = (rowId: string, field: string) => Buffer.from(`report:${rowId}:${field}`, 'utf8');

export interface Pii {
  /** Seals `plaintext` for `field` of the row `rowId`. */
  encrypt(plaintext: string, rowId: string, field: string): string;
  /** Opens a value sealed for `field` of `rowId`; throws PiiError otherwise. */
  decrypt(value: string, rowId: string, field: string): string;
  /** The id of the key that seals new values. */
  readonly currentKeyId: string;
  /** The key id a sealed value names (not checked: decrypt does that), or undefined. */
  keyIdOf(value: string): string | undefined;
}

/**
 * `keys[0]` seals new values; every key opens values carrying its id (older keys after a
 * rotation).
 */
export function createPii(keys: Buffer[]): Pii {
  if (keys.length === 0) throw new Error('No PII key');
  for (const key of keys) if (key.length !== 32) throw new Error('A PII key must be 32 bytes');
  const byId = new Map<string, Buffer>();
  for (const key of keys) {
    const id = keyIdOf(key);
    // Two keys with one id (a SHA-256 prefix collision) would make a value ambiguous: refuse.
    if (byId.has(id) && !byId.get(id)!.equals(key)) throw new Error(`Two PII keys share the id ${id}`);
    if (!byId.has(id)) byId.set(id, key);
  }
  const current = keys[0]!;
  const currentId = keyIdOf(current);

  return {
    currentKeyId: currentId,
    keyIdOf(value) {
      const parts = value.split('.');
      return parts.length === 5 && parts[0] === VERSION ? parts[1] : undefined;
    },
    encrypt(plaintext, rowId, field) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(rowId, field));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        currentId,
        iv.toString('base64url'),
        tag.toString('base64url'),
        ciphertext.toString('base64url'),
      ].join('.');
    },
    decrypt(value, rowId, field) {
      const parts = value.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new PiiError('Not an encrypted value of a known version');
      const [, keyId, ivText, tagText, ciphertextText] = parts as [string, string, string, string, string];
      const key = byId.get(keyId);
      if (!key) throw new PiiError(`No key with id ${keyId}`);
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      const ciphertext = Buffer.from(ciphertextText, 'base64url');
      // Buffer.from(…, 'base64url') skips characters it does not know: insist on a canonical form.
      if (
        iv.length !== IV_BYTES ||
        tag.length !== TAG_BYTES ||
        iv.toString('base64url') !== ivText ||
        tag.toString('base64url') !== tagText ||
        ciphertext.toString('base64url') !== ciphertextText
      ) {
        throw new PiiError('Malformed encrypted value');
      }
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(rowId, field));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new PiiError('Encrypted value failed its integrity check');
      }
    },
  };
}
