/**
 * Issue 18 part 5, decision 0021: where each of a report's resumable uploads lives on the server,
 * kept on the device per member, per report (its Idempotency-Key) and per role, so that a reload
 * or the outbox resumes an upload (HEAD answers its offset) instead of starting it again. With the
 * URL, what the file was (name, type, size), so that another file chosen for the same
 * report and role never continues the first one's bytes. Not sealed: a URL of the member's own
 * upload is no capability (every request needs the member's session) and says nothing of it.
 */

export type UploadRole = 'image' | 'video';

export interface RememberedUpload {
  url: string;
  /** The file's signature: an upload resumes only for the same file. */
  file: string;
}

const PREFIX = 'portal-upload:';
const keyOf = (userId: string, reportKey: string, role: UploadRole) => `${PREFIX}${userId}:${reportKey}:${role}`;

/**
 * What tells one chosen file from another, without reading it. Not its date: the outbox hands
 * back a file rebuilt from the device store, dated when it was rebuilt.
 */
export const fileSignature = (file: File) => [file.name, file.type, file.size].join('/');

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (a privacy mode): uploads still work, they just do not resume after a reload.
    return null;
  }
};

export function recallUpload(userId: string, reportKey: string, role: UploadRole, file: File): string | null {
  const raw = storage()?.getItem(keyOf(userId, reportKey, role));
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Partial<RememberedUpload>;
    if (typeof entry.url === 'string' && entry.file === fileSignature(file)) return entry.url;
  } catch {
    // Not ours or damaged: forgotten below.
  }
  forgetUpload(userId, reportKey, role);
  return null;
}

export function rememberUpload(userId: string, reportKey: string, role: UploadRole, file: File, url: string): void {
  try {
    storage()?.setItem(
      keyOf(userId, reportKey, role),
      JSON.stringify({ url, file: fileSignature(file) } satisfies RememberedUpload),
    );
  } catch {
    // Full or refused: this upload will not resume after a reload, nothing worse.
  }
}

export function forgetUpload(userId: string, reportKey: string, role: UploadRole): void {
  storage()?.removeItem(keyOf(userId, reportKey, role));
}

/** At logout: every upload URL the member left on this device. */
export function forgetUploadsOf(userId: string): void {
  const store = storage();
  if (!store) return;
  const prefix = `${PREFIX}${userId}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
