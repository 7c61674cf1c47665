import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateNextKey, keyFiles, loadIssuerSeed, loadKeys, piiKeyring } from './keys';

let dataDir: string;
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keys-')), 'nested', 'data');
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
});

const b64 = (key: Buffer) => key.toString('base64');
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const hkdf = (master: Buffer, label: string) =>
  Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), label, 32));

describe('keys from the environment', () => {
  it('takes PII_KEY and the keys it replaced, and derives the HMAC keys from PII_KEY', () => {
    const [current, older, oldest] = [crypto.randomBytes(32), crypto.randomBytes(32), crypto.randomBytes(32)];
    const keys = loadKeys(b64(current), dataDir, [b64(older), b64(oldest)]);
    expect(keys.pii.equals(current)).toBe(true);
    expect(keys.piiOld.map(b64)).toEqual([b64(older), b64(oldest)]);
    // The labels are part of the stored hashes: changing one voids every code and throttle.
    expect(keys.codeHmac.equals(hkdf(current, 'verification-code-hmac'))).toBe(true);
    expect(keys.emailHmac.equals(hkdf(current, 'email-throttle-hmac'))).toBe(true);
    expect(piiKeyring(keys).map(b64)).toEqual([b64(current), b64(older), b64(oldest)]);
    // Nothing is written to DATA_DIR.
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('has no old keys unless PII_KEYS_OLD names some', () => {
    const keys = loadKeys(b64(crypto.randomBytes(32)), dataDir);
    expect(keys.piiOld).toEqual([]);
  });

  it('refuses a key that is not 32 bytes, current or old', () => {
    expect(() => loadKeys(b64(crypto.randomBytes(31)), dataDir)).toThrow('A PII key must be 32 bytes');
    expect(() => loadKeys(b64(crypto.randomBytes(32)), dataDir, [b64(crypto.randomBytes(16))])).toThrow(
      'A PII key must be 32 bytes',
    );
  });
});

describe('generated keys (outside production)', () => {
  it('generates one key into DATA_DIR, owner-only, and reads the same key afterwards', () => {
    const first = loadKeys(undefined, dataDir);
    const file = keyFiles(dataDir).current;
    expect(file).toBe(path.join(dataDir, 'pii.key'));
    expect(fs.readFileSync(file, 'utf8')).toBe(`${b64(first.pii)}\n`);
    expect(modeOf(file)).toBe(0o600);
    expect(first.pii).toHaveLength(32);
    expect(first.piiOld).toEqual([]);
    const again = loadKeys(undefined, dataDir);
    expect(again.pii.equals(first.pii)).toBe(true);
    expect(again.codeHmac.equals(first.codeHmac)).toBe(true);
    expect(first.codeHmac.equals(first.emailHmac)).toBe(false);
  });

  it('never writes over a key file, nor through a link where the key file should be', () => {
    const first = loadKeys(undefined, dataDir).pii;
    const file = keyFiles(dataDir).current;
    // A key file that appears between the look and the write is left alone.
    const exists = fs.existsSync;
    const look = vi.spyOn(fs, 'existsSync').mockImplementation((p) => p !== file && exists(p));
    expect(() => loadKeys(undefined, dataDir)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    look.mockRestore();
    expect(fs.readFileSync(file, 'utf8')).toBe(`${b64(first)}\n`);
    // A dangling link at the key's path is not followed.
    const elsewhere = path.join(path.dirname(dataDir), 'elsewhere.key');
    fs.rmSync(file);
    fs.symlinkSync(elsewhere, file);
    expect(() => loadKeys(undefined, dataDir)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('does not rotate through a file already at its working path', () => {
    const first = loadKeys(undefined, dataDir).pii;
    const working = `${keyFiles(dataDir).current}.${process.pid}.tmp`;
    fs.writeFileSync(working, 'planted');
    expect(() => generateNextKey(dataDir)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(fs.readFileSync(working, 'utf8')).toBe('planted');
    expect(loadKeys(undefined, dataDir).pii.equals(first)).toBe(true);
  });

  it('reads the replaced keys, one a line, blank lines, spaces and commas allowed', () => {
    const [a, b, c] = [crypto.randomBytes(32), crypto.randomBytes(32), crypto.randomBytes(32)];
    loadKeys(undefined, dataDir);
    fs.writeFileSync(keyFiles(dataDir).old, `${b64(a)}\n\n  ${b64(b)},${b64(c)}\n`);
    expect(loadKeys(undefined, dataDir).piiOld.map(b64)).toEqual([b64(a), b64(b), b64(c)]);
    fs.writeFileSync(keyFiles(dataDir).old, `${b64(a)}\n${b64(crypto.randomBytes(8))}\n`);
    expect(() => loadKeys(undefined, dataDir)).toThrow('A PII key must be 32 bytes');
  });

  it('rotates: a fresh key becomes current and the replaced one is kept, owner-only, one a line', () => {
    const first = loadKeys(undefined, dataDir).pii;
    const second = generateNextKey(dataDir);
    const files = keyFiles(dataDir);
    expect(second).toHaveLength(32);
    expect(second.equals(first)).toBe(false);
    expect(fs.readFileSync(files.current, 'utf8')).toBe(`${b64(second)}\n`);
    expect(fs.readFileSync(files.old, 'utf8')).toBe(`${b64(first)}\n`);
    expect(modeOf(files.current)).toBe(0o600);
    expect(modeOf(files.old)).toBe(0o600);
    const third = generateNextKey(dataDir);
    expect(fs.readFileSync(files.old, 'utf8')).toBe(`${b64(first)}\n${b64(second)}\n`);
    const keys = loadKeys(undefined, dataDir);
    expect(piiKeyring(keys).map(b64)).toEqual([b64(third), b64(first), b64(second)]);
    // No working file is left beside the keys.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pii.key', 'pii.old.keys']);
  });
});

describe('issuer seed', () => {
  it('takes ISSUER_KEY, writing nothing', () => {
    const seed = crypto.randomBytes(32);
    expect(loadIssuerSeed(b64(seed), dataDir).equals(seed)).toBe(true);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('generates a seed once into DATA_DIR/issuer.key, owner-only, and reads it afterwards', () => {
    const seed = loadIssuerSeed(undefined, dataDir);
    const file = path.join(dataDir, 'issuer.key');
    expect(seed).toHaveLength(32);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${b64(seed)}\n`);
    expect(modeOf(file)).toBe(0o600);
    expect(loadIssuerSeed(undefined, dataDir).equals(seed)).toBe(true);
  });

  it('uses the seed of a process that wrote it first, and fails on any other write error', () => {
    const theirs = crypto.randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'issuer.key');
    fs.writeFileSync(file, `${b64(theirs)}\n`);
    // The other process wrote the file between our look and our write.
    const exists = fs.existsSync;
    vi.spyOn(fs, 'existsSync').mockImplementation((p) => p !== file && exists(p));
    expect(loadIssuerSeed(undefined, dataDir).equals(theirs)).toBe(true);

    fs.rmSync(file);
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    vi.spyOn(fs, 'writeFileSync').mockImplementation(() => {
      throw full;
    });
    expect(() => loadIssuerSeed(undefined, dataDir)).toThrow(full);
  });
});
