import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Keys {
  /** 32-byte key for the field encryption of report PII (ARCHITECTURE §5). */
  pii: Buffer;
  /** Key of the keyed hashes of verification codes. */
  codeHmac: Buffer;
}

function derive(master: Buffer, label: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}

/**
 * PII_KEY from the environment, or (outside production) a key generated once into DATA_DIR
 * with owner-only permissions.
 */
export function loadKeys(piiKey: string | undefined, dataDir: string): Keys {
  let master: Buffer;
  if (piiKey) {
    master = Buffer.from(piiKey, 'base64');
  } else {
    const file = path.join(dataDir, 'pii.key');
    if (fs.existsSync(file)) {
      master = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    } else {
      fs.mkdirSync(dataDir, { recursive: true });
      master = crypto.randomBytes(32);
      fs.writeFileSync(file, master.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    }
  }
  return { pii: master, codeHmac: derive(master, 'verification-code-hmac') };
}
