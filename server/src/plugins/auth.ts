import cookie from '@fastify/cookie';
import { type Access, AUTH_MESSAGES, MFA_MESSAGES, ROUTES, STEP_UP_MINUTES } from '@portal/contract';
import { and, eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { addMinutes } from '../lib/clock';
import { type PageSelect, pageField, pageJson, readPageJson } from '../lib/paging';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
import { USER_PROFILE, type UserProfile } from '../lib/serialize';
import { live } from '../lib/trash';
import { randomToken, sha256 } from '../lib/tokens';

export type UserRow = typeof users.$inferSelect;

/**
 * What a request knows of its signed-in user: the columns the access rules and the handlers'
 * owner checks read, and nothing else. The password hash, the TOTP secrets and the profile stay
 * in the database (decision 0027); a handler that needs more reads it.
 */
const SESSION_USER = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  isVerified: users.isVerified,
  mfaEnabled: users.mfaEnabled,
};
export type SessionUser = Pick<UserRow, keyof typeof SESSION_USER>;
/** The session columns a request is admitted by. */
const SESSION = {
  id: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  mfaPending: sessions.mfaPending,
  steppedUpAt: sessions.steppedUpAt,
  stepUpFactorAddedAt: sessions.stepUpFactorAddedAt,
};

export interface Auth {
  sessionId: string;
  user: SessionUser;
  /** Issue 19: the password was right and the second factor is still awaited. */
  mfaPending: boolean;
  /** When the session last proved a second factor (or, without one, the password). */
  steppedUpAt: Date | null;
  /** When the factor of that step-up was added to the account; null for the password. */
  stepUpFactorAddedAt: Date | null;
}

/** ARCHITECTURE §5 and issue 6: idle timeouts by role, and an absolute lifetime. */
export const SESSION_IDLE_MINUTES = { member: 30, admin: 15 } as const;
export const SESSION_ABSOLUTE_MINUTES = 12 * 60;
/** A session waiting for its second factor ends this soon. */
export const MFA_PENDING_MINUTES = 10;
/** Seconds the session has left, on every answer to a signed-in API request. */
export const SESSION_EXPIRES_IN_HEADER = 'x-session-expires-in';
/** The same for the web app: `<seconds left>-<server time in ms>`, readable by the page. */
export const SESSION_EXPIRY_COOKIE = 'session_expiry';
/** lastSeenAt is written at most this often, so a read does not always cost a write. */
const TOUCH_AFTER_MS = 60_000;

const routeKey = (method: string, url: string) => `${method} ${url}`;
const TABLE = new Map<string, Access>(ROUTES.map((r) => [routeKey(r.method, r.path), r.access]));
/**
 * A route's rule; Fastify's HEAD twin of a GET route has the GET's, unless the table lists a HEAD.
 * An OPTIONS route is the CORS preflight of a public resource (issue 31, decisions 0035, 0042):
 * public, and allowed only beside a public GET or POST, so that no preflight ever opens a signed-in route to
 * other origins.
 */
const ACCESS = {
  get: (key: string): Access | undefined => {
    const listed = TABLE.get(key);
    if (listed) return listed;
    if (key.startsWith('HEAD ')) return TABLE.get(`GET ${key.slice(5)}`);
    if (key.startsWith('OPTIONS ')) {
      // Decision 0042: a wallet's POST to a public exchange or OID4VCI endpoint has one too.
      const path = key.slice(8);
      return TABLE.get(`GET ${path}`) === 'public' || TABLE.get(`POST ${path}`) === 'public' ? 'public' : undefined;
    }
    return undefined;
  },
};

function tokenFrom(req: FastifyRequest, cookieName: string): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return req.cookies[cookieName] || undefined;
}

