import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { credentialCopies, statusLists } from '../src/db/schema';

/**
 * Whether a certificate's credential copy (its current one, or copy `number`) is revoked in the
 * stored revocation list (decision 0037); false when the list was never written.
 */
export async function revokedBit(db: Db, certificateId: string, number?: number): Promise<boolean> {
  const [copy] = await db
    .select({ list: credentialCopies.statusList, position: credentialCopies.statusPosition })
    .from(credentialCopies)
    .where(
      and(
        eq(credentialCopies.certificateId, certificateId),
        number === undefined ? undefined : eq(credentialCopies.number, number),
      ),
    )
    .orderBy(desc(credentialCopies.number))
    .limit(1);
  if (!copy) throw new Error(`certificate ${certificateId} has no credential copy${number ? ` ${number}` : ''}`);
  // PostgreSQL numbers a byte's bits from the least significant; the W3C list from the most.
  const pgBit = (copy.position & ~7) | (7 - (copy.position & 7));
  const [bit] = await db
    .select({ set: sql<number>`get_bit(${statusLists.bits}, ${pgBit})` })
    .from(statusLists)
    .where(and(eq(statusLists.list, copy.list), eq(statusLists.purpose, 'revocation')));
  return Number(bit?.set ?? 0) === 1;
}
