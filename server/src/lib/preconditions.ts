import crypto from 'node:crypto';
import {
  EDIT_CONFLICT_MESSAGE,
  EDIT_CONFLICT_STATUS,
  editConflictBody,
  ETAG_HEADER,
  IF_MATCH_HEADER,
  versionTag,
} from '@portal/contract';
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

/** An entity tag of an If-Match or If-None-Match list: its opaque tag, quotes included, and whether it was weak. */
interface ListedTag {
  tag: string;
  weak: boolean;
}

/**
 * The value of If-Match or If-None-Match (RFC 9110 §13.1.1, §13.1.2): `*`, or a list of entity
 * tags; undefined when it is neither.
 *
 * The list (§5.6.1: elements separated by commas, blanks around them, empty elements allowed) is
 * read by a scanner that looks at each character once: the regular expression it replaces
 * backtracked over runs of blanks, so 16 KB of them held the event loop for 170 ms (issue 30,
 * F12). Callers refuse a header over IF_MATCH_MAX_LENGTH before it is read.
 */
function listedTags(value: string): '*' | ListedTag[] | undefined {
  if (value.trim() === '*') return '*';
  const tags: ListedTag[] = [];
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
      if (value.charCodeAt(close) !== QUOTE) return undefined;
      tags.push({ tag: value.slice(opaque - 1, close + 1), weak });
      at = close + 1;
      skipBlanks();
    }
    // Then the end of the element: a comma, or the end of the header.
    if (at < end && value.charCodeAt(at++) !== COMMA) return undefined;
  }
  return tags.length ? tags : undefined;
}

/**
 * If-Match (RFC 9110 §13.1.1): `*` matches any current record; a list matches when one of its
 * tags is the record's, by the strong comparison (so a weak tag never matches). Anything that is
 * not that syntax is refused (400) rather than guessed at, and so is a header over
 * IF_MATCH_MAX_LENGTH, before it is read.
 */
export function parseIfMatch(value: string): Precondition {
  if (value.length > IF_MATCH_MAX_LENGTH) throw badRequest(IF_MATCH_TOO_LONG);
  const tags = listedTags(value);
  if (tags === undefined) throw badRequest(IF_MATCH_INVALID);
  if (tags === '*') return () => true;
  const strong = tags.filter((t) => !t.weak).map((t) => t.tag);
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

/** Sends the record's version as its ETag, and answers the record. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header(ETAG_HEADER, versionTag(record.version));
  return record;
}

/**
 * Issue 31 (decision 0035): conditional GETs of the public documents verifiers fetch again and
 * again (the status lists, the DID document; and a certificate's preview image). Their ETag is a
 * strong validator of the exact bytes sent (RFC 9110 §8.8.3): the SHA-256 of the body, quoted, so
 * every instance tags the same list alike.
 */
export const contentTag = (body: string | Buffer) =>
  `"${crypto.createHash('sha256').update(body).digest('base64url')}"`;

/**
 * If-None-Match of a GET (RFC 9110 §13.1.2): whether the client's copy is the representation
 * tagged `etag`, so that the answer is 304. `*` matches any current representation; a list
 * matches when one of its tags is `etag` by the weak comparison (§8.8.3.2: W/"x" matches "x").
 * A header that is not that syntax, or is over IF_MATCH_MAX_LENGTH, asks nothing: the client
 * gets the whole answer, never a copy it does not hold.
 */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.length > IF_MATCH_MAX_LENGTH) return false;
  const tags = listedTags(value);
  if (tags === undefined) return false;
  return tags === '*' || tags.some((t) => t.tag === etag);
}

/**
 * Answers `body` as `type` with its content tag as ETag, or 304 with no body when If-None-Match
 * names it. Call it once the answer is known to be a 200 (§13.2.1: preconditions are for it
 * only), with Cache-Control already set: a 304 repeats it and the ETag (§15.4.5).
 */
export function sendTagged(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, type: string) {
  const etag = contentTag(body);
  reply.header(ETAG_HEADER, etag);
  if (notModified(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}
