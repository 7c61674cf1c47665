import cookie from '@fastify/cookie';
import { type Access, AUTH_MESSAGES, ROUTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { addMinutes } from '../lib/clock';
import { forbidden, unauthorized } from '../lib/errors';
import { randomToken, sha256 } from '../lib/tokens';

export type UserRow = typeof users.$inferSelect;
export interface Auth {
  sessionId: string;
  user: UserRow;
}

/** ARCHITECTURE §5 and issue 6: idle timeouts by role, and an absolute lifetime. */
export const SESSION_IDLE_MINUTES = { member: 30, admin: 15 } as const;
export const SESSION_ABSOLUTE_MINUTES = 12 * 60;
/** lastSeenAt is written at most this often, so a read does not always cost a write. */
const TOUCH_AFTER_MS = 60_000;

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
const ACCESS = new Map<string, Access>(ROUTES.map((r) => [routeKey(r.method, r.path), r.access]));

function tokenFrom(req: FastifyRequest, cookieName: string): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return req.cookies[cookieName] || undefined;
}

const accessCheck =
  (access: Access): onRequestHookHandler =>
  async (req) => {
    if (access === 'public') return;
    if (!req.auth) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
    if (access === 'session') return;
    if (!req.auth.user.isVerified) throw forbidden(AUTH_MESSAGES.notVerified);
    if (access === 'admin' && !req.auth.user.isAdmin) throw forbidden(AUTH_MESSAGES.notAdmin);
  };

/**
 * Server-side sessions (ARCHITECTURE §5). Every /api route takes its access rule from the
 * contract's route table here, once; a route missing from the table stops the server.
 */
export default fp(
  async (app: FastifyInstance) => {
    const cookieName = app.config.production ? '__Host-sid' : 'sid';
    await app.register(cookie);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = ACCESS.get(routeKey(method, route.url));
        if (!access) throw new Error(`Route ${method} ${route.url} is not in the contract's route table`);
        const hooks = route.onRequest ? [route.onRequest].flat() : [];
        route.onRequest = [accessCheck(access), ...hooks];
      }
    });

    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/')) return;
      const token = tokenFrom(req, cookieName);
      if (!token) return;
      const now = app.clock.now();
      const [row] = await app.db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sha256(token)));
      if (!row) return;
      const idle = SESSION_IDLE_MINUTES[row.user.isAdmin ? 'admin' : 'member'];
      if (row.session.expiresAt <= now || addMinutes(row.session.lastSeenAt, idle) <= now) {
        await app.db.delete(sessions).where(eq(sessions.id, row.session.id));
        return;
      }
      if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      }
      req.auth = { sessionId: row.session.id, user: row.user };
    });

    const setCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(cookieName, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.production,
        path: '/',
        maxAge: SESSION_ABSOLUTE_MINUTES * 60,
      });

    app.decorate('sessions', {
      /** Starts a session for the user, ending the one the request came with (rotation). */
      async start(tx: Tx, req: FastifyRequest, reply: FastifyReply, userId: string) {
        if (req.auth) await tx.delete(sessions).where(eq(sessions.id, req.auth.sessionId));
        const token = randomToken();
        const now = app.clock.now();
        await tx.insert(sessions).values({
          tokenHash: sha256(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: addMinutes(now, SESSION_ABSOLUTE_MINUTES),
        });
        setCookie(reply, token);
      },
      async end(req: FastifyRequest, reply: FastifyReply) {
        const token = tokenFrom(req, cookieName);
        if (token) await app.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
        reply.clearCookie(cookieName, { path: '/' });
      },
      /** Ends every session of the user: after a password reset, a deletion or a demotion. */
      async endAllFor(tx: Tx, userId: string) {
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    sessions: {
      start(tx: Tx, req: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
      endAllFor(tx: Tx, userId: string): Promise<void>;
    };
  }
}
