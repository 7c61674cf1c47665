import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countRecords,
  DeviceLocked,
  deleteRecord,
  openDrafts,
  putRecord,
  readRecords,
  recallIdentity,
  rememberIdentity,
  wipeDrafts,
} from './device-store';

/**
 * The device store of issue 18 on an in-memory IndexedDB, with Node's WebCrypto. Only the network
 * is faked: a server that gives each member's device key secret to that member's session alone
 * (issue 30, F6; server/src/domains/device-key).
 */

const A = 'user-a';
const B = 'user-b';
let n = 0;
const id = () => `draft-${++n}`;

/** The raw rows, as anyone with the device could read them from IndexedDB. */
function rawRows(store: 'drafts' | 'outbox'): Promise<{ id: string; userId: string; value: { data: ArrayBuffer } }[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('portal-device');
    request.onsuccess = () => {
      const get = request.result.transaction(store).objectStore(store).getAll();
      get.onsuccess = () => {
        request.result.close();
        resolve(get.result as never);
      };
      get.onerror = () => reject(get.error);
    };
  });
}

function writeRaw(store: 'drafts' | 'outbox', row: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('portal-device');
    request.onsuccess = () => {
      const tx = request.result.transaction(store, 'readwrite');
      tx.objectStore(store).put(row);
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Who the fake server's session is, the secrets it keeps, and how often the device asked. */
const server = { signedIn: A as string | null, secrets: new Map<string, string>(), keyCalls: 0 };
const secretOf = (userId: string) => {
  if (!server.secrets.has(userId)) {
    server.secrets.set(userId, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'));
  }
  return server.secrets.get(userId)!;
};
const signIn = (userId: string | null) => (server.signedIn = userId);

// The device store loads the contract's schema of the answer: a while, on a busy machine.
beforeAll(() => import('@portal/contract'), 60_000);

function clearRaw(store: 'drafts' | 'outbox' | 'keys'): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('portal-device');
    request.onsuccess = () => {
      const tx = request.result.transaction(store, 'readwrite');
      tx.objectStore(store).clear();
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

function rawKey(userId: string): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve) => {
    const request = indexedDB.open('portal-device');
    request.onsuccess = () => {
      const get = request.result.transaction('keys').objectStore('keys').get(userId);
      get.onsuccess = () => {
        request.result.close();
        resolve(get.result as never);
      };
    };
  });
}

beforeEach(async () => {
  server.keyCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) !== '/api/device-key') return json(404, { message: 'Not found' });
      server.keyCalls++;
      const userId = server.signedIn;
      return userId ? json(200, { userId, key: secretOf(userId) }) : json(401, { message: 'Unauthorized' });
    }),
  );
  signIn(A);
  openDrafts(A);
  openDrafts(B);
  await wipeDrafts(A);
  await wipeDrafts(B);
  openDrafts(A);
  openDrafts(B);
  await clearRaw('outbox');
});
afterEach(() => vi.unstubAllGlobals());

