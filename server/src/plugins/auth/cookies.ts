import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session's cookies and lifetimes (ARCHITECTURE §5, issue 6). */

/** ARCHITECTURE §5 and issue 6: idle timeouts by role, and an absolute lifetime. */
export const SESSION_IDLE_MINUTES = { member: 30, admin: 15 } as const;
export const SESSION_ABSOLUTE_MINUTES = 12 * 60;
/** A session waiting for its second factor ends this soon. */
export const MFA_PENDING_MINUTES = 10;
/** Seconds the session has left, on every answer to a signed-in API request. */
export const SESSION_EXPIRES_IN_HEADER = 'x-session-expires-in';
/** The same for the web app: `<seconds left>-<server time in ms>`, readable by the page. */
export const SESSION_EXPIRY_COOKIE = 'session_expiry';
/** The session's token: a Bearer header, else the session cookie. */
export function tokenFrom(req: FastifyRequest, cookieName: string): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return req.cookies[cookieName] || undefined;
}

/**
 * The names of the session cookie and of its readable companion (its expiry, for the web app),
 * `__Host-`-prefixed in production (ARCHITECTURE §5).
 */
export const sessionCookieNames = (production: boolean) => ({
  session: production ? '__Host-sid' : 'sid',
  expiry: production ? `__Host-${SESSION_EXPIRY_COOKIE}` : SESSION_EXPIRY_COOKIE,
});

/** Sets the session cookie (http-only) of a new session. */
export const setSessionCookie = (reply: FastifyReply, name: string, token: string, secure: boolean) =>
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MINUTES * 60,
  });

/**
 * Issue 6: the web app warns before the session ends, so every answer to a signed-in request
 * says how many seconds are left (idle or absolute, whichever comes first): in a header for
 * API clients, and in a cookie the page can read (it holds no secret). The cookie carries the
 * server's time too, so that each answer changes it even when the seconds left are the same.
 */
export const announceExpiry = (
  reply: FastifyReply,
  cookieName: string,
  secure: boolean,
  seconds: number,
  now: Date,
) => {
  const left = Math.max(0, Math.floor(seconds));
  reply.header(SESSION_EXPIRES_IN_HEADER, String(left));
  reply.setCookie(cookieName, `${left}-${now.getTime()}`, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MINUTES * 60,
  });
};
