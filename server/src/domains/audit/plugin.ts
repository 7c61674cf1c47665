import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { type AuditEntry, insertAuditRow } from './repository';

export type { AuditEntry } from './repository';

/**
 * The audit log is append-only: the application only ever inserts into it. A background job
 * (the trash's purge) audits with no request: no actor, no request id.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('audit', async (tx: Tx, req: FastifyRequest | null, entry: AuditEntry) => {
      await insertAuditRow(tx, {
        actorId: req?.auth?.user.id ?? null,
        actorEmail: req?.auth?.user.email ?? null,
        requestId: req?.id ?? null,
        entry,
        now: app.clock.now(),
      });
    });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    audit(tx: Tx, req: FastifyRequest | null, entry: AuditEntry): Promise<void>;
  }
}
