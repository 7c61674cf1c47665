import { HELP_LISTS, helpContent, helpContentBody, helpIndexParams } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { assertVersion, CONDITIONAL_PUT, preconditionOf, withEtag } from '../../lib/preconditions';
import { toHelpContent } from '../../lib/serialize';
import { findHelpRow, HELP_ROW_ID, lockHelpRow, updateHelpRow } from './repository';
import { startingHelpContent } from './starting-content';

export const HELP_ENTRY_NOT_FOUND = 'No entry at that position';

/** The help page's three lists (members read, admins edit); changes are audited. */
export default async function helpRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['help'];
  const starting = startingHelpContent(app.config);

  app.get('/api/help-content', { schema: { tags, response: { 200: helpContent } } }, async (_req, reply) => {
    const row = await findHelpRow(app.db);
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
        const after = await updateHelpRow(tx, lists, app.clock.now());
        await app.audit(tx, req, {
          action: 'help.update',
          targetType: 'help_content',
          targetId: String(HELP_ROW_ID),
          details: { before: toHelpContent(before), after: toHelpContent(after) },
        });
        return toHelpContent(after);
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
          const after = await updateHelpRow(tx, { [list]: remaining }, app.clock.now());
          await app.audit(tx, req, {
            action: 'help.delete-entry',
            targetType: 'help_content',
            targetId: String(HELP_ROW_ID),
            details: { list, index, removed: entries[index], before: entries, after: remaining },
          });
          return toHelpContent(after);
        });
        return withEtag(reply, saved);
      },
    );
  }
}
