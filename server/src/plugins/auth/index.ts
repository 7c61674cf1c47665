import cookie from '@fastify/cookie';
import { AUTH_MESSAGES } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import {
  deleteSession,
  deleteSessionByTokenHash,
  deleteSessionsOf,
  insertSession,
  liveAccount,
  markSteppedUp,
  SESSION_USER,
  type SessionRow,
  sessionStatement,
  touchSession,
  type UserRow,
} from '../../db/sessions';
import { addMinutes } from '../../lib/clock';
import { unauthorized } from '../../lib/errors';
import type { PageSelect } from '../../db/paging';
import { USER_PROFILE, type UserProfile } from '../../lib/serialize';
import { randomToken, sha256 } from '../../lib/tokens';
import {
  type Auth,
  ACCESS,
  accessCheck,
  checkAccess,
  denied,
  deniedLogged,
  pendingTokens,
  routeAccess,
  routeKey,
  settled,
  signedIn,
} from './access';
import {
  announceExpiry,
  MFA_PENDING_MINUTES,
  SESSION_ABSOLUTE_MINUTES,
  SESSION_IDLE_MINUTES,
  sessionCookieNames,
  setSessionCookie,
  tokenFrom,
} from './cookies';
import { type PageRowJson, type SessionPage, sessionPage } from './page';

export { type Auth, requireStepUp, signedIn } from './access';
export {
  MFA_PENDING_MINUTES,
  SESSION_ABSOLUTE_MINUTES,
  SESSION_EXPIRES_IN_HEADER,
  SESSION_EXPIRY_COOKIE,
  SESSION_IDLE_MINUTES,
  sessionCookieNames,
} from './cookies';
export type { PageRowJson, SessionPage } from './page';
export type { SessionUser, UserRow } from '../../db/sessions';