/** The token hashes of requests to routes that read their session in the handler (decision 0050). */
const pendingTokens = new WeakMap<FastifyRequest, string>();
/** Requests to such routes whose session and rule have been checked. */
const settled = new WeakSet<FastifyRequest>();
const routeAccess = (req: FastifyRequest): Access => {
  const access = ACCESS.get(routeKey(req.method, req.routeOptions.url ?? ''));
  if (!access) throw new Error(`${req.method} ${req.routeOptions.url} has no rule`);
  return access;
};

/** Issue 14: every refusal is logged with the route, the actor (when known) and the request id. */
const deniedLogged = new WeakSet<FastifyRequest>();
function denied(req: FastifyRequest, status: number, reason: string) {
  deniedLogged.add(req);
  req.log.info(
    {
      event: 'access_denied',
      status,
      reason,
      route: `${req.method} ${req.routeOptions.url}`,
      userId: req.auth?.user.id,
    },
    'access denied',
  );
}

/** The route's rule, applied to the request's session (or its absence): 401 or 403, or nothing. */
function checkAccess(req: FastifyRequest, access: Access, adminMfa: 'required' | 'optional') {
  if (access === 'public') return;
  if (!req.auth) {
    denied(req, 401, 'no session');
    throw unauthorized(AUTH_MESSAGES.notAuthenticated);
  }
  // Issue 19: a session waiting for its second factor may only give it.
  if (req.auth.mfaPending && access !== 'mfa') {
    denied(req, 401, 'second factor pending');
    throw new HttpError(401, MFA_MESSAGES.pending, {}, { mfaRequired: true });
  }
  if (access === 'session' || access === 'mfa') return;
  if (!req.auth.user.isVerified) {
    denied(req, 403, 'not verified');
    throw forbidden(AUTH_MESSAGES.notVerified);
  }
  if (access === 'admin' && !req.auth.user.isAdmin) {
    denied(req, 403, 'not admin');
    throw forbidden(AUTH_MESSAGES.notAdmin);
  }
  if (access === 'admin' && adminMfa === 'required' && !req.auth.user.mfaEnabled) {
    denied(req, 403, 'no second factor');
    throw forbidden(MFA_MESSAGES.setupRequired);
  }
}

const accessCheck =
  (access: Access, adminMfa: 'required' | 'optional'): onRequestHookHandler =>
  async (req) =>
    checkAccess(req, access, adminMfa);

/**
 * The same rule in SQL, over the `sessions` and `users` of the session's statement, for a read
 * that looks its session up in its own statement (decision 0050): the page is computed only for a
 * session the rule lets through. `checkAccess` still decides the answer; this only keeps a member's
 * statement from computing an admin's page.
 */
function accessInSql(access: 'member' | 'admin', adminMfa: 'required' | 'optional'): SQL {
  const member = sql`not ${sessions.mfaPending} and ${users.isVerified}`;
  if (access === 'member') return member;
  return adminMfa === 'required'
    ? sql`${member} and ${users.isAdmin} and ${users.mfaEnabled}`
    : sql`${member} and ${users.isAdmin}`;
}

/**
 * Issue 19, step-up: the most sensitive acts (revealing an SSN, the HMIS export, changing a
 * user's admin flag, deleting, changing sign-in factors) need a second factor given for that
 * purpose in the last STEP_UP_MINUTES (the password where the account has none: POST
 * /api/auth/mfa/verify on a full session; the code of the sign-in does not count). Without it:
 * 401 `{ stepUp: true }`, and the web app asks for the code and retries.
 *
 * Issue 30 (F1): the factor of that step-up must have been on the account for
 * NEW_FACTOR_HOLD_MINUTES. Adding a factor needs a step-up itself, but a stolen session shares the
 * owner's step-up; a factor its holder adds then cannot unlock anything until the owner has had
 * the mail that tells of it.
 */
