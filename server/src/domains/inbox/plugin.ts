import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { addInboxItem, type InboxEntry } from './repository';

/**
 * `app.inbox.add`: what a domain calls to put an item in one member's own inbox (issue 15), in
 * the transaction of the change it reports, as mail goes into the outbox.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('inbox', {
      async add(tx: Tx, entry: InboxEntry) {
        await addInboxItem(tx, entry, app.clock.now());
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
