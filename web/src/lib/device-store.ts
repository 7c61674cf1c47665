/**
 * What the report form keeps on this device (issue 18, decision 0019): drafts, and reports waiting
 * to be sent (the outbox). Every record is sealed with AES-GCM (WebCrypto) under a key of its own
 * user. The associated data of each record names its user, its store and its id, so a record of
 * user A opens under no other key, place or name: a draft written under user A is never readable
 * by user B, and a tampered record is refused.
 *
 * Issue 30, F6 (decision 0034): that key is stored only wrapped, under a secret the server gives
 * to a signed-in session of its member alone (GET /api/device-key) and replaces at a password
 * reset or the account's deletion. Unwrapped, it lives in this tab's memory until the logout: an
 * open tab keeps working offline, but after a restart the drafts and the outbox open only once
 * the member is signed in again, and a lost phone's IndexedDB files open for no one.
 *
 * Nothing here throws to the form but `DeviceLocked`: a device without IndexedDB or WebCrypto
 * simply keeps nothing, and a record that does not open is deleted and counted, never shown half-read.
 */

import { apiPath, deviceKeyResponse } from '@portal/contract';
import { api } from './api';
import { forgetUploadsOf } from './upload-urls';

const DB_NAME = 'portal-device';
/** 1: keys, drafts, outbox (decision 0019). 2: identity (decision 0020). Keys wrapped (0034): same stores. */
const DB_VERSION = 2;
type StoreName = 'keys' | 'drafts' | 'outbox' | 'identity';

/** A sealed value: the AES-GCM nonce and the ciphertext, per chunk of at most CHUNK_BYTES. */
interface SealedChunk {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface SealedRecord {
  id: string;
  userId: string;
  updatedAt: number;
  value: SealedChunk;
  /** Files (outbox only), each sealed chunk by chunk. */
  files?: { name: string; type: string; chunks: SealedChunk[] }[];
}

/** A video is sealed in slices, so no step holds two whole copies of it besides the file itself. */
const CHUNK_BYTES = 4 * 1024 * 1024;

export const deviceStoreAvailable = () =>
  // On the server (a signed-in first screen, src/prerender.tsx): what a browser with the store shows.
  typeof window === 'undefined' ||
  (typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle);

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore('keys', { keyPath: 'userId' });
        for (const name of ['drafts', 'outbox'] as const) {
          db.createObjectStore(name, { keyPath: 'id' }).createIndex('userId', 'userId');
        }
      }
      if (event.oldVersion < 2) db.createObjectStore('identity', { keyPath: 'id' });
    };
    request.onsuccess = () => {
      // Another tab upgrading the database must not be blocked by this one.
      request.result.onversionchange = () => {
        request.result.close();
        opening = undefined;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed to open'));
  }).catch((err: unknown) => {
    opening = undefined;
    throw err;
  });
  return opening;
}

/** Runs one request in its own transaction and answers its result once the transaction committed. */
async function run<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = action(tx.objectStore(store));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB request failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The server would not give the member's key (offline, signed out, another member signed in). */
export class DeviceLocked extends Error {
  constructor() {
    super('Drafts on this device open once you are signed in');
    this.name = 'DeviceLocked';
  }
}

/**
 * A row of the `keys` store: the user's key wrapped under the server's secret (decision 0034), or,
 * written before it, the key itself as a non-extractable CryptoKey (decision 0019), whose records
 * are sealed again under a wrapped key the first time the member opens them signed in.
 */
interface KeyRow {
  userId: string;
  wrapped?: ArrayBuffer;
  iv?: Uint8Array<ArrayBuffer>;
  key?: CryptoKey;
}

/** Unwrapped keys: in this tab's memory only, until the logout (issue 30, F6). */
const unlocked = new Map<string, CryptoKey>();

const wrapParams = (userId: string, iv: Uint8Array<ArrayBuffer>): AesGcmParams => ({
  name: 'AES-GCM',
  iv,
  additionalData: new TextEncoder().encode(`portal-device:v2:key:${userId}`),
});