export function requireStepUp(req: FastifyRequest) {
  const now = req.server.clock.now().getTime();
  const at = req.auth?.steppedUpAt;
  if (!at || now - at.getTime() > STEP_UP_MINUTES * 60_000) {
    denied(req, 401, 'step-up needed');
    throw new HttpError(401, MFA_MESSAGES.stepUp, {}, { stepUp: true });
  }
  const factorAddedAt = req.auth?.stepUpFactorAddedAt;
  if (factorAddedAt && now - factorAddedAt.getTime() < req.server.config.newFactorHoldMinutes * 60_000) {
    denied(req, 401, 'step-up with a new factor');
    throw new HttpError(401, MFA_MESSAGES.newFactor, {}, { stepUp: true });
  }
}

/**
 * The session of a request on a route that needs one. The access rule refused a guest before the
 * handler ran, so this only keeps a handler from ever running without one (it fails closed).
 */
export function signedIn(req: FastifyRequest): Auth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/**
 * The names of the session cookie and of its readable companion (its expiry, for the web app),
 * `__Host-`-prefixed in production (ARCHITECTURE §5).
 */
export const sessionCookieNames = (production: boolean) => ({
  session: production ? '__Host-sid' : 'sid',
  expiry: production ? `__Host-${SESSION_EXPIRY_COOKIE}` : SESSION_EXPIRY_COOKIE,
});

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
     * one statement is built once and prepared by name: no query building per request, and
     * PostgreSQL parses and plans it once per connection.
     */
    const sessionStatement = <TUser extends typeof SESSION_USER, TMore extends Record<string, SQL>>(
      name: string,
      user: TUser,
      more: TMore = {} as TMore,
    ) =>
      app.db
        .select({ session: SESSION, user, ...more })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // A trashed account's sessions are ended with the move; this makes sure of it (issue 16).
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), live(users)))
        .prepare(name);
    const sessionByToken = sessionStatement('auth_session_by_token', SESSION_USER);
    /** check-auth answers with the user's profile: it comes with the session, in one statement. */
    const sessionWithProfile = sessionStatement('auth_session_with_profile', USER_PROFILE);

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
        await app.db.delete(sessions).where(eq(sessions.id, row.session.id));
        return;
      }
      let lastSeenAt = row.session.lastSeenAt;
      if (now.getTime() - lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
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
      announceExpiry(reply, (ends - now.getTime()) / 1000, now);
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
      const [row] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, signedIn(req).user.id), live(users)));
      // Deleted between the session's statement and this one: signed out, as on the next request.
      if (!row) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
      return row;
    };

    const setCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(cookieName, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.production,
        path: '/',
        maxAge: SESSION_ABSOLUTE_MINUTES * 60,
      });

    /**
     * Issue 6: the web app warns before the session ends, so every answer to a signed-in request
     * says how many seconds are left (idle or absolute, whichever comes first): in a header for
     * API clients, and in a cookie the page can read (it holds no secret). The cookie carries the
     * server's time too, so that each answer changes it even when the seconds left are the same.
     */
    const announceExpiry = (reply: FastifyReply, seconds: number, now: Date) => {
      const left = Math.max(0, Math.floor(seconds));
      reply.header(SESSION_EXPIRES_IN_HEADER, String(left));
      reply.setCookie(expiryCookieName, `${left}-${now.getTime()}`, {
        httpOnly: false,
        sameSite: 'lax',
        secure: app.config.production,
        path: '/',
        maxAge: SESSION_ABSOLUTE_MINUTES * 60,
      });
    };

    app.decorate('sessions', {
      authenticate,
      profile,
      account,
      page<TRow>(
        name: string,
        access: 'member' | 'admin',
        build: (sessionUserId: SQL) => PageSelect<TRow>,
        row: PageRowJson<TRow>,
      ) {
        const { select, firstPage } = build(sql`${users.id}`);
        const json = row(pageField<TRow>, sql`${sql.placeholder('now')}::timestamptz`);
        const prepare = (page: SQLWrapper, statementName: string) =>
          sessionStatement(statementName, SESSION_USER, {
            page: sql<
              string | null
            >`case when ${accessInSql(access, app.config.adminMfa)} then ${pageJson(page, json)} end`,
          });
        const statement = prepare(select, name);
        // The page a screen opens with is a first page: one statement per page size, the size a
        // constant, so that PostgreSQL keeps one plan for it (paging.ts, firstPageSelect).
        const firstPages = new Map<number, ReturnType<typeof prepare>>();
        const firstPageStatement = (limit: number) => {
          let prepared = firstPages.get(limit);
          if (!prepared) firstPages.set(limit, (prepared = prepare(firstPage(limit), `${name}_first_${limit}`)));
          return prepared;
        };
        return {
          async read(req: FastifyRequest, reply: FastifyReply, { offset, limit }: { offset: number; limit: number }) {
            if (routeAccess(req) !== access)
              throw new Error(`${name} is read by a route whose rule is not '${access}'`);
            // Bad input answers as any other route's: after the session and the rule.
            if (req.validationError) await authenticate(req, reply); // throws: 401, 403 or the error
            const tokenHash = pendingTokens.get(req);
            const now = app.clock.now().toISOString();
            const [row] = !tokenHash
              ? []
              : offset === 0
                ? await firstPageStatement(limit).execute({ tokenHash, now })
                : await statement.execute({ tokenHash, offset, limit, now });
            await settle(req, reply, row);
            if (typeof row?.page !== 'string')
              throw new Error(`${name}: the rule in SQL refused what checkAccess allowed`);
            // A page past the end carries no total; it is counted on its own, with the user's id as a value.
            return readPageJson(row.page, offset, () => build(sql`${row.user.id}`).count());
          },
        };
      },
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
        if (req.auth) await tx.delete(sessions).where(eq(sessions.id, req.auth.sessionId));
        const token = randomToken();
        const now = app.clock.now();
        await tx.insert(sessions).values({
          tokenHash: sha256(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: addMinutes(now, mfaPending ? MFA_PENDING_MINUTES : SESSION_ABSOLUTE_MINUTES),
          mfaPending,
        });
        setCookie(reply, token);
        const [user] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
        announceExpiry(reply, SESSION_IDLE_MINUTES[user?.isAdmin ? 'admin' : 'member'] * 60, now);
      },
      async end(req: FastifyRequest, reply: FastifyReply) {
        const token = tokenFrom(req, cookieName);
        if (token) await app.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
        reply.clearCookie(cookieName, { path: '/' });
        reply.clearCookie(expiryCookieName, { path: '/' });
      },
      /** Ends every session of the user: after a password reset, a deletion or a demotion. */
      async endAllFor(tx: Tx, userId: string) {
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      },
      /**
       * The request's session has just proved a second factor (or the password): step-up.
       * `factorAddedAt` is when that factor was added (null for the password).
       */
      async stepUp(req: FastifyRequest, factorAddedAt: Date | null) {
        await app.db
          .update(sessions)
          .set({ steppedUpAt: app.clock.now(), stepUpFactorAddedAt: factorAddedAt })
          .where(eq(sessions.id, signedIn(req).sessionId));
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

export interface SessionKind {
  mfaPending?: boolean;
}

interface SessionRow {
  session: Pick<typeof sessions.$inferSelect, keyof typeof SESSION>;
  user: SessionUser;
}

/**
 * One row of a page as JSON text, built by PostgreSQL from the row's fields (decision 0050);
 * `now` is the request's time, for what a row derives from it.
 */
export type PageRowJson<TRow> = (field: (key: keyof TRow & string) => SQL, now: SQL) => SQL<string>;

/** A page read together with its session, in one statement (decision 0050). */
export interface SessionPage {
  /**
   * Reads the session and the page, admits the session, applies the route's rule (401 or 403
   * as on any route, then a validation error) and gives the page as the answer's JSON text, with
   * its total (decision 0050).
   */
  read(
    req: FastifyRequest,
    reply: FastifyReply,
    page: { offset: number; limit: number },
  ): Promise<{ body: string; total: number }>;
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
