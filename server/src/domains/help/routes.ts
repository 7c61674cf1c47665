import { HELP_LISTS, type HelpLists, helpContent, helpContentBody, helpIndexParams } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { helpContent as helpContentTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { assertVersion, bumpVersion, CONDITIONAL_PUT, preconditionOf, withEtag } from '../../lib/preconditions';
import { toHelpContent } from '../../lib/serialize';
import { startingHelpContent } from './starting-content';

/** The help page is one row (schema: id 1). */
const HELP_ROW_ID = 1;
export const HELP_ENTRY_NOT_FOUND = 'No entry at that position';

/**
 * Locks the help row for a read-modify-write, creating it with the starting content when it is
 * missing, so concurrent edits queue instead of losing one another.
 */
async function lockHelpRow(tx: Tx, starting: HelpLists) {
  await tx
    .insert(helpContentTable)
    .values({ id: HELP_ROW_ID, ...starting })
    .onConflictDoNothing();
  const [row] = await tx.select().from(helpContentTable).where(eq(helpContentTable.id, HELP_ROW_ID)).for('update');
  return row!;
}

/** The help page's three lists (members read, admins edit); changes are audited. */
export default async function helpRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['help'];
  const starting = startingHelpContent(app.config);

  app.get('/api/help-content', { schema: { tags, response: { 200: helpContent } } }, async (_req, reply) => {
    const [row] = await app.db.select().from(helpContentTable).where(eq(helpContentTable.id, HELP_ROW_ID));
    // Missing, it is the starting content that the first edit stores as version 1.
    return withEtag(reply, row ? toHelpContent(row) : { ...starting, version: 1 });
  });

  app.put(
    '/api/help-content',
    {
      schema: {
        tags,
        description: CONDITIONAL_PUT.description,
        body: helpContentBody,
        response: { 200: helpContent, ...CONDITIONAL_PUT.conflict },
      },
    },
    async (req, reply) => {
      const { version, ...lists } = req.body;
      const precondition = preconditionOf(req, version);
      const saved = await app.db.transaction(async (tx) => {
        const before = await lockHelpRow(tx, starting);
        // Issue 16: an editor opened before another admin's save changes nothing (412).
        assertVersion(precondition, before, toHelpContent);
        const [after] = await tx
          .update(helpContentTable)
          .set({ ...lists, updatedAt: app.clock.now(), version: bumpVersion(helpContentTable.version) })
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
      return withEtag(reply, saved);
    },
  );

  // DELETE /api/help-content/instructions/:index, /contact-details/:index, /emails/:index (spec §7)
  for (const [segment, list] of Object.entries(HELP_LISTS)) {
    app.delete(
      `/api/help-content/${segment}/:index`,
      { schema: { tags, params: helpIndexParams, response: { 200: helpContent } } },
      async (req, reply) => {
        const { index } = req.params;
        const saved = await app.db.transaction(async (tx) => {
          const before = await lockHelpRow(tx, starting);
          const entries = before[list];
          if (index >= entries.length) throw notFound(HELP_ENTRY_NOT_FOUND);
          const remaining = entries.filter((_, i) => i !== index);
          const [after] = await tx
            .update(helpContentTable)
            .set({ [list]: remaining, updatedAt: app.clock.now(), version: bumpVersion(helpContentTable.version) })
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
        return withEtag(reply, saved);
      },
    );
  }
}
