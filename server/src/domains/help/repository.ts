import type { HelpLists } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { helpContent } from '../../db/schema';
import { bumpVersion } from '../../db/columns';

/** The help page is one row (schema: id 1). */
export const HELP_ROW_ID = 1;

/** The help row, when it was ever stored. */
export async function findHelpRow(db: Tx) {
  const [row] = await db.select().from(helpContent).where(eq(helpContent.id, HELP_ROW_ID));
  return row;
}

/**
 * Locks the help row for a read-modify-write, creating it with the starting content when it is
 * missing, so concurrent edits queue instead of losing one another.
 */
export async function lockHelpRow(tx: Tx, starting: HelpLists) {
  await tx
    .insert(helpContent)
    .values({ id: HELP_ROW_ID, ...starting })
    .onConflictDoNothing();
  const [row] = await tx.select().from(helpContent).where(eq(helpContent.id, HELP_ROW_ID)).for('update');
  return row!;
}

/** Stores the given lists and raises the row's version by one. */
export async function updateHelpRow(tx: Tx, lists: Partial<HelpLists>, now: Date) {
  const [row] = await tx
    .update(helpContent)
    .set({ ...lists, updatedAt: now, version: bumpVersion(helpContent.version) })
    .where(eq(helpContent.id, HELP_ROW_ID))
    .returning();
  return row!;
}
