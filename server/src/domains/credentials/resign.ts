import type { FastifyInstance } from 'fastify';
import { stands } from './credential';
import { dropListSignature, lockCertificatesSignedBy, statusListsSignedBy } from './repository';

export interface ResignProgress {
  /** Certificates given a new copy that stands (their holders are told, in the inbox and by mail). */
  reissued: number;
  /** Certificates given a new copy revoked at once: suspended or revoked ones, whose copy stood no more. */
  reissuedRevoked: number;
  /** Status lists signed again with the current key. */
  statusLists: number;
  batches: number;
}

export interface ResignOptions {
  /** The compromised key's public key (multibase, `z6Mk…`). */
  key: string;
  batchSize?: number;
  /** Called after each committed batch (progress output; tests inject a failure here). */
  afterBatch?: (progress: ResignProgress) => void | Promise<void>;
}

const BEFORE_ANY_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Decision 0064 (docs/key-compromise.md): moves everything `key` signed that is still in use to
 * the app's current key (ISSUER_KEY).
 *
 * First the status lists it signed, so that the copies other keys signed pass their status check
 * again. A list's stored signature is dropped and the list signed anew from its bits, as a list
 * nobody has read yet is (`statusListCredential`).
 *
 * Then every live certificate whose current copy it signed gets the next copy through
 * `credentials.settle`, the path every change takes: signed with the current key, its old copy
 * revoked as `key-compromise`, and the holder told to download it again. A suspended or revoked
 * certificate's new copy is revoked at once, so that its page says "authentic, but revoked"
 * rather than "does not check out". Certificates in the trash are left: their copy is revoked,
 * and a restore issues a new one.
 *
 * One batch per transaction, rows locked, in id order: a run stopped halfway keeps what it
 * committed, and a run again finds only what is left (a certificate done no longer matches).
 */
export async function resignCredentials(
  app: FastifyInstance,
  { key, batchSize = 50, afterBatch }: ResignOptions,
): Promise<ResignProgress> {
  const progress: ResignProgress = { reissued: 0, reissuedRevoked: 0, statusLists: 0, batches: 0 };

  for (const { list, purpose } of await statusListsSignedBy(app.db, key)) {
    const dropped = await dropListSignature(app.db, list, purpose, key);
    await app.credentials.statusListCredential(list, purpose);
    if (dropped) progress.statusLists++;
  }

  let after = BEFORE_ANY_UUID;
  for (;;) {
    const rows = await app.db.transaction(async (tx) => {
      const batch = await lockCertificatesSignedBy(tx, key, after, batchSize);
      for (const row of batch) await app.credentials.settle(tx, row, { reissue: 'key-compromise' });
      return batch;
    });
    if (!rows.length) return progress;
    after = rows.at(-1)!.id;
    progress.reissued += rows.filter((row) => stands(row)).length;
    progress.reissuedRevoked += rows.filter((row) => !stands(row)).length;
    progress.batches++;
    await afterBatch?.(progress);
  }
}
