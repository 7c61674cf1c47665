import { and, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { certificates, reports, uploads, users } from '../db/schema';
import { HttpError } from '../lib/errors';

export type UploadKind = (typeof uploads.$inferSelect)['kind'];

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

/** Of these file URLs, those that a profile, a report or a certificate names. */
async function namedFiles(tx: Tx, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await union(
    tx.select({ url: users.picture }).from(users).where(inArray(users.picture, urls)),
    tx.select({ url: reports.imageUrl }).from(reports).where(inArray(reports.imageUrl, urls)),
    tx.select({ url: reports.videoUrl }).from(reports).where(inArray(reports.videoUrl, urls)),
    tx.select({ url: certificates.downloadLink }).from(certificates).where(inArray(certificates.downloadLink, urls)),
  );
  return new Set(rows.map((r) => r.url));
}

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
        const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
        if (!row || !opts.kinds.includes(row.kind) || (opts.ownerId !== undefined && row.ownerId !== opts.ownerId)) {
          throw new HttpError(400, NOT_OUR_FILE);
        }
        await tx.update(uploads).set({ attachedAt: app.clock.now() }).where(eq(uploads.id, id));
      }
    }

    /** Of these URLs, those that name an upload of one of `kinds`. */
    async function known(tx: Tx, urls: string[], kinds: UploadKind[]): Promise<Set<string>> {
      const ids = [...new Set(urls.map(uploadIdOf).filter((id): id is string => !!id))];
      if (!ids.length) return new Set();
      const rows = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), inArray(uploads.kind, kinds)));
      return new Set(rows.map((r) => fileUrl(r.id)));
    }

    /** Deletes stored bytes that no row refers to (a crash between deleting a row and its bytes). */
    async function removeOrphanBytes() {
      let removed = 0;
      let batch: string[] = [];
      const flush = async () => {
        const known = new Set(
          (
            await app.db.select({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.storageKey, batch))
          ).map((r) => r.key),
        );
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

    async function removeRows(where: SQL | undefined) {
      const gone = await app.db.delete(uploads).where(where).returning({ storageKey: uploads.storageKey });
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
          const locked = await tx
            .select({ id: uploads.id })
            .from(uploads)
            .where(inArray(uploads.id, ids))
            .for('update');
          const named = await namedFiles(
            tx,
            locked.map((r) => fileUrl(r.id)),
          );
          const free = locked.filter((r) => !named.has(fileUrl(r.id))).map((r) => r.id);
          if (!free.length) return [];
          return tx.delete(uploads).where(inArray(uploads.id, free)).returning({ storageKey: uploads.storageKey });
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
        // The condition is repeated in the delete, so a file attached meanwhile is kept.
        const removed = await removeRows(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)));
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
