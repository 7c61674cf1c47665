import { deviceKeyResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { deviceKeySecretOf } from './repository';

/**
 * Issue 30 (F6, decision 0034): the web app keeps the key of a member's drafts and outbox on the
 * device only wrapped under this secret, so what a device holds opens only while its member is
 * signed in. The route is the route table's 'member' access: a guest, an unverified account and
 * a session waiting for its second factor get nothing. Never stored by a cache on the way.
 */
export default async function deviceKeyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { pii } = app;

  app.get(
    '/api/device-key',
    { schema: { tags: ['auth'], response: { 200: deviceKeyResponse } } },
    async (req, reply) => {
      const userId = signedIn(req).user.id;
      const secret = await deviceKeySecretOf(app.db, pii, userId);
      reply.header('cache-control', 'no-store');
      return { userId, key: secret.toString('base64url') };
    },
  );
}