describe('device store', () => {
  it('round-trips every field of a value and keeps nothing in clear', async () => {
    const value = { values: { clientName: 'Jordan Rivers', ssn: '372814455', consent: { shareWithHmis: 'Yes' } } };
    const draft = id();
    await putRecord('drafts', A, draft, value);
    const { records, discarded } = await readRecords<typeof value>('drafts', A);
    expect(discarded).toBe(0);
    expect(records.map((r) => [r.id, r.value])).toEqual([[draft, value]]);
    const [raw] = await rawRows('drafts');
    const text = new TextDecoder().decode(raw!.value.data);
    expect(text).not.toContain('Jordan');
    expect(text).not.toContain('372814455');
  });

  it('never lets user B read a draft written under user A, even when the row is handed over', async () => {
    const draft = id();
    await putRecord('drafts', A, draft, { values: { clientName: 'Secret' } });
    signIn(B);
    await putRecord('drafts', B, id(), { values: { clientName: 'Mine' } });
    expect((await readRecords('drafts', B)).records).toHaveLength(1);
    // A's sealed row relabelled as B's does not open under B's key: it is discarded, not shown.
    const row = (await rawRows('drafts')).find((r) => r.id === draft)!;
    await writeRaw('drafts', { ...row, userId: B });
    const read = await readRecords<{ values: { clientName: string } }>('drafts', B);
    expect(read.records.map((r) => r.value.values.clientName)).toEqual(['Mine']);
    expect(read.discarded).toBe(1);
  });

  it('reports and discards a corrupt draft instead of failing', async () => {
    const good = id();
    const bad = id();
    await putRecord('drafts', A, good, { values: { clientName: 'Good' } });
    await putRecord('drafts', A, bad, { values: { clientName: 'Bad' } });
    const row = (await rawRows('drafts')).find((r) => r.id === bad)!;
    const flipped = new Uint8Array(row.value.data.slice(0));
    flipped[0] = flipped[0]! ^ 0xff;
    await writeRaw('drafts', { ...row, value: { ...row.value, data: flipped.buffer } });
    const read = await readRecords<{ values: { clientName: string } }>('drafts', A);
    expect(read.discarded).toBe(1);
    expect(read.records.map((r) => r.id)).toEqual([good]);
    expect(await countRecords('drafts', A)).toBe(1);
  });

  it('keeps several drafts, newest first, and deletes one only for its owner', async () => {
    const first = id();
    const second = id();
    await putRecord('drafts', A, first, { n: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await putRecord('drafts', A, second, { n: 2 });
    expect((await readRecords('drafts', A)).records.map((r) => r.id)).toEqual([second, first]);
    await deleteRecord('drafts', B, first);
    expect(await countRecords('drafts', A)).toBe(2);
    await deleteRecord('drafts', A, first);
    expect((await readRecords('drafts', A)).records.map((r) => r.id)).toEqual([second]);
  });

  it('wipes the drafts at logout and writes none after it; the outbox stays', async () => {
    await putRecord('drafts', A, id(), { n: 1 });
    await putRecord('outbox', A, id(), { n: 2 });
    await wipeDrafts(A);
    expect(await countRecords('drafts', A)).toBe(0);
    // A late autosave of the page being left does not bring a draft back.
    await putRecord('drafts', A, id(), { n: 3 });
    expect(await countRecords('drafts', A)).toBe(0);
    expect((await readRecords('outbox', A)).records).toHaveLength(1);
  });

  it('keeps files with an outbox report, sealed in slices', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    const report = id();
    await putRecord(
      'outbox',
      A,
      report,
      { media: ['video'] }, // Node's File: jsdom's answers ArrayBuffers of its own realm, which Node's WebCrypto refuses.
      [new NodeFile([bytes], 'clip.webm', { type: 'video/webm' }) as unknown as File],
    );
    const [record] = (await readRecords('outbox', A)).records;
    expect(record!.files).toHaveLength(1);
    expect(record!.files[0]!.name).toBe('clip.webm');
    const back = Buffer.from(await record!.files[0]!.blob.arrayBuffer());
    // Compared as buffers: a deep equality over 5 MB of elements takes minutes.
    expect(back.equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('the identity kept for an offline start (decision 0020)', () => {
  it('is sealed, opens only as its own member, and goes with the logout', async () => {
    await rememberIdentity(A, { _id: A, name: 'Jordan Rivers' });
    const raw = await new Promise<{ userId: string; value: { data: ArrayBuffer } }>((resolve) => {
      const request = indexedDB.open('portal-device');
      request.onsuccess = () => {
        const get = request.result.transaction('identity').objectStore('identity').get('last');
        get.onsuccess = () => {
          request.result.close();
          resolve(get.result as never);
        };
      };
    });
    expect(new TextDecoder().decode(raw.value.data)).not.toContain('Jordan');
    expect(await recallIdentity()).toEqual({ userId: A, value: { _id: A, name: 'Jordan Rivers' } });

    // Moved under another member's name, it does not open, and is dropped.
    signIn(B);
    await putRecord('drafts', B, id(), { any: 1 });
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('portal-device');
      request.onsuccess = () => {
        const tx = request.result.transaction('identity', 'readwrite');
        tx.objectStore('identity').put({ ...raw, userId: B });
        tx.oncomplete = () => {
          request.result.close();
          resolve();
        };
      };
    });
    expect(await recallIdentity()).toBeUndefined();

    await rememberIdentity(A, { _id: A, name: 'Jordan Rivers' });
    await wipeDrafts(A);
    expect(await recallIdentity()).toBeUndefined();
  });
});

describe('the key released by the server (issue 30, F6)', () => {
  it('is kept on the device only wrapped: no key that opens a record without the server', async () => {
    await putRecord('outbox', A, id(), { values: { clientName: 'Jordan Rivers' } });
    const row = await rawKey(A);
    expect(row).toBeDefined();
    expect(row!.key).toBeUndefined();
    // 32 bytes of key and 16 of tag (its realm is the IndexedDB's, not jsdom's: not an instanceof).
    expect((row!.wrapped as ArrayBuffer).byteLength).toBe(48);
    expect(Object.values(row!).some((v) => v instanceof CryptoKey)).toBe(false);
  });

  it('after the logout opens nothing until the server gives the key again; refused (401), it deletes nothing', async () => {
    const report = id();
    await putRecord('outbox', A, report, { values: { clientName: 'Jordan Rivers' } });
    // Logout: the unwrapped key leaves the tab's memory; the session is gone.
    await wipeDrafts(A);
    signIn(null);
    server.keyCalls = 0;
    await expect(readRecords('outbox', A)).rejects.toBeInstanceOf(DeviceLocked);
    expect(server.keyCalls).toBe(1);
    expect(await countRecords('outbox', A)).toBe(1);
    expect(await rawKey(A)).toBeDefined();

    // Another member signed in on the same browser gets their own key, which is not A's.
    signIn(B);
    await expect(readRecords('outbox', A)).rejects.toBeInstanceOf(DeviceLocked);
    expect(await countRecords('outbox', A)).toBe(1);

    signIn(A);
    const { records, discarded } = await readRecords<{ values: { clientName: string } }>('outbox', A);
    expect(discarded).toBe(0);
    expect(records.map((r) => [r.id, r.value.values.clientName])).toEqual([[report, 'Jordan Rivers']]);
  });

  it('opens after a restart of the tab (its memory gone) once the member is signed in', async () => {
    const draft = id();
    await putRecord('drafts', A, draft, { values: { clientName: 'Jordan Rivers' } });
    vi.resetModules();
    const restarted = await import('./device-store');
    signIn(null);
    await expect(restarted.readRecords('drafts', A)).rejects.toBeInstanceOf(restarted.DeviceLocked);
    expect(await countRecords('drafts', A)).toBe(1);
    signIn(A);
    server.keyCalls = 0;
    expect((await restarted.readRecords('drafts', A)).records.map((r) => r.id)).toEqual([draft]);
    expect(server.keyCalls).toBe(1);
  });

  it('never opens what was wrapped under a secret the server replaced (a password reset): discarded, counted', async () => {
    await putRecord('outbox', A, id(), { values: { clientName: 'Jordan Rivers' } });
    await wipeDrafts(A);
    server.secrets.delete(A);
    const { records, discarded } = await readRecords('outbox', A);
    expect(records).toEqual([]);
    expect(discarded).toBe(1);
    // A new key is made for what comes next.
    await putRecord('outbox', A, id(), { n: 2 });
    expect((await readRecords('outbox', A)).records).toHaveLength(1);
  });

  it('seals again, under a wrapped key, a report sealed by a key of decision 0019 on the first signed-in open', async () => {
    await wipeDrafts(A);
    await clearRaw('keys');
    const legacy = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const report = id();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`portal-device:v1:${A}:outbox:${report}:value`) },
      legacy,
      new TextEncoder().encode(JSON.stringify({ values: { clientName: 'Old Intake' } })),
    );
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('portal-device');
      request.onsuccess = () => {
        const tx = request.result.transaction('keys', 'readwrite');
        tx.objectStore('keys').put({ userId: A, key: legacy });
        tx.oncomplete = () => {
          request.result.close();
          resolve();
        };
      };
    });
    await writeRaw('outbox', { id: report, userId: A, updatedAt: Date.now(), value: { iv, data } });

    const { records, discarded } = await readRecords<{ values: { clientName: string } }>('outbox', A);
    expect(discarded).toBe(0);
    expect(records.map((r) => r.value.values.clientName)).toEqual(['Old Intake']);
    const row = await rawKey(A);
    expect(row!.key).toBeUndefined();
    expect((row!.wrapped as ArrayBuffer).byteLength).toBe(48);
    // The legacy key opens the record no more: it was sealed again.
    const [raw] = await rawRows('outbox');
    await expect(
      crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: (raw!.value as unknown as { iv: Uint8Array<ArrayBuffer> }).iv,
          additionalData: new TextEncoder().encode(`portal-device:v1:${A}:outbox:${report}:value`),
        },
        legacy,
        raw!.value.data,
      ),
    ).rejects.toThrow();
  });
});
