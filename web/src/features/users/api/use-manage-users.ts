import { adminUserUpdate, apiPath, user, type AdminUserUpdate } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ifMatch, isEditConflict } from '../../../lib/edit-conflict';
import { pagedQueryOptions } from '../../../lib/paged-query';
import { refreshAfterWrite } from '../../../lib/refresh';

export const USERS_KEY = ['users'] as const;

export interface ManageUsersParams {
  q: string;
  offset: number;
  limit: number;
}

/** GET /api/users, searched (name or e-mail, any case) and paged on the server (spec §2, ARCHITECTURE §4). */
export const manageUsersQueryOptions = ({ q, offset, limit }: ManageUsersParams) =>
  pagedQueryOptions(
    [...USERS_KEY, 'manage', { q, offset, limit }] as const,
    apiPath('/api/users', undefined, { offset, limit, q: q || undefined }),
    user,
  );

export const useManageUsers = (params: ManageUsersParams) => useQuery(manageUsersQueryOptions(params));

/**
 * PUT /api/users/{id} with the admin's Edit User form (spec §7: the admin edit also sends
 * certificateNo), naming the version the form was opened at (issue 16): refused because the member
 * or another admin saved first, the list is refetched to show their values.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id: string; version?: number; values: AdminUserUpdate }) =>
      // The saved user: an admin who edited themself sees it at once (edit-user-dialog.tsx).
      api('PUT', apiPath('/api/users/:id', { id }), {
        body: adminUserUpdate.parse(values),
        headers: ifMatch(version),
        schema: user,
      }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: USERS_KEY }),
    onError: (err) => (isEditConflict(err) ? refreshAfterWrite(queryClient, { queryKey: USERS_KEY }) : undefined),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/users/:id', { id }), { noContent: true }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: USERS_KEY }),
  });
}
