import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@app/contracts/roles';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export function useRole(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('roles', id ?? ''),
    queryFn: () => api.get<{ role: Role }>(`roles/${id}`).then((r) => r.role),
    enabled: !!id,
  });
}

/** After a change: fresh role in its detail cache, every roles list and (membership changed) users list refetched. */
export function useRolesInvalidator() {
  const qc = useQueryClient();
  return async (role?: Role, usersToo = false) => {
    if (role) qc.setQueryData(queryKeys.detail('roles', role.id), role);
    await qc.invalidateQueries({ queryKey: queryKeys.lists('roles') });
    if (usersToo) await qc.invalidateQueries({ queryKey: queryKeys.all('users') });
  };
}

export function useRoleUsersMutation(roleId: number, action: 'add-users' | 'remove-users') {
  const invalidate = useRolesInvalidator();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => api.post<{ count: number; message: string }>(`roles/${roleId}/${action}`, { userIds }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.detail('roles', roleId) });
      await invalidate(undefined, true);
    },
  });
}
