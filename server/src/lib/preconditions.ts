import {
  EDIT_CONFLICT_MESSAGE,
  EDIT_CONFLICT_STATUS,
  editConflictBody,
  ETAG_HEADER,
  IF_MATCH_HEADER,
  versionTag,
} from '@portal/contract';
import { type AnyColumn, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/**
 * Optimistic concurrency for the editable records (issue 16, decision 0015). Each record has a
 * version that every edit raises by one, in the same UPDATE (`bumpVersion`); answers with one
 * record send it as a strong ETag (`withEtag`). A PUT may name the version it was read at, in
 * If-Match or as `version` in its body; the route locks the row, and `assertVersion` refuses a
 * stale one with 412 and the record as it is now, before anything is changed. A PUT that names
 * none is unconditional, as the spec's clients send it.
 */

/** What the OpenAPI document says of a conditional PUT: the header it may send, the 412 it may get. */
export const CONDITIONAL_PUT = {
  description:
    'Optional precondition (issue 16): If-Match: "<version>" (or *), or `version` in the body. ' +
    'A stale one answers 412 with the record as it is now, and changes nothing.',
  conflict: { [EDIT_CONFLICT_STATUS]: editConflictBody },
} as const;

/** Whether the record's current version satisfies what the request asked. */
export type Precondition = (version: number) => boolean;

export const IF_MATCH_INVALID = 'If-Match must be * or a list of entity tags such as "3".';

/** Issue 30, F12: an If-Match longer than this is refused unread (a real one names a few versions). */
export const IF_MATCH_MAX_LENGTH = 1024;
export const IF_MATCH_TOO_LONG = `If-Match is too long: at most ${IF_MATCH_MAX_LENGTH} characters.`;

const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const isBlank = (c: number) => c === SPACE || c === TAB;
/** etagc (RFC 9110 §8.8.3): `!`, `#` to `~`, and obs-text. */
const isTagChar = (c: number) => c === 0x21 || (c >= 0x23 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);

/**
 * If-Match (RFC 9110 §13.1.1): `*` matches any current record; a list matches when one of its
 * tags is the record's, by the strong comparison (so a weak tag never matches). Anything that is
 * not that syntax is refused (400) rather than guessed at.
 *
 * The list (§5.6.1: elements separated by commas, blanks around them, empty elements allowed) is
 * read by a scanner that looks at each character once: the regular expression it replaces
 * backtracked over runs of blanks, so 16 KB of them held the event loop for 170 ms (issue 30,
 * F12). A header over IF_MATCH_MAX_LENGTH is refused before it is read.
 */
export function parseIfMatch(value: string): Precondition {
  if (value.length > IF_MATCH_MAX_LENGTH) throw badRequest(IF_MATCH_TOO_LONG);
  if (value.trim() === '*') return () => true;
  const strong: string[] = [];
  let any = false;
  const end = value.length;
  let at = 0;
  const skipBlanks = () => {
    while (at < end && isBlank(value.charCodeAt(at))) at++;
  };
  while (at < end) {
    skipBlanks();
    // An entity tag, weak (W/"…") or strong ("…").
    const weak = value.startsWith('W/"', at);
    if (weak || value.charCodeAt(at) === QUOTE) {
      const opaque = at + (weak ? 3 : 1);
      let close = opaque;
      while (close < end && isTagChar(value.charCodeAt(close))) close++;
      if (value.charCodeAt(close) !== QUOTE) throw badRequest(IF_MATCH_INVALID);
      any = true;
      if (!weak) strong.push(value.slice(opaque - 1, close + 1));
      at = close + 1;
      skipBlanks();
    }
    // Then the end of the element: a comma, or the end of the header.
    if (at < end && value.charCodeAt(at++) !== COMMA) throw badRequest(IF_MATCH_INVALID);
  }
  if (!any) throw badRequest(IF_MATCH_INVALID);
  return (version) => strong.includes(versionTag(version));
}

/**
 * What a PUT asks of the record's version: its If-Match, and the `version` of its body (both,
 * when it sends both); undefined when it asks nothing.
 */
export function preconditionOf(req: FastifyRequest, bodyVersion?: number): Precondition | undefined {
  const header = req.headers[IF_MATCH_HEADER];
  const ifMatch = header === undefined ? undefined : parseIfMatch(Array.isArray(header) ? header.join(',') : header);
  if (bodyVersion === undefined) return ifMatch;
  return (version) => version === bodyVersion && (ifMatch?.(version) ?? true);
}

/** The 412 answer: nothing was changed; `current` is the record as it is now, in its API shape. */
export const editConflict = (current: unknown) =>
  new HttpError(EDIT_CONFLICT_STATUS, EDIT_CONFLICT_MESSAGE, {}, { current });

/**
 * Refuses a stale edit. Call it on the row as locked (SELECT … FOR UPDATE) in the transaction that
 * changes it, so that no other edit can come between the check and the UPDATE.
 */
export function assertVersion<R extends { version: number }>(
  precondition: Precondition | undefined,
  row: R,
  present: (row: R) => unknown,
) {
  if (precondition && !precondition(row.version)) throw editConflict(present(row));
}

/** `version = version + 1`, for the SET of every edit's UPDATE. */
export const bumpVersion = (column: AnyColumn) => sql`${column} + 1`;

/** Sends the record's version as its ETag, and answers the record. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header(ETAG_HEADER, versionTag(record.version));
  return record;
}
