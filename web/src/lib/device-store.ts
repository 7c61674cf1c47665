/**
 * What the report form keeps on this device (issue 18, decision 0019): drafts, and reports waiting
 * to be sent (the outbox). Every record is sealed with AES-GCM (WebCrypto) under a key of its own
 * user, generated here as non-extractable: the key is stored in IndexedDB as a CryptoKey, usable by
 * this origin's code but never readable as bytes. The associated data of each record names its
 * user, its store and its id, so a record of user A opens under no other key, place or name: a
 * draft written under user A is never readable by user B, and a tampered record is refused.
 *
 * Nothing here throws to the form: a device without IndexedDB or WebCrypto simply keeps nothing,
 * and a record that does not open is deleted and counted, never shown half-read.
 */

import { forgetUploadsOf } from './upload-urls';

const DB_NAME = 'portal-device';
/** 1: keys, drafts, outbox (decision 0019). 2: identity (decision 0020). */
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
  typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle;

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

/** The user's key; made (non-extractable) on first use. Two tabs making one at once keep the first. */
async function keyOf(userId: string, create: boolean): Promise<CryptoKey | undefined> {
  const found = await run<{ key: CryptoKey } | undefined>('keys', 'readonly', (s) => s.get(userId));
  if (found || !create) return found?.key;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  try {
    await run('keys', 'readwrite', (s) => s.add({ userId, key }));
    return key;
  } catch {
    return (await run<{ key: CryptoKey } | undefined>('keys', 'readonly', (s) => s.get(userId)))?.key;
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

/** The user's records that open, newest first. Those that do not are deleted and counted. */
export async function readRecords<T>(store: 'drafts' | 'outbox', userId: string): Promise<ReadResult<T>> {
  const rows = await run<SealedRecord[]>(store, 'readonly', (s) => s.index('userId').getAll(userId));
  const key = rows.length ? await keyOf(userId, false) : undefined;
  const records: DeviceRecord<T>[] = [];
  let discarded = 0;
  for (const row of rows) {
    try {
      if (!key || row.userId !== userId) throw new Error('no key');
      const plain = await open(key, row.value, associated(userId, store, row.id, 'value'));
      const value = JSON.parse(new TextDecoder().decode(plain)) as T;
      const files: StoredFile[] = [];
      for (const [f, file] of (row.files ?? []).entries()) {
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
  forgetUploadsOf(userId);
  if (!deviceStoreAvailable()) return;
  await forgetIdentity();
  const ids = await run<IDBValidKey[]>('drafts', 'readonly', (s) => s.index('userId').getAllKeys(userId));
  for (const id of ids) await run('drafts', 'readwrite', (s) => s.delete(id));
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
  const key = (await keyOf(userId, true))!;
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
    const key = await keyOf(row.userId, false);
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
