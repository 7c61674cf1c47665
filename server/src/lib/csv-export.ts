import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvStream, type ExportQuery } from '../db/csv';

/** Sends a CSV download: not cached, named `<name>-<date>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, now: Date, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * GET `…/export.csv` of an admin list: audited first (who exported which search; the rows are
 * not copied into the log), then streamed. The list's paging (`offset`, `limit`) is ignored: the
 * file holds every matching row.
 */
export async function exportCsv(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  {
    name,
    action,
    search,
    query,
  }: { name: string; action: string; search: Record<string, unknown>; query: ExportQuery },
) {
  const { offset: _offset, limit: _limit, ...filters } = search;
  await app.db.transaction((tx) => app.audit(tx, req, { action, targetType: name, details: { filters } }));
  return sendCsv(reply, name, app.clock.now(), csvStream(app.database, query));
}
