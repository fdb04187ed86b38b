import { sql } from 'kysely';
import type { Ban, RoleSummary, Subscription, User } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { grantsFor } from '../roles/permissions.ts';

/** Columns an admin may see; the password hash is never among them. */
export const ADMIN_USER_COLUMNS = [
  'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.avatar', 'users.available_space',
  'users.email_verified_at', 'users.banned_at', 'users.created_at', 'users.updated_at',
] as const;

export type UserListRow = Omit<UserRow, 'password' | 'language' | 'email_proven_at'>;

/** The name admins see: the member's own name, else the start of their e-mail address. */
export function displayName(u: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  return publicName(u) || u.email.split('@')[0];
}

/**
 * The name other members and visitors see (reviews, comments, lists, profiles): the member's own name only, never a
 * part of their e-mail address; empty without one (the site then shows "Member :id").
 */
export function publicName(u: Pick<UserRow, 'first_name' | 'last_name'>): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}

/** A public name for the pages' titles and descriptions, as the site shows a member without one. */
export const memberLabel = (u: { id: number; display_name: string }) => u.display_name || `Member ${u.id}`;

export function toUser(row: UserListRow): User {
  return { ...row, display_name: displayName(row), roles: [] };
}

/** Adds roles (and, when asked, subscriptions and bans) to a page of users with one query each. */
export async function attachRelations(db: Db, users: User[], withs: string[] = []): Promise<User[]> {
  const ids = users.map((u) => u.id);
  if (!ids.length) return users;
  const roles = await db.selectFrom('user_role').innerJoin('roles', 'roles.id', 'user_role.role_id')
    .select(['user_role.user_id', 'roles.id', 'roles.name']).where('user_role.user_id', 'in', ids).orderBy('roles.name').execute();
  const byUser = new Map<number, RoleSummary[]>();
  for (const r of roles) (byUser.get(r.user_id) ?? byUser.set(r.user_id, []).get(r.user_id)!).push({ id: r.id, name: r.name });
  let subs = new Map<number, Subscription[]>();
  if (withs.includes('subscriptions')) {
    const rows = await db.selectFrom('subscriptions').select(['id', 'user_id', 'product_id', 'price_id', 'gateway_name', 'description', 'renews_at', 'ends_at', 'created_at', 'updated_at'])
      .where('user_id', 'in', ids).execute();
    subs = new Map();
    for (const s of rows) (subs.get(s.user_id) ?? subs.set(s.user_id, []).get(s.user_id)!).push(s);
  }
  let bans = new Map<number, Ban[]>();
  if (withs.includes('bans')) {
    const rows = await db.selectFrom('bans').select(['id', 'user_id', 'ban_until', 'comment', 'created_at'])
      .where('user_id', 'in', ids).orderBy('id', 'desc').execute();
    bans = new Map();
    for (const { user_id, ...b } of rows) (bans.get(user_id) ?? bans.set(user_id, []).get(user_id)!).push(b);
  }
  const perms = withs.includes('permissions') ? await grantsFor(db, 'user', ids) : null;
  return users.map((u) => ({
    ...u,
    roles: byUser.get(u.id) ?? [],
    ...(withs.includes('subscriptions') ? { subscriptions: subs.get(u.id) ?? [] } : {}),
    ...(withs.includes('bans') ? { bans: bans.get(u.id) ?? [] } : {}),
    ...(perms ? { permissions: perms.get(u.id) ?? [] } : {}),
  }));
}

export async function findUser(db: Db, id: number): Promise<User | null> {
  const row = await db.selectFrom('users').select(ADMIN_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [user] = await attachRelations(db, [toUser(row)], ['permissions', 'bans', 'subscriptions']);
  const twoFactor = await db.selectFrom('two_factor').select('confirmed_at').where('user_id', '=', id).executeTakeFirst();
  return { ...user, two_factor_enabled: Boolean(twoFactor?.confirmed_at) };
}

/** Users holding the admin permission, through a role or directly. */
function adminIds(db: Db) {
  const adminRoles = db.selectFrom('permission_grants').select('model_id').where('model_type', '=', 'role').where('name', '=', 'admin');
  const direct = db.selectFrom('permission_grants').select('model_id as user_id').where('model_type', '=', 'user').where('name', '=', 'admin');
  return db.selectFrom('users').where((eb) => eb.or([
    eb('id', 'in', db.selectFrom('user_role').select('user_id').where('role_id', 'in', adminRoles)),
    eb('id', 'in', direct),
  ]));
}

/**
 * How many users hold the admin permission, leaving out `excluding`; `activeOnly` leaves out suspended ones
 * too (a suspended admin cannot sign in to lift anything).
 */
export async function countAdmins(db: Db, excluding: number[] = [], activeOnly = false): Promise<number> {
  let q = adminIds(db).select(sql<number>`count(*)`.as('n'));
  if (excluding.length) q = q.where('id', 'not in', excluding);
  if (activeOnly) q = q.where('banned_at', 'is', null);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Which of `ids` hold the admin permission. */
export async function adminsAmong(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await adminIds(db).select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}
