import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { inboxItems } from '../db/schema';

export type InboxEntry = Pick<
  typeof inboxItems.$inferInsert,
  'userId' | 'kind' | 'title' | 'message' | 'certificateId'
>;

/**
 * `app.inbox.add`: what a domain calls to put an item in one member's own inbox (issue 15), in
 * the transaction of the change it reports, as mail goes into the outbox.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('inbox', {
      async add(tx: Tx, entry: InboxEntry) {
        await tx.insert(inboxItems).values({ ...entry, createdAt: app.clock.now() });
      },
    });
  },
  { name: 'inbox', dependencies: ['config', 'db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    inbox: { add(tx: Tx, entry: InboxEntry): Promise<void> };
  }
}