/** lastSeenAt is written at most this often, so a read does not always cost a write. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Server-side sessions (ARCHITECTURE §5). Every /api route takes its access rule from the
 * contract's route table here, once; a route missing from the table stops the server.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { session: cookieName, expiry: expiryCookieName } = sessionCookieNames(app.config.production);
    await app.register(cookie);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = ACCESS.get(routeKey(method, route.url));
        if (!access) throw new Error(`Route ${method} ${route.url} is not in the contract's route table`);
        const hooks = route.onRequest ? [route.onRequest].flat() : [];
        if (!route.config?.sessionInHandler) {
          route.onRequest = [accessCheck(access, app.config.adminMfa), ...hooks];
          continue;
        }
        if (access === 'public') throw new Error(`Route ${method} ${route.url} is public: it has no session to read`);
        // Decision 0050: the handler reads the session (app.sessions.authenticate or a page read)
        // and applies the rule. Without a token the answer is 401 at once; a request that fails
        // validation still gets its 401 or 403 first, so validation errors are handed to the
        // handler, which raises them once the rule has let the request through.
        route.attachValidation = true;
        route.onRequest = [
          async (req: FastifyRequest) => {
            if (!pendingTokens.has(req)) checkAccess(req, access, app.config.adminMfa);
          },
          ...hooks,
        ];
        // Fail closed: a success that no session check preceded is a bug, answered with a 500. On
        // send, not before serialising: an answer written as JSON text skips serialisation.
        const sending = route.onSend ? [route.onSend].flat() : [];
        route.onSend = [
          async (req: FastifyRequest, reply: FastifyReply) => {
            if (reply.statusCode < 400 && !settled.has(req)) {
              throw new Error(`${req.method} ${req.routeOptions.url} answered without checking its session`);
            }
          },
          ...sending,
        ] as typeof route.onSend;
      }
    });

    // Refusals by the handlers' owner rules (another member's certificate, profile or file).
    app.addHook('onResponse', async (req, reply) => {
      if ((reply.statusCode !== 401 && reply.statusCode !== 403) || deniedLogged.has(req)) return;
      const access = ACCESS.get(routeKey(req.method, req.routeOptions.url ?? ''));
      if (!access || access === 'public') return; // login and the like log their own events
      denied(req, reply.statusCode, 'not allowed by the route');
    });

    /**
     * The session is read from the database on every request (revocation acts at once), so this
     * one statement is built once and prepared by name: no query building per request.
     */
    const sessionByToken = sessionStatement(app.db, 'auth_session_by_token', SESSION_USER);
    /** check-auth answers with the user's profile: it comes with the session, in one statement. */
    const sessionWithProfile = sessionStatement(app.db, 'auth_session_with_profile', USER_PROFILE);

    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/')) return;
      const token = tokenFrom(req, cookieName);
      if (!token) return;
      if (req.routeOptions.config.sessionInHandler) {
        pendingTokens.set(req, sha256(token));
        return;
      }
      const [row] = await sessionByToken.execute({ tokenHash: sha256(token) });
      await admit(req, reply, row);
    });

    /** The request's session from its row: ended when past its time, touched at most once a minute. */
    const admit = async (req: FastifyRequest, reply: FastifyReply, row: SessionRow | undefined) => {
      if (!row) return;
      const now = app.clock.now();
      const idle = SESSION_IDLE_MINUTES[row.user.isAdmin ? 'admin' : 'member'];
      if (row.session.expiresAt <= now || addMinutes(row.session.lastSeenAt, idle) <= now) {
        await deleteSession(app.db, row.session.id);
        return;
      }
      let lastSeenAt = row.session.lastSeenAt;
      if (now.getTime() - lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await touchSession(app.db, row.session.id, now);
        lastSeenAt = now;
      }
      req.auth = {
        sessionId: row.session.id,
        user: row.user,
        mfaPending: row.session.mfaPending,
        steppedUpAt: row.session.steppedUpAt,
        stepUpFactorAddedAt: row.session.stepUpFactorAddedAt,
      };
      const ends = Math.min(row.session.expiresAt.getTime(), addMinutes(lastSeenAt, idle).getTime());
      expiresIn(reply, (ends - now.getTime()) / 1000, now);
    };

    /** For a route that reads its session in its handler: the session, the rule, then validation. */
    const settle = async (req: FastifyRequest, reply: FastifyReply, row: SessionRow | undefined) => {
      await admit(req, reply, row);
      checkAccess(req, routeAccess(req), app.config.adminMfa);
      settled.add(req);
      if (req.validationError) throw req.validationError;
    };

    const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
      const tokenHash = pendingTokens.get(req);
      const [row] = tokenHash ? await sessionByToken.execute({ tokenHash }) : [];
      await settle(req, reply, row);
    };

    const profile = async (req: FastifyRequest, reply: FastifyReply): Promise<UserProfile> => {
      const tokenHash = pendingTokens.get(req);
      const [row] = tokenHash ? await sessionWithProfile.execute({ tokenHash }) : [];
      await settle(req, reply, row);
      return row!.user;
    };

    const account = async (req: FastifyRequest): Promise<UserRow> => {
      const row = await liveAccount(app.db, signedIn(req).user.id);
      // Deleted between the session's statement and this one: signed out, as on the next request.
      if (!row) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
      return row;
    };

    const expiresIn = (reply: FastifyReply, seconds: number, now: Date) =>
      announceExpiry(reply, expiryCookieName, app.config.production, seconds, now);

    app.decorate('sessions', {
      authenticate,
      profile,
      account,
      page: <TRow>(
        name: string,
        access: 'member' | 'admin',
        build: (sessionUserId: SQL) => PageSelect<TRow>,
        row: PageRowJson<TRow>,
      ) =>
        sessionPage(
          { db: app.db, clock: app.clock, adminMfa: app.config.adminMfa, authenticate, settle },
          name,
          access,
          build,
          row,
        ),
      /**
       * Starts a session for the user, ending the one the request came with (rotation): a full
       * one, or one that waits for the second factor (issue 19).
       */
      async start(
        tx: Tx,
        req: FastifyRequest,
        reply: FastifyReply,
        userId: string,
        { mfaPending = false }: SessionKind = {},
      ) {
        if (req.auth) await deleteSession(tx, req.auth.sessionId);
        const token = randomToken();
        const now = app.clock.now();
        const minutes = mfaPending ? MFA_PENDING_MINUTES : SESSION_ABSOLUTE_MINUTES;
        const isAdmin = await insertSession(tx, { tokenHash: sha256(token), userId, now, minutes, mfaPending });
        setSessionCookie(reply, cookieName, token, app.config.production);
        expiresIn(reply, SESSION_IDLE_MINUTES[isAdmin ? 'admin' : 'member'] * 60, now);
      },
      async end(req: FastifyRequest, reply: FastifyReply) {
        const token = tokenFrom(req, cookieName);
        if (token) await deleteSessionByTokenHash(app.db, sha256(token));
        reply.clearCookie(cookieName, { path: '/' });
        reply.clearCookie(expiryCookieName, { path: '/' });
      },
      /** Ends every session of the user: after a password reset, a deletion or a demotion. */
      async endAllFor(tx: Tx, userId: string) {
        await deleteSessionsOf(tx, userId);
      },
      /**
       * The request's session has just proved a second factor (or the password): step-up.
       * `factorAddedAt` is when that factor was added (null for the password).
       */
      async stepUp(req: FastifyRequest, factorAddedAt: Date | null) {
        await markSteppedUp(app.db, signedIn(req).sessionId, app.clock.now(), factorAddedAt);
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

export interface SessionKind {
  mfaPending?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler reads the session itself, through `app.sessions.page` or
     * `app.sessions.authenticate`, and nothing before it does (decision 0050).
     */
    sessionInHandler?: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    sessions: {
      /** For a route with `sessionInHandler`: reads the session and applies the rule (decision 0050). */
      authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * For a route with `sessionInHandler`: reads the session and applies the rule, as
       * `authenticate`, and gives the user's profile (the columns of `toUser`) from the same statement.
       */
      profile(req: FastifyRequest, reply: FastifyReply): Promise<UserProfile>;
      /**
       * The signed-in user's whole row (secrets included), for the few handlers that need more than
       * the session carries (decision 0027): one more statement. 401 if the account has just gone.
       */
      account(req: FastifyRequest): Promise<UserRow>;
      /**
       * For a route with `sessionInHandler`: a page whose statement also reads the session, so that
       * the read is one round trip, and writes the answer's JSON (decision 0050).
       * `build` gets the session's user id as SQL; `row` writes one row.
       */
      page<TRow>(
        name: string,
        access: 'member' | 'admin',
        build: (sessionUserId: SQL) => PageSelect<TRow>,
        row: PageRowJson<TRow>,
      ): SessionPage;
      start(tx: Tx, req: FastifyRequest, reply: FastifyReply, userId: string, kind?: SessionKind): Promise<void>;
      end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
      endAllFor(tx: Tx, userId: string): Promise<void>;
      stepUp(req: FastifyRequest, factorAddedAt: Date | null): Promise<void>;
    };
  }
}