/** The member's wrapping secret from the server, as a key that can only wrap and unwrap. */
async function wrappingKeyOf(userId: string): Promise<CryptoKey> {
  const answer = await api('GET', apiPath('/api/device-key'), { schema: deviceKeyResponse }).catch(() => undefined);
  if (answer?.userId !== userId) throw new DeviceLocked();
  const bytes = Uint8Array.from(atob(answer.key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['wrapKey', 'unwrapKey']);
}

const unwrap = (row: KeyRow, wrapping: CryptoKey) =>
  crypto.subtle.unwrapKey('raw', row.wrapped!, wrapping, wrapParams(row.userId, row.iv!), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);

/**
 * The user's key: from memory, or unwrapped with the server's secret; made on first use (when
 * `create`). Throws DeviceLocked when the server does not give the secret: nothing is deleted
 * then. A key wrapped under a secret the server has replaced since never opens again: it goes,
 * and the records sealed under it are discarded (and counted) as they are read.
 */
async function keyOf(userId: string, create: boolean): Promise<CryptoKey | undefined> {
  const held = unlocked.get(userId);
  if (held) return held;
  const row = await run<KeyRow | undefined>('keys', 'readonly', (s) => s.get(userId));
  if (!row && !create) return undefined;
  const wrapping = await wrappingKeyOf(userId);
  if (row?.wrapped) {
    const key = await unwrap(row, wrapping).catch(() => undefined);
    if (key) {
      unlocked.set(userId, key);
      return key;
    }
    await run('keys', 'readwrite', (s) => s.delete(userId));
    if (!create) return undefined;
  }
  // Made extractable only to be wrapped; the key used is the unwrapped, non-extractable copy.
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const fresh: KeyRow = {
    userId,
    iv,
    wrapped: await crypto.subtle.wrapKey('raw', made, wrapping, wrapParams(userId, iv)),
  };
  const key = await unwrap(fresh, wrapping);
  if (row?.key) {
    await resealLegacy(userId, row.key, key);
    await run('keys', 'readwrite', (s) => s.put(fresh));
  } else {
    try {
      await run('keys', 'readwrite', (s) => s.add(fresh));
    } catch {
      // Another tab made one at the same moment: the first one written is the key.
      return keyOf(userId, false);
    }
  }
  unlocked.set(userId, key);
  return key;
}

/**
 * Opens (or makes) the member's key while the server can be reached, so that a tab opened online
 * keeps drafts and queues reports once the connection drops. Throws DeviceLocked.
 */
export async function unlockDevice(userId: string): Promise<void> {
  if (deviceStoreAvailable()) await keyOf(userId, true);
}

/**
 * Decision 0034: drafts and outbox reports sealed under a key of decision 0019 (stored as it is)
 * are sealed again, chunk by chunk with the same associated data, under the wrapped key. Those
 * that do not open stay as they are, to be discarded and counted when read.
 */
async function resealLegacy(userId: string, legacy: CryptoKey, key: CryptoKey): Promise<void> {
  for (const store of ['drafts', 'outbox'] as const) {
    const rows = await run<SealedRecord[]>(store, 'readonly', (s) => s.index('userId').getAll(userId));
    for (const row of rows) {
      try {
        const again = async (chunk: SealedChunk, part: string) => {
          const aad = associated(userId, store, row.id, part);
          return seal(key, await open(legacy, chunk, aad), aad);
        };
        const value = await again(row.value, 'value');
        const files: NonNullable<SealedRecord['files']> = [];
        for (const [f, file] of (row.files ?? []).entries()) {
          const chunks = [];
          for (const [c, chunk] of file.chunks.entries()) chunks.push(await again(chunk, `file:${f}:${c}`));
          files.push({ ...file, chunks });
        }
        await run(store, 'readwrite', (s) => s.put({ ...row, value, ...(row.files ? { files } : {}) }));
      } catch {
        // Left as it was: it will be discarded and counted when read.
      }
    }
  }
}

/**
 * Decision 0020's identity (a name and an e-mail, so that the report screen opens offline after a
 * restart) keeps a key of its own on the device, as before: it must open without the server.
 */
async function identityKeyOf(userId: string, create: boolean): Promise<CryptoKey | undefined> {
  const slot = `identity:${userId}`;
  const found = await run<KeyRow | undefined>('keys', 'readonly', (s) => s.get(slot));
  if (found?.key || !create) return found?.key;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  try {
    await run('keys', 'readwrite', (s) => s.add({ userId: slot, key }));
    return key;
  } catch {
    return (await run<KeyRow | undefined>('keys', 'readonly', (s) => s.get(slot)))?.key;
  }
}

const associated = (userId: string, store: StoreName, id: string, part: string) =>
  new TextEncoder().encode(`portal-device:v1:${userId}:${store}:${id}:${part}`) as Uint8Array<ArrayBuffer>;

async function seal(key: CryptoKey, bytes: BufferSource, aad: Uint8Array<ArrayBuffer>): Promise<SealedChunk> {
  // NIST SP 800-38D §8.2.2: a random 96-bit nonce per message under one key.
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, bytes);
  return { iv, data };
}

