import {
  type BulkSelection,
  type CertificateFilters,
  MAX_BULK_SELECTION,
  TRASH_MESSAGES,
  TRASH_RETENTION_DAYS,
  TRASH_TYPES,
  type TrashListQuery,
  type TrashType,
} from '@portal/contract';
import { eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { requireStepUp } from '../../plugins/auth';
import * as repository from './repository';
import type { Described, Row, TrashTable } from './repository';

export type { Described } from './repository';

/** The trash's purge on the queue (decision 0009): nightly, after the other purges. */
export const TRASH_PURGE_JOB = 'trash-purge';

/**
 * What the trash needs to know of one kind of record. Each domain declares its own (the rules of
 * users stay in the users domain), so that the trash holds no domain's logic.
 */
export interface TrashKind<R extends Row = Row> {
  table: TrashTable;
  /** The message of a 404 for a record that is not there (or already in the trash). */
  notFound: string;
  /** What the trash screen (and the audit log, issue 35) shows of a record, in a few words. */
  label: SQL<string>;
  /**
   * What the record's admin list is searched by to find it (a number, an e-mail, a title), for a
   * link from the audit log; absent where that would put client data in an address (reports).
   */
  find?: SQL<string>;
  /**
   * The list's own search, for a bulk action on "all N matching"; and its filters, where the list
   * has them (the certificates', issue 35).
   */
  search?(q: string, filters: CertificateFilters | undefined, now: Date): SQL | undefined;
  /** The file URLs the record names: kept while it is in the trash, released when it is purged. */
  files(row: R): string[];
  /**
   * The file URLs records that go with it name (a certificate's activities' evidence, issue 33):
   * read in the purge's transaction before the rows `where` picks are deleted, released with them.
   */
  dependentFiles?(tx: Tx, where: SQL): Promise<string[]>;
  /** What the audit row keeps of the record (no secret, no client data). */
  snapshot(row: R): Record<string, unknown>;
  /** Before any row is locked: refuses what may not go (it locks what its rule reads first). */
  guard?(tx: Tx, req: FastifyRequest, ids: string[]): Promise<void>;
  /** In the same transaction, after the row went to the trash. */
  trashed?(tx: Tx, row: R): Promise<void>;
  /** Why the record cannot come back now (its e-mail or number was taken since), if it cannot. */
  conflict?(tx: Tx, row: R): Promise<string | undefined>;
  /** In the same transaction, after the row came back. */
  restored?(tx: Tx, row: R): Promise<void>;
}

const actionOf = (type: TrashType, verb: 'delete' | 'restore' | 'purge') => `${type}.${verb}`;

/**
 * Issue 16 (decision 0017): the trash. A delete sets `deleted_at`; a restore clears it; the
 * nightly purge (and "Delete forever") deletes the row, then releases its files by the one
 * reference rule (decision 0007), so no bytes another record names are ever deleted.
 */
export default fp(
  async (app: FastifyInstance) => {
    const kinds = new Map<TrashType, TrashKind>();
    const kindOf = (type: TrashType) => {
      const kind = kinds.get(type);
      if (!kind) throw new Error(`No trash kind ${type}`);
      return kind;
    };

    /** The ids a selection names (all of them, live), at most MAX_BULK_SELECTION. */
    async function selectIds(tx: Tx, kind: TrashKind, selection: BulkSelection) {
      if ('ids' in selection) return selection.ids;
      const search =
        selection.q || selection.filters ? kind.search?.(selection.q, selection.filters, app.clock.now()) : undefined;
      const rows = await repository.liveIds(tx, kind.table, search, MAX_BULK_SELECTION + 1);
      if (rows.length > MAX_BULK_SELECTION) {
        throw badRequest(`At most ${MAX_BULK_SELECTION} rows can be changed at once: narrow the search.`);
      }
      return rows;
    }

    async function move(tx: Tx, req: FastifyRequest, type: TrashType, selection: BulkSelection) {
      const kind = kindOf(type);
      const ids = await selectIds(tx, kind, selection);
      if (!ids.length) return [];
      await kind.guard?.(tx, req, ids);
      // Issue 30 (F10): every delete, one record or many, comes here, and needs a step-up here
      // (after the refusals that no step-up would lift: oneself, the last admin).
      requireStepUp(req);
      // Locked in one order (by id), so that two bulk actions wait for each other, never deadlock.
      const rows = await repository.lockLive(tx, kind.table, ids);
      if (rows.length !== ids.length) throw notFound(kind.notFound);
      await repository.markTrashed(tx, kind.table, ids, app.clock.now(), req.auth?.user.id ?? null);
      const bulk = 'q' in selection || ids.length > 1;
      for (const row of rows) {
        await kind.trashed?.(tx, row);
        await app.audit(tx, req, {
          action: actionOf(type, 'delete'),
          targetType: type,
          targetId: row.id,
          details: { before: kind.snapshot(row), trash: true, ...(bulk ? { bulk: true } : {}) },
        });
      }
      return rows;
    }

    /**
     * Brings records of one type back, all or none, in one transaction: locked in id order (as
     * `move` locks), 404 when one is not in the trash, 409 with the reason when one cannot come
     * back. Each is checked just before it is restored, so two trashed certificates with one
     * number cannot both come back. Each restore is audited.
     */
    async function restore(req: FastifyRequest, type: TrashType, ids: string[]) {
      const kind = kindOf(type);
      const unique = [...new Set(ids)];
      return app.db
        .transaction(async (tx) => {
          const rows = await repository.lockTrashed(tx, kind.table, unique);
          if (rows.length !== unique.length) throw notFound(TRASH_MESSAGES.notInTrash);
          // Issue 30 (F10): an administrator back from the trash is admin rights given: a step-up.
          if (type === 'user' && rows.some((row) => row.isAdmin === true)) requireStepUp(req);
          const bulk = rows.length > 1;
          for (const row of rows) {
            const reason = await kind.conflict?.(tx, row);
            if (reason) throw conflict(reason);
            await repository.markRestored(tx, kind.table, row.id);
            await kind.restored?.(tx, row);
            await app.audit(tx, req, {
              action: actionOf(type, 'restore'),
              targetType: type,
              targetId: row.id,
              details: { deletedAt: row.deletedAt?.toISOString() ?? null, ...(bulk ? { bulk: true } : {}) },
            });
          }
          return rows;
        })
        .catch((err: unknown) => {
          // Taken by a concurrent write after the check: the same answer as the check's.
          if (isUniqueViolation(err)) throw conflict(conflictMessage(type));
          throw err;
        });
    }

    /** Deletes trashed rows for good (those `where` picks), audits each, then releases their files. */
    async function purge(req: FastifyRequest | null, type: TrashType, where: SQL) {
      const kind = kindOf(type);
      const { gone, dependent } = await app.db.transaction(async (tx) => {
        const dependent = (await kind.dependentFiles?.(tx, where)) ?? [];
        const rows = await repository.deleteTrashed(tx, kind.table, where);
        for (const row of rows) {
          await app.audit(tx, req, {
            action: actionOf(type, 'purge'),
            targetType: type,
            targetId: row.id,
            details: {
              before: kind.snapshot(row),
              deletedAt: row.deletedAt?.toISOString() ?? null,
              ...(req ? {} : { reason: `${TRASH_RETENTION_DAYS} days in the trash` }),
            },
          });
        }
        return { gone: rows, dependent };
      });
      // After the commit: the reference rule keeps any file another record still names.
      await app.files.release([...gone.flatMap((row) => kind.files(row)), ...dependent]);
      return gone.length;
    }

    /** The nightly run: everything trashed more than TRASH_RETENTION_DAYS ago. */
    async function purgeExpired() {
      const cutoff = addMinutes(app.clock.now(), -TRASH_RETENTION_DAYS * 24 * 60);
      const purged: Partial<Record<TrashType, number>> = {};
      for (const [type, kind] of kinds) purged[type] = await purge(null, type, lt(kind.table.deletedAt, cutoff));
      app.log.info(purged, 'trash purge finished');
      return purged;
    }

    /** One page of the trash, newest first, and its total (the trash is small: counted in the scan). */
    async function list(query: TrashListQuery & { offset: number; limit: number }) {
      const types = query.type ? [query.type] : TRASH_TYPES.filter((t) => kinds.has(t));
      return repository.trashPage(
        app.db,
        types.map((type) => ({ type, ...kindOf(type) })),
        query,
      );
    }

    /**
     * Issue 35: what the audit log shows for its targets, in one query: each record's label, the
     * search that finds it on its list, and whether it is in the trash. Purged records and kinds
     * without a trash are absent.
     */
    async function describe(targets: { type: string; id: string }[]) {
      const idsByType = new Map<TrashType, Set<string>>();
      for (const { type, id } of targets) {
        if (!kinds.has(type as TrashType) || !recordId.safeParse(id).success) continue;
        idsByType.set(type as TrashType, (idsByType.get(type as TrashType) ?? new Set()).add(id));
      }
      return repository.describeTargets(
        app.db,
        [...idsByType].map(([type, ids]) => ({ type, ids: [...ids], ...kindOf(type) })),
      );
    }

    app.decorate('trash', {
      define(type: TrashType, kind: TrashKind) {
        if (kinds.has(type)) throw new Error(`Trash kind ${type} is defined twice`);
        kinds.set(type, kind as unknown as TrashKind);
      },
      move,
      restore,
      // Issue 30 (F10): deleting for good needs a step-up, as moving to the trash does.
      purgeOne: (req: FastifyRequest, type: TrashType, id: string) => {
        requireStepUp(req);
        return purge(req, type, eq(kindOf(type).table.id, id));
      },
      purgeExpired,
      list,
      describe,
    });
    app.queue.define(TRASH_PURGE_JOB, { cron: '37 3 * * *', run: purgeExpired });
  },
  { name: 'trash', dependencies: ['db', 'queue', 'audit', 'files'] },
);

/** A record id (an audit row's target id is free text). */
const recordId = z.uuid();

/** The live unique keys (decision 0017): a user's e-mail, a certificate's number. */
const conflictMessage = (type: TrashType) => (type === 'user' ? TRASH_MESSAGES.emailTaken : TRASH_MESSAGES.numberTaken);

declare module 'fastify' {
  interface FastifyInstance {
    trash: {
      /** Declares how a domain's records go to the trash; call while the app registers. */
      define<R extends Row>(type: TrashType, kind: TrashKind<R>): void;
      /**
       * Moves the selected live records to the trash in the caller's transaction, each audited;
       * 404 when one named by id is not there, 400 past MAX_BULK_SELECTION. Answers the rows.
       */
      move(tx: Tx, req: FastifyRequest, type: TrashType, selection: BulkSelection): Promise<Row[]>;
      /**
       * Brings records of one type back, all or none, in one transaction, each audited (404 when
       * one is not in the trash, 409 with the reason when one cannot come back).
       */
      restore(req: FastifyRequest, type: TrashType, ids: string[]): Promise<Row[]>;
      /** "Delete forever": the record and then, by the reference rule, its files; how many (0 or 1). */
      purgeOne(req: FastifyRequest, type: TrashType, id: string): Promise<number>;
      /** Deletes for good what has been in the trash for TRASH_RETENTION_DAYS; how many of each type. */
      purgeExpired(): Promise<Partial<Record<TrashType, number>>>;
      list(query: TrashListQuery & { offset: number; limit: number }): Promise<{
        rows: { type: TrashType; id: string; label: string; deletedAt: Date; deletedBy: string | null }[];
        total: number;
      }>;
      /** Each target's label, list search and trash state, keyed `type:id` (one query). */
      describe(targets: { type: string; id: string }[]): Promise<Map<string, Described>>;
    };
  }
}
