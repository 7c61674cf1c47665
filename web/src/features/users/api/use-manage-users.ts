import { adminUserUpdate, user, type AdminUserUpdate } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList } from '../../../lib/api';
import { ifMatch, isEditConflict } from '../../../lib/edit-conflict';

export const USERS_KEY = ['users'] as const;

export interface ManageUsersParams {
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/users, searched (name or e-mail, any case) and paged on the server (spec §2, ARCHITECTURE §4). */
export const manageUsersQueryOptions = ({ q, offset, limit }: ManageUsersParams) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'manage', { q, offset, limit }] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (q) search.set('q', q);
      return apiList(`/api/users?${search.toString()}`, user, signal);
    },
    placeholderData: keepPreviousData,
  });

export const useManageUsers = (params: ManageUsersParams) => useQuery(manageUsersQueryOptions(params));

/**
 * PUT /api/users/{id} with the admin's Edit User form (spec §7: the admin edit also sends
 * certificateNo), naming the version the form was opened at (issue 16): refused because the member
 * or another admin saved first, the list is refetched to show their values.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, values }: { id: string; version?: number; values: AdminUserUpdate }) => {
      const res = await api('PUT', `/api/users/${encodeURIComponent(id)}`, {
        body: adminUserUpdate.parse(values),
        headers: ifMatch(version),
      });
      // spec §7: the answer is not needed; when it is the user, the caller may use it.
      const body = res as { user?: unknown } | null;
      const parsed = user.safeParse(body && typeof body === 'object' && 'user' in body ? body.user : body);
      return parsed.success ? parsed.data : null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    onError: (err) => (isEditConflict(err) ? queryClient.invalidateQueries({ queryKey: USERS_KEY }) : undefined),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/api/users/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
