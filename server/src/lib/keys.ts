import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Keys {
  /** 32-byte key for the field encryption of report PII (ARCHITECTURE §5): seals new values. */
  pii: Buffer;
  /** Earlier PII keys, kept to open values sealed before a rotation (rotate-pii-key moves them on). */
  piiOld: Buffer[];
  /** Key of the keyed hashes of verification codes. */
  codeHmac: Buffer;
  /** Key of the keyed hashes of e-mail addresses that throttles are kept under. */
  emailHmac: Buffer;
  /** Key of the fingerprints of requests sent with an Idempotency-Key (lib/idempotency.ts). */
  idempotencyHmac: Buffer;
  /** Key of the keyed hashes of the addresses the public verification routes are limited by. */
  visitorHmac: Buffer;
}

/** Where the generated keys live when PII_KEY is not set (outside production). */
export const keyFiles = (dataDir: string) => ({
  current: path.join(dataDir, 'pii.key'),
  /** One base64 key a line: the keys a rotation replaced, still read. */
  old: path.join(dataDir, 'pii.old.keys'),
});

function derive(master: Buffer, label: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}

const parseKeys = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((k) => Buffer.from(k, 'base64'));

/**
 * PII_KEY from the environment (with PII_KEYS_OLD, the keys it replaced), or (outside
 * production) a key generated once into DATA_DIR with owner-only permissions (with
 * DATA_DIR/pii.old.keys, the keys it replaced).
 */
export function loadKeys(piiKey: string | undefined, dataDir: string, piiKeysOld: string[] = []): Keys {
  let master: Buffer;
  let old: Buffer[];
  if (piiKey) {
    master = Buffer.from(piiKey, 'base64');
    old = piiKeysOld.map((k) => Buffer.from(k, 'base64'));
  } else {
    const files = keyFiles(dataDir);
    if (fs.existsSync(files.current)) {
      master = Buffer.from(fs.readFileSync(files.current, 'utf8').trim(), 'base64');
    } else {
      fs.mkdirSync(dataDir, { recursive: true });
      master = crypto.randomBytes(32);
      fs.writeFileSync(files.current, master.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    }
    old = fs.existsSync(files.old) ? parseKeys(fs.readFileSync(files.old, 'utf8')) : [];
  }
  for (const key of [master, ...old]) if (key.length !== 32) throw new Error('A PII key must be 32 bytes');
  return {
    pii: master,
    piiOld: old,
    codeHmac: derive(master, 'verification-code-hmac'),
    emailHmac: derive(master, 'email-throttle-hmac'),
    idempotencyHmac: derive(master, 'idempotency-fingerprint-hmac'),
    visitorHmac: derive(master, 'visitor-address-hmac'),
  };
}

/** Every PII key, the current one first: what createPii takes. */
export const piiKeyring = (keys: Pick<Keys, 'pii' | 'piiOld'>) => [keys.pii, ...keys.piiOld];

/**
 * For the generated key only: makes a fresh key current and keeps the replaced one for reading.
 * The old key is saved before the new one replaces it, so a crash in between loses no key.
 */
export function generateNextKey(dataDir: string): Buffer {
  const files = keyFiles(dataDir);
  const previous = fs.readFileSync(files.current, 'utf8').trim();
  fs.appendFileSync(files.old, previous + '\n', { mode: 0o600 });
  const next = crypto.randomBytes(32);
  const tmp = `${files.current}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, next.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, files.current);
  return next;
}

/**
 * The issuer's Ed25519 seed (issue 11): ISSUER_KEY, or (outside production) a seed generated once
 * into DATA_DIR/issuer.key with owner-only permissions, as for the PII key.
 */
export function loadIssuerSeed(issuerKey: string | undefined, dataDir: string): Buffer {
  if (issuerKey) return Buffer.from(issuerKey, 'base64');
  const file = path.join(dataDir, 'issuer.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true });
  const seed = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, seed.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return seed;
  } catch (err) {
    // Another process starting on the same DATA_DIR wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
}
