import { DEFAULT_HELP_CONTENT, HELP_LISTS, helpContent, helpContentBody, helpIndexParams } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { helpContent as helpContentTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { toHelpContent } from '../../lib/serialize';

/** The help page is one row (schema: id 1). */
const HELP_ROW_ID = 1;
export const HELP_ENTRY_NOT_FOUND = 'No entry at that position';

/**
 * Locks the help row for a read-modify-write, creating it with the spec's placeholders
 * (spec §9) when it is missing, so concurrent edits queue instead of losing one another.
 */
async function lockHelpRow(tx: Tx) {
  await tx
    .insert(helpContentTable)
    .values({ id: HELP_ROW_ID, ...DEFAULT_HELP_CONTENT })
    .onConflictDoNothing();
  const [row] = await tx.select().from(helpContentTable).where(eq(helpContentTable.id, HELP_ROW_ID)).for('update');
  return row!;
}

/** The help page's three lists (members read, admins edit); changes are audited. */
export default async function helpRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['help'];

  app.get('/api/help-content', { schema: { tags, response: { 200: helpContent } } }, async () => {
    const [row] = await app.db.select().from(helpContentTable).where(eq(helpContentTable.id, HELP_ROW_ID));
    return row ? toHelpContent(row) : DEFAULT_HELP_CONTENT;
  });

  app.put(
    '/api/help-content',
    { schema: { tags, body: helpContentBody, response: { 200: helpContent } } },
    async (req) => {
      return app.db.transaction(async (tx) => {
        const before = await lockHelpRow(tx);
        const [after] = await tx
          .update(helpContentTable)
          .set({ ...req.body, updatedAt: app.clock.now() })
          .where(eq(helpContentTable.id, HELP_ROW_ID))
          .returning();
        await app.audit(tx, req, {
          action: 'help.update',
          targetType: 'help_content',
          targetId: String(HELP_ROW_ID),
          details: { before: toHelpContent(before), after: toHelpContent(after!) },
        });
        return toHelpContent(after!);
      });
    },
  );

  // DELETE /api/help-content/instructions/:index, /contact-details/:index, /emails/:index (spec §7)
  for (const [segment, list] of Object.entries(HELP_LISTS)) {
    app.delete(
      `/api/help-content/${segment}/:index`,
      { schema: { tags, params: helpIndexParams, response: { 200: helpContent } } },
      async (req) => {
        const { index } = req.params;
        return app.db.transaction(async (tx) => {
          const before = await lockHelpRow(tx);
          const entries = before[list];
          if (index >= entries.length) throw notFound(HELP_ENTRY_NOT_FOUND);
          const remaining = entries.filter((_, i) => i !== index);
          const [after] = await tx
            .update(helpContentTable)
            .set({ [list]: remaining, updatedAt: app.clock.now() })
            .where(eq(helpContentTable.id, HELP_ROW_ID))
            .returning();
          await app.audit(tx, req, {
            action: 'help.delete-entry',
            targetType: 'help_content',
            targetId: String(HELP_ROW_ID),
            details: { list, index, removed: entries[index], before: entries, after: remaining },
          });
          return toHelpContent(after!);
        });
      },
    );
  }
}
