import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/contracts/users';
import type { Role } from '@app/contracts/roles';
import type { Permission } from '@app/contracts/permissions';
import type { PaginationResponse } from '@app/contracts/list';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('users', id ?? ''),
    queryFn: () => api.get<{ user: User }>(`users/${id}`).then((r) => r.user),
    enabled: !!id,
  });
}

export function useRoles() {
  return useQuery({
    queryKey: queryKeys.list('roles', { perPage: 100 }),
    queryFn: () => api.get<PaginationResponse<Role>>('roles', { perPage: 100 }).then((r) => r.pagination.data),
    staleTime: 5 * 60_000,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: () => api.get<{ permissions: Permission[] }>('permissions').then((r) => r.permissions),
    staleTime: 10 * 60_000,
  });
}

/** Invalidate every users query and put the fresh user in its detail cache. */
export function useUsersInvalidator() {
  const qc = useQueryClient();
  return (user?: User) => {
    if (user) qc.setQueryData(queryKeys.detail('users', user.id), user);
    return qc.invalidateQueries({ queryKey: queryKeys.lists('users') });
  };
}

export function useUnbanUser() {
  const invalidate = useUsersInvalidator();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ user: User }>(`users/${id}/unban`),
    onSuccess: (r) => invalidate(r?.user),
  });
}
