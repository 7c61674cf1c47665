import { desc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { outbox } from '../../db/schema';

/** The newest mails of the outbox, for the development mailbox (/dev/mail). */
export async function latestOutboxMails(db: Tx, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
