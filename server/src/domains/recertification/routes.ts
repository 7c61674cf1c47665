import { recertificationRules } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readRules, writeRules } from './repository';

/** Issue 33: the recertification rules, which the board changes on its settings screen. */
export default async function recertificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['recertification'];

  app.get('/api/settings/recertification', { schema: { tags, response: { 200: recertificationRules } } }, async () =>
    readRules(app.db),
  );

  app.put(
    '/api/settings/recertification',
    { schema: { tags, body: recertificationRules, response: { 200: recertificationRules } } },
    async (req) =>
      app.db.transaction(async (tx) => {
        const before = await readRules(tx);
        await writeRules(tx, req.body, app.clock.now());
        await app.audit(tx, req, {
          action: 'settings.recertification',
          targetType: 'settings',
          targetId: 'recertification',
          details: { before, after: req.body },
        });
        return req.body;
      }),
  );
}
