import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A pid no process has (above the kernel's maximum). */
const DEAD_PID = 4_194_305;

describe('local-disk storage', () => {
  const storage = localDiskStorage(root);
  const tmp = path.join(root, '.tmp');
  const host = path.basename(storage.scratchPath()).split('~')[0]!;
  const scratch = (name: string, ageMs = 0) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, 'partial');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
    return name;
  };

  it('lists the keys of stored bytes, and nothing else', async () => {
    const a = storage.newKey();
    const b = storage.newKey();
    await storage.put(a, Readable.from(['one']));
    await storage.put(b, Readable.from(['two']));
    fs.writeFileSync(path.join(root, 'stray.txt'), 'not a key');
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys.sort()).toEqual([a, b].sort());
  });

  it('sweeps the working files of dead processes and keeps those of live ones', async () => {
    const mine = path.basename(storage.scratchPath());
    fs.writeFileSync(path.join(tmp, mine), 'in progress');
    const ownRun = mine.split('~')[2]!;
    const kept = [
      mine,
      // The parent of this test process is alive.
      scratch(`${host}~${process.ppid}~abc123~1`),
      // Another host sharing the folder, recently written.
      scratch(`other-host~${DEAD_PID}~abc123~2`),
    ];
    const removed = [
      scratch(`${host}~${DEAD_PID}~abc123~3`),
      // An earlier process with this very pid (a restarted container).
      scratch(`${host}~${process.pid}~${ownRun === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa'}~4`),
      scratch(`other-host~${DEAD_PID}~abc123~5`, 25 * 60 * 60_000),
      scratch('no-owner-named', 25 * 60 * 60_000),
    ];

    expect(await storage.sweepScratch()).toBe(removed.length);
    expect(fs.readdirSync(tmp).sort()).toEqual(kept.sort());
  });
});