const open = (key: CryptoKey, chunk: SealedChunk, aad: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.decrypt({ name: 'AES-GCM', iv: chunk.iv, additionalData: aad }, key, chunk.data);

export interface StoredFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface DeviceRecord<T> {
  id: string;
  updatedAt: number;
  value: T;
  files: StoredFile[];
}

/**
 * After a logout no draft of that member may be written again, not even by the report page saving
 * what was typed last as it unmounts: `wipeDrafts` closes the gate first, and the report page
 * opens it for the member signed in when it mounts.
 */
const draftsClosed = new Set<string>();
export const openDrafts = (userId: string) => draftsClosed.delete(userId);

/** Seals and stores `value` (and files) under `id` for the user, replacing an earlier version. */
export async function putRecord(
  store: 'drafts' | 'outbox',
  userId: string,
  id: string,
  value: unknown,
  files: File[] = [],
): Promise<void> {
  if (store === 'drafts' && draftsClosed.has(userId)) return;
  const key = (await keyOf(userId, true))!;
  const sealedFiles = [];
  for (const [f, file] of files.entries()) {
    const chunks: SealedChunk[] = [];
    for (let c = 0; c < Math.max(1, Math.ceil(file.size / CHUNK_BYTES)); c++) {
      const bytes = await file.slice(c * CHUNK_BYTES, (c + 1) * CHUNK_BYTES).arrayBuffer();
      chunks.push(await seal(key, bytes, associated(userId, store, id, `file:${f}:${c}`)));
    }
    sealedFiles.push({ name: file.name, type: file.type, chunks });
  }
  const record: SealedRecord = {
    id,
    userId,
    updatedAt: Date.now(),
    value: await seal(key, new TextEncoder().encode(JSON.stringify(value)), associated(userId, store, id, 'value')),
    ...(sealedFiles.length ? { files: sealedFiles } : {}),
  };
  if (store === 'drafts' && draftsClosed.has(userId)) return;
  await run(store, 'readwrite', (s) => s.put(record));
}

export interface ReadResult<T> {
  records: DeviceRecord<T>[];
  /** Records that did not open (corrupt, or sealed under a key that is gone): they were deleted. */
  discarded: number;
}

/**
 * The user's records that open, newest first. Those that do not are deleted and counted. Throws
 * DeviceLocked, deleting nothing, when the server does not give the member's key. `files: false`
 * opens only the values (a list of the outbox need not decrypt its videos).
 */
export async function readRecords<T>(
  store: 'drafts' | 'outbox',
  userId: string,
  { files: withFiles = true }: { files?: boolean } = {},
): Promise<ReadResult<T>> {
  // The key first: opening it may seal the records again (records of decision 0019), read after.
  const key = (await countRecords(store, userId)) ? await keyOf(userId, false) : undefined;
  const rows = await run<SealedRecord[]>(store, 'readonly', (s) => s.index('userId').getAll(userId));
  const records: DeviceRecord<T>[] = [];
  let discarded = 0;
  for (const row of rows) {
    try {
      if (!key || row.userId !== userId) throw new Error('no key');
      const plain = await open(key, row.value, associated(userId, store, row.id, 'value'));
      const value = JSON.parse(new TextDecoder().decode(plain)) as T;
      const files: StoredFile[] = [];
      for (const [f, file] of (withFiles ? (row.files ?? []) : []).entries()) {
        const parts: ArrayBuffer[] = [];
        for (const [c, chunk] of file.chunks.entries()) {
          parts.push(await open(key, chunk, associated(userId, store, row.id, `file:${f}:${c}`)));
        }
        files.push({ name: file.name, type: file.type, blob: new Blob(parts, { type: file.type }) });
      }
      records.push({ id: row.id, updatedAt: row.updatedAt, value, files });
    } catch {
      discarded++;
      await run(store, 'readwrite', (s) => s.delete(row.id));
    }
  }
  records.sort((a, b) => b.updatedAt - a.updatedAt);
  return { records, discarded };
}

/** How many records the user has in a store, without opening them. */
export const countRecords = (store: 'drafts' | 'outbox', userId: string) =>
  run<number>(store, 'readonly', (s) => s.index('userId').count(userId));

/** Deletes one record, if it is the user's. */
export async function deleteRecord(store: 'drafts' | 'outbox', userId: string, id: string): Promise<void> {
  const row = await run<SealedRecord | undefined>(store, 'readonly', (s) => s.get(id));
  if (row?.userId === userId) await run(store, 'readwrite', (s) => s.delete(id));
}

/**
 * At logout: the user's drafts go, and the URLs of their unfinished uploads (decision 0021: a
 * report still in the outbox sends its files again, stored once by its key). Reports in the
 * outbox were already submitted by the member and stay (sealed) until they are sent after the
 * next sign-in; the key goes once nothing needs it.
 */
export async function wipeDrafts(userId: string): Promise<void> {
  draftsClosed.add(userId);
  // Issue 30 (F6): from now on the member's records open only with the server's secret again.
  unlocked.delete(userId);
  forgetUploadsOf(userId);
  if (!deviceStoreAvailable()) return;
  await forgetIdentity();
  const ids = await run<IDBValidKey[]>('drafts', 'readonly', (s) => s.index('userId').getAllKeys(userId));
  for (const id of ids) await run('drafts', 'readwrite', (s) => s.delete(id));
  await run('keys', 'readwrite', (s) => s.delete(`identity:${userId}`));
  if ((await countRecords('outbox', userId)) === 0) await run('keys', 'readwrite', (s) => s.delete(userId));
}

/**
 * Decision 0020: who was signed in last on this device, so that the report screen opens with no
 * network (the session check cannot answer offline). One record, sealed like a draft under that
 * member's key; it holds what the caller passes (the auth store keeps a minimal identity, never a
 * profile's personal fields).
 */
const IDENTITY_ID = 'last';

export async function rememberIdentity(userId: string, value: unknown): Promise<void> {
  if (!deviceStoreAvailable()) return;
  const key = (await identityKeyOf(userId, true))!;
  const sealed = await seal(
    key,
    new TextEncoder().encode(JSON.stringify(value)),
    associated(userId, 'identity', IDENTITY_ID, 'value'),
  );
  await run('identity', 'readwrite', (s) => s.put({ id: IDENTITY_ID, userId, updatedAt: Date.now(), value: sealed }));
}

/** The identity last remembered, if it still opens; one that does not is deleted. */
export async function recallIdentity<T>(): Promise<{ userId: string; value: T } | undefined> {
  if (!deviceStoreAvailable()) return undefined;
  const row = await run<Omit<SealedRecord, 'files'> | undefined>('identity', 'readonly', (s) => s.get(IDENTITY_ID));
  if (!row) return undefined;
  try {
    const key = await identityKeyOf(row.userId, false);
    if (!key) throw new Error('no key');
    const plain = await open(key, row.value, associated(row.userId, 'identity', IDENTITY_ID, 'value'));
    return { userId: row.userId, value: JSON.parse(new TextDecoder().decode(plain)) as T };
  } catch {
    await forgetIdentity();
    return undefined;
  }
}

/** At logout, or when the server says the session is gone. */
export async function forgetIdentity(): Promise<void> {
  if (!deviceStoreAvailable()) return;
  await run('identity', 'readwrite', (s) => s.delete(IDENTITY_ID));
}
