import { TOTAL_COUNT_HEADER } from '@portal/contract';
import type { FastifyReply } from 'fastify';

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
