/**
 * An error with the HTTP status and the message the client may see (ARCHITECTURE §4), and any
 * further fields its answer carries (a 412's `current`, lib/preconditions.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/**
 * A field the contract takes but a rule of the server refuses (one that needs the clock or the
 * record): the same answer as a schema's 400, the field named in the message and in `issues`.
 */
export const invalidField = (path: string, message: string) =>
  new HttpError(400, `${path}: ${message}`, {}, { issues: [{ path, message }] });
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A link that worked once and never will again (a used or expired wallet offer, decision 0042). */
export const gone = (message: string) => new HttpError(410, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
