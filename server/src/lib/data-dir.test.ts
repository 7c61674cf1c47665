import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../db/client';
import { DataDirError, secureDataDir } from './data-dir';
import { loadIssuerSeed, loadKeys } from './keys';

/**
 * Issue 30, F7: DATA_DIR (the embedded database, uploads, generated keys) is the owner's alone:
 * directories 0700, files 0600, whatever umask the server was started with, and whatever modes an
 * earlier version or an operator left there.
 */
let dataDir: string;
let umask: number;
let warnings: { fields: Record<string, unknown>; message: string }[];
const log = { warn: (fields: object, message: string) => void warnings.push({ fields: { ...fields }, message }) };

beforeEach(() => {
  // Others may read and write whatever this process creates, unless the server says otherwise.
  umask = process.umask(0);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-dir-'));
  warnings = [];
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every path under `root` (itself included) with its permission bits, as octal text. */
function modes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    out[path.relative(root, p) || '.'] = (stat.mode & 0o777).toString(8);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return out;
}
const wider = (all: Record<string, string>, dirs: Set<string>) =>
  Object.entries(all).filter(([p, mode]) => mode !== (dirs.has(p) ? '700' : '600'));
const directories = (root: string) =>
  new Set(Object.keys(modes(root)).filter((p) => fs.lstatSync(path.join(root, p)).isDirectory()));

/** What main.ts does with DATA_DIR at start, in its order. */
async function start() {
  secureDataDir(dataDir, log);
  loadKeys(undefined, dataDir);
  loadIssuerSeed(undefined, dataDir);
  const database = await openPglite(path.join(dataDir, 'db'));
  await database.close();
  // A file written later (an upload's scratch copy, a catalogue) is the owner's too.
  fs.mkdirSync(path.join(dataDir, 'uploads', 'later'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'later', 'file'), 'x');
}

describe('DATA_DIR at start (issue 30, F7)', () => {
  it('with a umask of 0, everything start-up creates is owner-only: directories 0700, files 0600', async () => {
    fs.rmSync(dataDir, { recursive: true });
    await start();
    const all = modes(dataDir);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['.', 'pii.key', 'issuer.key', 'db', 'db/PG_VERSION']));
    expect(wider(all, directories(dataDir))).toEqual([]);
  });

  it('makes files and directories left 0666 and 0777 owner-only, and names each in a warning', async () => {
    const made = ['uploads/ab/cd.jpg', 'pii.key', 'db/PG_VERSION'];
    for (const file of made) {
      fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true, mode: 0o777 });
      fs.writeFileSync(
        path.join(dataDir, file),
        file === 'pii.key' ? `${Buffer.alloc(32, 7).toString('base64')}\n` : '16\n',
        {
          mode: 0o666,
        },
      );
    }
    fs.chmodSync(dataDir, 0o777);
    expect(modes(dataDir)).toMatchObject({ '.': '777', uploads: '777', 'uploads/ab/cd.jpg': '666', 'pii.key': '666' });

    secureDataDir(dataDir, log);
    const all = modes(dataDir);
    expect(wider(all, directories(dataDir))).toEqual([]);
    const named = warnings.map((w) => w.fields.path);
    expect(named).toEqual(
      expect.arrayContaining(
        ['', 'uploads', 'uploads/ab', 'uploads/ab/cd.jpg', 'pii.key', 'db', 'db/PG_VERSION'].map((p) =>
          path.join(dataDir, p),
        ),
      ),
    );
    expect(warnings.find((w) => w.fields.path === path.join(dataDir, 'pii.key'))?.fields.mode).toBe('666');
  });

  it('says nothing when DATA_DIR is already owner-only', async () => {
    await start();
    warnings = [];
    secureDataDir(dataDir, log);
    expect(warnings).toEqual([]);
  });

  it('refuses to start when a mode cannot be fixed, naming the path', () => {
    const key = path.join(dataDir, 'pii.key');
    fs.writeFileSync(key, 'x', { mode: 0o644 });
    const chmod = vi.spyOn(fs, 'chmodSync').mockImplementation((p) => {
      if (p === key) throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    });
    try {
      expect(() => secureDataDir(dataDir, log)).toThrow(DataDirError);
      expect(() => secureDataDir(dataDir, log)).toThrow(key);
    } finally {
      chmod.mockRestore();
    }
  });
});
