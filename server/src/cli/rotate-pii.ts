import type { Db, Tx } from '../db/client';
import { lockDeviceKeySecretsAfter, resealDeviceKeySecret, writeDeviceKeySecret } from '../domains/device-key';
import { lockTotpSecretsAfter, resealTotpSecrets, writeTotpSecrets } from '../domains/mfa';
import { lockReportsAfter, resealRow, writeResealed } from '../domains/reports';
import { type Pii, PiiError } from '../lib/pii';

export interface RotationProgress {
  /** Rows moved to the current key. */
  rotated: number;
  /** Rows already on it. */
  skipped: number;
  /** Rows whose values do not open with any key given: left as they are. */
  failed: string[];
  batches: number;
}

export interface RotationOptions {
  batchSize?: number;
  /** Called after each committed batch (progress output; tests inject a failure here). */
  afterBatch?: (progress: RotationProgress) => void | Promise<void>;
}

const BEFORE_ANY_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The walk both rotations share: rows in id order, one batch per transaction with its rows
 * locked, each re-sealed by `reseal` (nothing: already on the current key; a PiiError: opens
 * with no key given, left as it is and reported) and written back by `write`.
 */
async function rotateRows<TRow extends { id: string }, TValues>(
  db: Db,
  { batchSize = 200, afterBatch }: RotationOptions,
  batch: (tx: Tx, after: string, limit: number) => Promise<TRow[]>,
  reseal: (row: TRow) => TValues | null | undefined,
  write: (tx: Tx, id: string, values: TValues) => Promise<unknown>,
) {
  const progress: RotationProgress = { rotated: 0, skipped: 0, failed: [], batches: 0 };
  let after = BEFORE_ANY_UUID;
  for (;;) {
    const lastId = await db.transaction(async (tx) => {
      const rows = await batch(tx, after, batchSize);
      for (const row of rows) {
        let values;
        try {
          values = reseal(row);
        } catch (err) {
          if (!(err instanceof PiiError)) throw err;
          progress.failed.push(row.id);
          continue;
        }
        if (!values) {
          progress.skipped++;
          continue;
        }
        await write(tx, row.id, values);
        progress.rotated++;
      }
      return rows.at(-1)?.id;
    });
    if (!lastId) return progress;
    after = lastId;
    progress.batches++;
    await afterBatch?.(progress);
  }
}

/**
 * Re-seals every report's encrypted columns with the current key (issue 12). Rows are walked in
 * id order, one batch per transaction with the rows locked, so a run killed halfway leaves every
 * committed batch on the new key and the rest readable with the old one; running again skips
 * what is done (a key-id check, no decryption) and finishes. Rows filed meanwhile by a server
 * that already has the new key are sealed with it anyway.
 */
export const rotatePii = (db: Db, pii: Pii, options: RotationOptions = {}) =>
  rotateRows(db, options, lockReportsAfter, (row) => resealRow(pii, row), writeResealed);

/**
 * Issue 19: re-seals the TOTP secrets (users.totpSecret and totpPendingSecret, sealed under
 * PII_KEY bound to the row and the column) with the current key, as rotatePii does reports: in
 * id order, one locked batch per transaction, resumable, a secret that opens with no key left as
 * it is and reported.
 */
export const rotateTotpSecrets = (db: Db, pii: Pii, options: RotationOptions = {}) =>
  rotateRows(db, options, lockTotpSecretsAfter, (row) => resealTotpSecrets(pii, row), writeTotpSecrets);

/**
 * Issue 30 (F6, decision 0034): re-seals the device key secrets (users.deviceKeySecret) as
 * rotateTotpSecrets does the TOTP secrets. Left behind, they would not open once the old key is
 * removed, and the drafts and outbox on every member's devices with them.
 */
export const rotateDeviceKeySecrets = (db: Db, pii: Pii, options: RotationOptions = {}) =>
  rotateRows(db, options, lockDeviceKeySecretsAfter, (row) => resealDeviceKeySecret(pii, row), writeDeviceKeySecret);
