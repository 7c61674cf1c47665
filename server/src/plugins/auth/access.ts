import { type Access, AUTH_MESSAGES, MFA_MESSAGES, ROUTES, STEP_UP_MINUTES } from '@portal/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SessionUser } from '../../db/sessions';
import { forbidden, HttpError, unauthorized } from '../../lib/errors';

/** The access rule of every /api route (the contract's table), step-up, and the session a handler reads. */

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

export const routeKey = (method: string, url: string) => `${method} ${url}`;
const TABLE = new Map<string, Access>(ROUTES.map((r) => [routeKey(r.method, r.path), r.access]));
/**
 * A route's rule; Fastify's HEAD twin of a GET route has the GET's, unless the table lists a HEAD.
 * An OPTIONS route is the CORS preflight of a public resource (issue 31, decisions 0035, 0042):
 * public, and allowed only beside a public GET or POST, so that no preflight ever opens a signed-in route to
 * other origins.
 */
export const ACCESS = {
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

/** The token hashes of requests to routes that read their session in the handler (decision 0050). */
export const pendingTokens = new WeakMap<FastifyRequest, string>();
/** Requests to such routes whose session and rule have been checked. */
export const settled = new WeakSet<FastifyRequest>();
export const routeAccess = (req: FastifyRequest): Access => {
  const access = ACCESS.get(routeKey(req.method, req.routeOptions.url ?? ''));
  if (!access) throw new Error(`${req.method} ${req.routeOptions.url} has no rule`);
  return access;
};

/** Issue 14: every refusal is logged with the route, the actor (when known) and the request id. */
export const deniedLogged = new WeakSet<FastifyRequest>();
export function denied(req: FastifyRequest, status: number, reason: string) {
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
export function checkAccess(req: FastifyRequest, access: Access, adminMfa: 'required' | 'optional') {
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

export const accessCheck =
  (access: Access, adminMfa: 'required' | 'optional'): onRequestHookHandler =>
  async (req) =>
    checkAccess(req, access, adminMfa);

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
