import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredRows } from '../db/purge';

/** The purge job on the queue (decision 0009): nightly. */
export const PURGE_JOB = 'purge';

/**
 * Rows that have served their purpose: ended sessions, and codes, reset links and wallet offers a
 * day past their expiry (a late attempt still reads "expired", not "unknown"), delivered mails, and
 * idempotency keys past the week they are kept.
 */
export default fp(
  async (app: FastifyInstance) => {
    async function run() {
      const removed = await purgeExpiredRows(app.db, app.clock.now());
      app.log.info(removed, 'purge finished');
      return removed;
    }
    app.decorate('purge', { run });
    app.queue.define(PURGE_JOB, { cron: '17 3 * * *', run });
  },
  { name: 'purge', dependencies: ['config', 'db', 'queue'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    purge: {
      /** Deletes what has served its purpose; answers how many rows of each kind. */
      run(): Promise<{
        sessions: number;
        codes: number;
        resetLinks: number;
        walletOffers: number;
        mails: number;
        idempotencyKeys: number;
      }>;
    };
  }
}
