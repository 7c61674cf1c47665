import { trashItem, type TrashType } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restoreFromTrash } from '../../../hooks/use-undo-delete';
import { api, apiList } from '../../../lib/api';

export const TRASH_KEY = ['trash'] as const;

export interface TrashParams {
  type: TrashType | '';
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/trash, newest first, of one type or all, paged on the server (issue 16). */
export const trashQueryOptions = ({ type, q, offset, limit }: TrashParams) =>
  queryOptions({
    queryKey: [...TRASH_KEY, { type, q, offset, limit }] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (type) search.set('type', type);
      if (q) search.set('q', q);
      return apiList(`/api/trash?${search.toString()}`, trashItem, signal);
    },
    placeholderData: keepPreviousData,
  });

export const useTrash = (params: TrashParams) => useQuery(trashQueryOptions(params));

/** A restored record is back in its list, so every list is refetched. */
export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TrashType; id: string }) => restoreFromTrash(type, id),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** DELETE /api/trash/{type}/{id}: the record and its files, for good. */
export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TrashType; id: string }) =>
      api('DELETE', `/api/trash/${type}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRASH_KEY }),
  });
}
