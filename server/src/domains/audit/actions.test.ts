import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../..');

/** The server's own source files, tests left out. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe('the audit log filter’s suggestions', () => {
  it('name every action the server records', () => {
    const recorded = new Set<string>();
    for (const file of sources(SRC)) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!/\baction:/.test(line)) continue;
        for (const [, action] of line.matchAll(/'([a-z-]+\.[a-z_-]+)'/g)) recorded.add(action!);
      }
    }
    expect(recorded.size).toBeGreaterThan(30);
    expect([...recorded].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });
});
