import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * After a write, the reads that show what it changed are made again. A read already on its way
 * may have left before the write: invalidateQueries alone joins a first fetch in flight (TanStack
 * Query restarts only a fetch that has data to fall back on), and the screen then shows what the
 * write removed (a purged item still in the Trash, seen in CI). Cancelled first, it starts anew.
 */
export async function refreshAfterWrite(client: QueryClient, filters?: InvalidateQueryFilters) {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
