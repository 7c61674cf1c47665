import { apiPath, trashItem, type TrashType } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restoreFromTrash } from '../../../hooks/use-undo-delete';
import { api } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { refreshAfterWrite } from '../../../lib/refresh';

export const TRASH_KEY = ['trash'] as const;

export interface TrashParams {
  type: TrashType | '';
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/trash, newest first, of one type or all, paged on the server (issue 16). */
export const trashQueryOptions = ({ type, q, offset, limit }: TrashParams) =>
  pagedQueryOptions(
    [...TRASH_KEY, { type, q, offset, limit }] as const,
    apiPath('/api/trash', undefined, { offset, limit, type: type || undefined, q: q || undefined }),
    trashItem,
  );

export const useTrash = (params: TrashParams) => useQuery(trashQueryOptions(params));

/** A restored record is back in its list, so every list is refetched. */
export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TrashType; id: string }) => restoreFromTrash(type, id),
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}

/** DELETE /api/trash/{type}/{id}: the record and its files, for good. */
export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TrashType; id: string }) =>
      api('DELETE', apiPath('/api/trash/:type/:id', { type, id }), { noContent: true }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: TRASH_KEY }),
  });
}
