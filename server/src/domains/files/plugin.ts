import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { HttpError } from '../../lib/errors';
import * as repository from './repository';
import type { UploadKind } from './repository';

export type { UploadKind } from './repository';

/** An upload nothing refers to is removed after this long (issue 'Member area'). */
export const UNATTACHED_GRACE_MINUTES = 24 * 60;
/** The sweeper's job on the queue (decision 0009): hourly, and at every start. */
export const SWEEP_JOB = 'upload-sweep';

export const NOT_OUR_FILE = 'Not a file uploaded to this portal';

// Lower case only, as the upload calls answer: a record names a file by exactly one string, so
// the reference check of release() can compare strings.
const FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The URL records store for an upload (what the upload calls answer). */
export const fileUrl = (id: string) => `/api/files/${id}`;
/** The upload id in one of our file URLs, or undefined for anything else. */
export const uploadIdOf = (url: string) => FILE_URL.exec(url)?.[1];

/**
 * `app.files`: what other domains call when a record (report, certificate, profile) starts or
 * stops referring to an uploaded file, and the sweeper of files nothing refers to.
 */
export default fp(
  async (app: FastifyInstance) => {
    let running: Promise<number> | undefined;

    async function attach(tx: Tx, urls: string[], opts: { ownerId?: string; kinds: UploadKind[] }) {
      for (const url of urls) {
        if (url === '') continue;
        const id = uploadIdOf(url);
        if (!id) throw new HttpError(400, NOT_OUR_FILE);
        // Locked, as release() locks it: a file is never deleted under a record that is naming it.
        const row = await repository.lockUpload(tx, id);
        if (!row || !opts.kinds.includes(row.kind) || (opts.ownerId !== undefined && row.ownerId !== opts.ownerId)) {
          throw new HttpError(400, NOT_OUR_FILE);
        }
        await repository.markAttached(tx, id, app.clock.now());
      }
    }

    /** Of these URLs, those that name an upload of one of `kinds`. */
    async function known(tx: Tx, urls: string[], kinds: UploadKind[]): Promise<Set<string>> {
      const ids = [...new Set(urls.map(uploadIdOf).filter((id): id is string => !!id))];
      if (!ids.length) return new Set();
      return new Set((await repository.uploadsOfKinds(tx, ids, kinds)).map(fileUrl));
    }

    /** Deletes stored bytes that no row refers to (a crash between deleting a row and its bytes). */
    async function removeOrphanBytes() {
      let removed = 0;
      let batch: string[] = [];
      const flush = async () => {
        const known = await repository.knownStorageKeys(app.db, batch);
        for (const key of batch) {
          if (known.has(key)) continue;
          await app.storage.delete(key);
          removed++;
        }
        batch = [];
      };
      for await (const key of app.storage.keys()) {
        batch.push(key);
        if (batch.length === 500) await flush();
      }
      if (batch.length) await flush();
      return removed;
    }

    async function removeUnattached(createdBefore: Date) {
      const gone = await repository.deleteUnattached(app.db, createdBefore);
      for (const { storageKey } of gone) {
        try {
          await app.storage.delete(storageKey);
        } catch (err) {
          app.log.warn({ err, storageKey }, 'stored file could not be deleted');
        }
      }
      return gone.length;
    }

    /**
     * Issue 12 (M1, M2): one rule for every record. A file goes only when no profile, report or
     * certificate names it any more, whoever stopped naming it.
     */
    async function release(urls: string[]) {
      const ids = [...new Set(urls.map(uploadIdOf).filter((id): id is string => !!id))];
      if (!ids.length) return;
      try {
        const gone = await app.db.transaction(async (tx) => {
          // The lock comes first and the check after it, in its own statement: a record that
          // attached one of these files meanwhile has committed by then and is seen.
          const locked = await repository.lockUploads(tx, ids);
          const named = await repository.namedFiles(tx, locked.map(fileUrl));
          const free = locked.filter((id) => !named.has(fileUrl(id)));
          if (!free.length) return [];
          return repository.deleteUploads(tx, free);
        });
        for (const { storageKey } of gone) {
          await app.storage
            .delete(storageKey)
            .catch((err: unknown) => app.log.warn({ err, storageKey }, 'stored file could not be deleted'));
        }
      } catch (err) {
        // After the record's commit: a failure leaves a file (swept as orphan bytes at worst),
        // never a record without its file.
        app.log.error({ err, urls }, 'could not remove files no record names any more');
      }
    }

    /**
     * Removes uploads never attached within the grace period, stored bytes without a row, and
     * working files of processes that died; answers how many uploads it removed.
     */
    function sweep(): Promise<number> {
      running ??= (async () => {
        const cutoff = new Date(app.clock.now().getTime() - UNATTACHED_GRACE_MINUTES * 60_000);
        const removed = await removeUnattached(cutoff);
        const orphans = await removeOrphanBytes();
        const scratch = await app.storage.sweepScratch();
        app.log.info({ removed, orphans, scratch }, 'upload sweep finished');
        return removed;
      })().finally(() => (running = undefined));
      return running;
    }

    app.decorate('files', { attach, known, release, sweep });

    // At start too: what a crash left behind goes before the first hour is up.
    app.queue.define(SWEEP_JOB, { cron: '0 * * * *', atStart: true, run: sweep });
    app.addHook('onClose', async () => {
      await running?.catch(() => 0);
    });
  },
  { name: 'files', dependencies: ['config', 'db', 'storage', 'queue'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    files: {
      /**
       * Marks files as referred to by a record, in the record's transaction. Ignores ''. Each URL
       * must be `/api/files/{id}` of an upload of one of `kinds` (owned by `ownerId` when given),
       * otherwise 400 and nothing is attached.
       */
      attach(tx: Tx, urls: string[], opts: { ownerId?: string; kinds: UploadKind[] }): Promise<void>;
      /** Of these URLs, those that name an upload of one of `kinds` (a check before attach, issue 16). */
      known(tx: Tx, urls: string[], kinds: UploadKind[]): Promise<Set<string>>;
      /**
       * After a record stopped naming these files (changed or deleted, committed): deletes each
       * one no profile, report or certificate names any more, with its bytes. Ignores '' and
       * unknown URLs; never throws (a failure is logged and leaves the file).
       */
      release(urls: string[]): Promise<void>;
      /** Deletes uploads left unattached past the grace period; answers how many. */
      sweep(): Promise<number>;
    };
  }
}
