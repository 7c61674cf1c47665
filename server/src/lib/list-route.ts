import { TOTAL_COUNT_HEADER } from '@portal/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { ExportQuery } from '../db/csv';
import type { SessionPage } from '../plugins/auth';
import { exportCsv } from './csv-export';

/** The keys of a list's query that choose only the page; any other (a search, an order, a filter) makes it a search. */
const PAGE_KEYS = new Set(['offset', 'limit']);

/**
 * A list as its screen opens it: no search, no filter, the default order. Such a read is one statement with
 * its session (decision 0050); the web app never asks for another order, only for a search.
 */
export const isPlainList = (query: object) =>
  Object.entries(query).every(([key, value]) => PAGE_KEYS.has(key) || value === undefined || value === '');

/** Sends a page written by PostgreSQL (`readPageJson` in db/paging.ts) as the answer, with its total. */
export const sendPageJson = (reply: FastifyReply, { body, total }: { body: string; total: number }) =>
  reply.header(TOTAL_COUNT_HEADER, String(total)).type('application/json; charset=utf-8').send(body);

/** The request a list's callbacks see: its path parameters as the route's schema gives them. */
export type ListRequest<TParams> = FastifyRequest<{ Params: TParams }>;

/** Every list's query pages by offset and limit (the contract's `listQuery` and its kin). */
type PagedQuery = z.ZodType<{ offset: number; limit: number }>;

export interface ListRoute<TQuery extends PagedQuery, TItem extends z.ZodType, TRow, TParams extends z.ZodType> {
  /** GET of this path; its access rule is the contract's route table's, as for any route. */
  url: string;
  tags: string[];
  /** The contract's query of the list (its sort keys, its filters: validated before the handler). */
  querystring: TQuery;
  /** The path's parameters, for a list under a record (one member's certificates). */
  params?: TParams;
  /** The contract's schema of one item: the answer is an array of them, the total in X-Total-Count. */
  item: TItem;
  /** The route's config, as on any route (`withSession` adds `sessionInHandler`). */
  config?: FastifyContextConfig;
  /**
   * The page and its total, from the domain's repository (decision 0050: `listPage`). A list that
   * depends on who asks, or refuses some (an owner check), reads the request.
   */
  read(db: Db, query: z.output<TQuery>, req: ListRequest<z.output<TParams>>): Promise<{ rows: TRow[]; total: number }>;
  /** The page's rows as the answer's items (with `toJob` and the like); may read once more for the whole page. */
  toItems(rows: TRow[]): z.input<TItem>[] | Promise<z.input<TItem>[]>;
  /**
   * Decision 0050: the list as its screen opens it (`isPlainList`) is read in one statement with
   * its session, `page` (made by `app.sessions.page`), and sent as PostgreSQL wrote it. The route
   * then reads its session in its handler (`sessionInHandler`); any other query reads the session
   * first, then `read`. `answers`, asked once the session is read: whether that page is the answer
   * to this request (a member's own certificates: only at the member's own e-mail); when not,
   * `read` answers.
   */
  withSession?: { page: SessionPage; answers?: (req: ListRequest<z.output<TParams>>) => boolean };
  /**
   * Issue 16: GET `<url>/export.csv`, the whole list as CSV in the list's own search and order,
   * audited as `action` (lib/csv-export.ts). `query` gives the table, the columns and the search.
   */
  export?: { name: string; action: string; query: (query: z.output<TQuery>) => ExportQuery };
}

/**
 * Registers a paged list (ARCHITECTURE §4: an array, the total in X-Total-Count) and, when given,
 * its CSV export: the one shape of every list route (issue 32).
 */
export function listRoute<
  TQuery extends PagedQuery,
  TItem extends z.ZodType,
  TRow,
  TParams extends z.ZodType = z.ZodType<unknown>,
>(app: FastifyInstance, route: ListRoute<TQuery, TItem, TRow, TParams>) {
  type Query = z.output<TQuery>;
  type Request = ListRequest<z.output<TParams>>;
  const { url, tags, querystring, params, item, read, toItems, withSession } = route;
  const config = withSession ? { ...route.config, sessionInHandler: true } : route.config;

  app.get(
    url,
    {
      ...(config && { config }),
      schema: { tags, ...(params && { params }), querystring, response: { 200: z.array(item) } },
    },
    async (req, reply) => {
      const query = req.query as Query;
      if (withSession && isPlainList(query)) {
        const page = await withSession.page.read(req, reply, query);
        if (withSession.answers?.(req as Request) ?? true) return sendPageJson(reply, page);
      } else if (config?.sessionInHandler) {
        await app.sessions.authenticate(req, reply);
      }
      const { rows, total } = await read(app.db, query, req as Request);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return toItems(rows);
    },
  );

  const csv = route.export;
  if (!csv) return;
  app.get(`${url}/export.csv`, { schema: { tags, querystring } }, (req, reply) =>
    exportCsv(app, req, reply, {
      name: csv.name,
      action: csv.action,
      search: req.query as Query,
      query: csv.query(req.query as Query),
    }),
  );
}
