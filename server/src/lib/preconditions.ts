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

/**
 * One element of an If-Match list (RFC 9110 §8.8.3, §5.6.1): an entity tag, weak or strong, then a
 * comma or the end. Empty elements are allowed, as the list syntax allows recipients to.
 */
const LIST_ELEMENT = /[ \t]*(?:(W\/)?"([!#-~\x80-\xff]*)")?[ \t]*(?:,|$)/y;

/**
 * If-Match (RFC 9110 §13.1.1): `*` matches any current record; a list matches when one of its
 * tags is the record's, by the strong comparison (so a weak tag never matches). Anything that is
 * not that syntax is refused (400) rather than guessed at.
 */
export function parseIfMatch(value: string): Precondition {
  if (value.trim() === '*') return () => true;
  const strong: string[] = [];
  let any = false;
  for (let at = 0; at < value.length;) {
    LIST_ELEMENT.lastIndex = at;
    const element = LIST_ELEMENT.exec(value);
    if (!element || element[0] === '') throw badRequest(IF_MATCH_INVALID);
    if (element[2] !== undefined) {
      any = true;
      if (element[1] === undefined) strong.push(`"${element[2]}"`);
    }
    at = LIST_ELEMENT.lastIndex;
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
