import { MEMBER_ONLY_PERMISSIONS, PERMISSIONS, type Permission, type PermissionGrant } from '@app/contracts/permissions';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';

/**
 * What the signed-in editor may hand out, as the server decides it (server/src/modules/roles/grants.ts): the role
 * editor and the user form show what it would refuse as disabled, with the reason, instead of a Save that fails.
 */
const STAFF = new Set(PERMISSIONS.filter((p) => p.advanced).map((p) => p.name));

export interface GrantRules {
  /** Why the whole role cannot be changed by this editor, or null. */
  roleLocked(role: { permissions: PermissionGrant[] } | undefined, action: 'create' | 'update'): string | null;
  /** Why this permission cannot be ticked or unticked on this role (or user), or null. */
  permissionLocked(p: Permission, had: boolean, target: { guests?: boolean; default?: boolean }): string | null;
  /** Why a role cannot be given to, or taken from, a user here, or null. */
  roleAssignLocked(role: { permissions: PermissionGrant[] }, had: boolean): string | null;
}

export function useGrantRules(): GrantRules {
  const { user } = useAuth();
  const held = new Set(user?.effective_permissions ?? []);
  const admin = held.has('admin');
  const lacks = (name: string) => !admin && !held.has(name);
  return {
    roleLocked(role, action) {
      if (action === 'create' ? lacks('roles.create') && lacks('roles.update') : lacks('roles.update')) return trans('You can view this role but not change it.');
      if (!role || admin) return null;
      if (role.permissions.some((g) => g.name === 'admin')) return trans('Only an admin can modify a role with the admin permission.');
      if (role.permissions.some((g) => STAFF.has(g.name) && lacks(g.name))) return trans('You cannot modify a role with permissions you do not have.');
      return null;
    },
    permissionLocked(p, had, target) {
      // Taking away is what the guests role needs for an old grant: only adding is refused.
      if (!had && target.guests && MEMBER_ONLY_PERMISSIONS.has(p.name)) return trans('Visitors are not signed in: this permission needs a signed-in user.');
      if (admin) return null;
      if (!had && lacks(p.name)) return trans('Only someone who holds this permission can grant it.');
      if (!had && target.default && STAFF.has(p.name)) return trans('Only an admin can give staff permissions to a default role: every new account gets them.');
      return null;
    },
    roleAssignLocked(role, had) {
      if (admin || had) return null;
      if (role.permissions.some((g) => g.name === 'admin')) return trans('Only an admin can modify a role with the admin permission.');
      if (role.permissions.some((g) => lacks(g.name))) return trans('You cannot assign a role with permissions you do not have.');
      return null;
    },
  };
}
