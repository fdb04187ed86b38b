import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@app/contracts/users';
import { api } from './api';
import { configureDates, type DateVerbosity } from './format';
import { queryClient, queryKeys } from './query-client';

export interface BootstrapData {
  user: CurrentUser | null;
  settings: Record<string, unknown>;
  version: string;
  /** What a signed-out visitor may do (the guests role), so the site offers guests what the operator granted them. */
  guestPermissions: string[];
  /** The roles a signed-out visitor holds (the guests role), for menu items restricted to roles. */
  guestRoleIds: number[];
}

async function loadBootstrap(): Promise<BootstrapData> {
  const data = await api.get<Partial<Omit<BootstrapData, 'guestPermissions' | 'guestRoleIds'>> & { guest_permissions?: string[]; guest_role_ids?: number[] }>('auth/me');
  const settings = data.settings ?? {};
  configureDates((settings['client.dates.format'] as DateVerbosity | undefined) ?? 'auto', (settings['client.dates.default_timezone'] as string | undefined) ?? 'auto');
  return { user: data.user ?? null, settings: data.settings ?? {}, version: data.version ?? '', guestPermissions: data.guest_permissions ?? [], guestRoleIds: data.guest_role_ids ?? [] };
}

const bootstrapQuery = { queryKey: queryKeys.bootstrap, queryFn: loadBootstrap, staleTime: 60_000 };

/** Bootstrap data (auth/me), cached; used by route loaders. */
export function fetchBootstrap(): Promise<BootstrapData> {
  return queryClient.fetchQuery(bootstrapQuery);
}

/** A permission, every one of a list of them, or (`{ any }`) at least one of a list. */
export type PermissionNeed = string | readonly string[] | { readonly any: readonly string[] };

function holds(perms: readonly string[], need: PermissionNeed): boolean {
  if (typeof need === 'string') return perms.includes(need);
  if ('any' in need) return need.any.some((p) => perms.includes(p));
  return (need as readonly string[]).every((p) => perms.includes(p));
}

/** Whether the user holds what `permission` asks for (`admin` holds everything). */
export function userCan(user: CurrentUser | null | undefined, permission: PermissionNeed): boolean {
  if (!user) return false;
  const perms = user.effective_permissions ?? [];
  return perms.includes('admin') || holds(perms, permission);
}

export function useBootstrap(): BootstrapData {
  const { data } = useQuery(bootstrapQuery);
  return data ?? { user: null, settings: {}, version: '', guestPermissions: [], guestRoleIds: [] };
}

/**
 * Whether the visitor's bootstrap (who they are) has been answered, or has failed for good; until then a signed-in
 * user looks like a guest.
 */
export function useBootstrapLoaded(): boolean {
  return !useQuery(bootstrapQuery).isPending;
}

export function useAuth() {
  const data = useBootstrap();
  return {
    user: data.user,
    isLoggedIn: !!data.user,
    can: (permission: PermissionNeed) => (data.user ? userCan(data.user, permission) : holds(data.guestPermissions, permission)),
    isAdmin: userCan(data.user, 'admin.access'),
  };
}

export function useSetting<T = unknown>(key: string, fallback?: T): T {
  const { settings } = useBootstrap();
  return (key in settings ? settings[key] : fallback) as T;
}

/** Refresh bootstrap data after login, logout or profile changes. */
export function setBootstrapUser(user: CurrentUser | null) {
  queryClient.setQueryData<BootstrapData>(queryKeys.bootstrap, (old) => ({ settings: {}, version: '', guestPermissions: [], guestRoleIds: [], ...old, user }));
}
export function invalidateBootstrap() {
  return queryClient.invalidateQueries({ queryKey: queryKeys.bootstrap });
}

/**
 * After signing out or closing the account: nothing the account saw stays cached in the tab. The site's own settings
 * (its name, theme, menus) stay on screen while the guest's bootstrap loads, which then replaces them; emptied, the
 * page would fall back to the built-in look until a reload.
 */
export function signedOut(): void {
  const previous = queryClient.getQueryData<BootstrapData>(queryKeys.bootstrap);
  queryClient.clear();
  if (previous) queryClient.setQueryData<BootstrapData>(queryKeys.bootstrap, { ...previous, user: null });
  void invalidateBootstrap();
}
