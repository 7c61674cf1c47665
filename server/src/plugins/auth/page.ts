import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accessInSql,
  NOW_PARAMETER,
  SESSION_USER_ID,
  type SessionRow,
  sessionPageStatement,
  userIdValue,
} from '../../db/sessions';
import type { Clock } from '../../lib/clock';
import { type PageSelect, pageField, readPageJson } from '../../db/paging';
import { pendingTokens, routeAccess } from './access';

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

interface PageContext {
  db: Db;
  clock: Clock;
  adminMfa: 'required' | 'optional';
  /** Reads the request's session and applies the rule (a route with `sessionInHandler`). */
  authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Admits the session of a row read with the page, and applies the rule. */
  settle(req: FastifyRequest, reply: FastifyReply, row: SessionRow | undefined): Promise<void>;
}

/** `app.sessions.page`: a page whose statement also reads the session (decision 0050). */
export function sessionPage<TRow>(
  { db, clock, adminMfa, authenticate, settle }: PageContext,
  name: string,
  access: 'member' | 'admin',
  build: (sessionUserId: SQL) => PageSelect<TRow>,
  row: PageRowJson<TRow>,
): SessionPage {
  const { select, firstPage } = build(SESSION_USER_ID);
  const json = row(pageField<TRow>, NOW_PARAMETER);
  const prepare = (page: SQLWrapper, statementName: string) =>
    sessionPageStatement(db, statementName, accessInSql(access, adminMfa), page, json);
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
    async read(req, reply, { offset, limit }) {
      if (routeAccess(req) !== access) throw new Error(`${name} is read by a route whose rule is not '${access}'`);
      // Bad input answers as any other route's: after the session and the rule.
      if (req.validationError) await authenticate(req, reply); // throws: 401, 403 or the error
      const tokenHash = pendingTokens.get(req);
      const now = clock.now().toISOString();
      const [found] = !tokenHash
        ? []
        : offset === 0
          ? await firstPageStatement(limit).execute({ tokenHash, now })
          : await statement.execute({ tokenHash, offset, limit, now });
      await settle(req, reply, found);
      if (typeof found?.page !== 'string') throw new Error(`${name}: the rule in SQL refused what checkAccess allowed`);
      // A page past the end carries no total; it is counted on its own, with the user's id as a value.
      return readPageJson(found.page, offset, () => build(userIdValue(found.user.id)).count());
    },
  };
}
