import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { type CertificateRow, claimUnclaimed, moveHeldTo, verifiedHolders } from './repository';

/**
 * Issue 11: certificates belong to people, not to e-mail strings. What the accounts and users
 * domains need of the registry lives here, so that no domain imports another:
 * - an account claims the certificates on record under its e-mail once it proves the address
 *   (verification, or a reset link), and holds them by id from then on;
 * - an e-mail change carries every held certificate along;
 * - a claimed certificate is never claimed again, even once its address is free.
 * Each of these re-signs the credentials whose statements changed, and is an edit of the
 * certificate: its version goes up (issue 16), so an admin's dialog opened before it cannot undo it.
 */
export default fp(
  async (app: FastifyInstance) => {
    // Decision 0037: a new copy where what a copy states changed (a name filled in, an e-mail).
    const resign = async (tx: Tx, rows: CertificateRow[], options?: { quiet: boolean }) => {
      for (const row of rows) await app.credentials.settle(tx, row, options);
    };

    app.decorate('registry', {
      async holderFor(tx: Tx, email: string) {
        return (await verifiedHolders(tx, [email])).get(email);
      },

      // Issue 30, F9: live accounts only, as holderFor; an account in the trash holds nothing new.
      holdersFor: verifiedHolders,

      async claimFor(tx: Tx, user: { id: string; email: string; name: string }) {
        const claimed = await claimUnclaimed(tx, user, app.clock.now());
        // A claim gives the holder their first copy: nothing they downloaded stopped verifying.
        await resign(tx, claimed, { quiet: true });
        return claimed.length;
      },

      async followEmail(tx: Tx, userId: string, email: string) {
        const moved = await moveHeldTo(tx, userId, email);
        await resign(tx, moved);
        return moved.length;
      },
    });
  },
  { name: 'registry', dependencies: ['db', 'credentials'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    registry: {
      /** The verified account with this e-mail, which a certificate issued to it goes to at once. */
      holderFor(tx: Tx, email: string): Promise<{ id: string; name: string } | undefined>;
      /** holderFor of many e-mails at once (issue 16: an import), by e-mail. */
      holdersFor(tx: Tx, emails: string[]): Promise<Map<string, { id: string; name: string }>>;
      /** Claims the unclaimed certificates filed under the user's (proven) e-mail; how many. */
      claimFor(tx: Tx, user: { id: string; email: string; name: string }): Promise<number>;
      /** Files every certificate the user holds under their new e-mail; how many. */
      followEmail(tx: Tx, userId: string, email: string): Promise<number>;
    };
  }
}
