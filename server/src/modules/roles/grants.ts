import type { FastifyRequest } from 'fastify';
import { PERMISSIONS, type PermissionGrant } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { forbidden } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { adminsAmong } from '../users/repository.ts';
import { STAFF_PERMISSIONS, grantsFor } from './permissions.ts';

/**
 * Who may hand out what. Every call that gives a user or a role permissions (user create and edit, the role
 * editor, a role's users tab, the default and guests flags) asks here, so a delegated permission can never
 * grow into more: nobody gives a permission, or a role carrying permissions, they do not hold themselves, and
 * only an admin touches admins, a role carrying `admin`, or `admin` itself.
 */

export const CANNOT_GRANT = 'You cannot grant permissions you do not have.';
export const CANNOT_ASSIGN_ROLE = 'You cannot assign a role with permissions you do not have.';
export const ONLY_ADMIN_USER = 'Only an admin can modify an admin.';
export const ONLY_ADMIN_ROLE = 'Only an admin can modify a role with the admin permission.';
export const GUESTS_NOT_ADMIN = 'The guests role cannot have admin permissions.';
export const DEFAULT_NOT_STAFF = 'Only an admin can give staff permissions to a default role: every new account gets them.';
export const OUTRANKED_USER = 'You cannot modify a user with permissions you do not have.';
export const OUTRANKED_ROLE = 'You cannot modify a role with permissions you do not have.';

/** The signed-in caller and their effective permissions (direct and through roles; `admin` holds everything). */
export interface Actor {
  id: number;
  permissions: Set<string>;
  /** The browser session making the call, kept when the actor changes their own password. */
  sessionId?: string;
}

export const actorOf = (req: FastifyRequest): Actor => ({ id: requireUser(req), permissions: req.auth.permissions, sessionId: req.auth.sessionId });
export const isAdmin = (actor: Actor) => actor.permissions.has('admin');

type Restrictions = PermissionGrant['restrictions'];
const CATALOGUE = new Map(PERMISSIONS.map((p) => [p.name, p]));

const valueOf = (restrictions: Restrictions, name: string) => restrictions?.find((r) => r.name === name)?.value;
const sameGrant = (a: PermissionGrant, b: PermissionGrant) =>
  (CATALOGUE.get(a.name)?.restrictions ?? []).every((r) => valueOf(a.restrictions, r.name) === valueOf(b.restrictions, r.name));

/** Grants in `next` that `before` did not already hold with the same restriction values: only these are being granted. */
function addedGrants(next: PermissionGrant[], before: PermissionGrant[]): PermissionGrant[] {
  const had = new Map(before.map((g) => [g.name, g]));
  return next.filter((g) => {
    const old = had.get(g.name);
    return !old || !sameGrant(g, old);
  });
}

/**
 * The most generous value of each numeric restriction the actor holds, per permission: a grant without a value
 * sets no limit (null), so one such grant among the actor's makes them unlimited.
 */
async function restrictionCeilings(db: Db, actorId: number, names: string[]): Promise<Map<string, Map<string, number | null>>> {
  const roleIds = (await db.selectFrom('user_role').select('role_id').where('user_id', '=', actorId).execute()).map((r) => r.role_id);
  const held = [...(await grantsFor(db, 'user', [actorId])).values(), ...(await grantsFor(db, 'role', roleIds)).values()].flat()
    .filter((g) => names.includes(g.name));
  const out = new Map<string, Map<string, number | null>>();
  for (const g of held) {
    const ceilings = out.get(g.name) ?? out.set(g.name, new Map()).get(g.name)!;
    for (const def of CATALOGUE.get(g.name)?.restrictions ?? []) {
      if (def.type !== 'number') continue;
      const v = valueOf(g.restrictions, def.name);
      const prev = ceilings.get(def.name);
      if (prev === null) continue;
      ceilings.set(def.name, typeof v !== 'number' ? null : prev === undefined ? v : Math.max(prev, v));
    }
  }
  return out;
}

/**
 * Refuses (403) when `next` gives anything the actor does not hold: a permission, or a numeric restriction
 * value larger than the actor's own (no value means no limit). Grants already in `before`, unchanged, pass:
 * editing someone who holds more than the editor is fine as long as nothing new is handed out.
 */
export async function assertCanGrant(db: Db, actor: Actor, next: PermissionGrant[], before: PermissionGrant[] = [], message = CANNOT_GRANT): Promise<void> {
  if (isAdmin(actor)) return;
  const added = addedGrants(next, before);
  if (added.some((g) => !actor.permissions.has(g.name))) throw forbidden(message);
  const restricted = added.filter((g) => CATALOGUE.get(g.name)?.restrictions.some((r) => r.type === 'number'));
  if (!restricted.length) return;
  const ceilings = await restrictionCeilings(db, actor.id, restricted.map((g) => g.name));
  for (const g of restricted) {
    for (const def of CATALOGUE.get(g.name)!.restrictions) {
      const ceiling = ceilings.get(g.name)?.get(def.name) ?? null;
      if (ceiling === null) continue;
      const given = valueOf(g.restrictions, def.name);
      if (typeof given !== 'number' || given > ceiling) throw forbidden(message);
    }
  }
}

/** Refuses giving users roles whose permissions the actor does not hold (roles they already had pass). */
export async function assertCanAssignRoles(db: Db, actor: Actor, roleIds: number[], beforeRoleIds: number[] = []): Promise<void> {
  if (isAdmin(actor)) return;
  const added = [...new Set(roleIds)].filter((id) => !beforeRoleIds.includes(id));
  if (!added.length) return;
  const grants = await grantsFor(db, 'role', added);
  for (const id of added) {
    const carried = grants.get(id) ?? [];
    if (carried.some((g) => g.name === 'admin')) throw forbidden(ONLY_ADMIN_ROLE);
    await assertCanGrant(db, actor, carried, [], CANNOT_ASSIGN_ROLE);
  }
}

/**
 * Only an admin edits, suspends, deletes or changes the roles of a user who holds `admin`; and nobody does so to a
 * user holding a staff permission they lack themselves (setting that user's password would hand it over).
 * Everyday permissions do not count: any member may be managed by whoever holds `users.update`.
 */
export async function assertCanTouchUsers(db: Db, actor: Actor, userIds: number[]): Promise<void> {
  if (isAdmin(actor) || !userIds.length) return;
  if ((await adminsAmong(db, userIds)).length) throw forbidden(ONLY_ADMIN_USER);
  const others = [...new Set(userIds)].filter((id) => id !== actor.id);
  if (!others.length) return;
  // One read for any number of users (a bulk delete): the staff grants they hold directly or through their roles.
  const held = await db.selectFrom('permission_grants').select('name').where('name', 'in', [...STAFF_PERMISSIONS])
    .where((eb) => eb.or([
      eb.and([eb('model_type', '=', 'user'), eb('model_id', 'in', others)]),
      eb.and([eb('model_type', '=', 'role'), eb('model_id', 'in', eb.selectFrom('user_role').select('role_id').where('user_id', 'in', others))]),
    ])).execute();
  if (held.some((g) => !actor.permissions.has(g.name))) throw forbidden(OUTRANKED_USER);
}

/**
 * Only an admin edits, deletes or changes the members of a role that carries `admin`; and nobody does so to a role
 * carrying a staff permission they lack themselves, as with users (assertCanTouchUsers): taking the permission off the
 * role, or deleting the role, would demote the staff who hold it through the role.
 */
export function assertCanTouchRole(actor: Actor, role: { permissions: PermissionGrant[] }): void {
  if (isAdmin(actor)) return;
  if (role.permissions.some((g) => g.name === 'admin')) throw forbidden(ONLY_ADMIN_ROLE);
  if (role.permissions.some((g) => STAFF_PERMISSIONS.has(g.name) && !actor.permissions.has(g.name))) throw forbidden(OUTRANKED_ROLE);
}

/** Whatever the guests role carries, every signed-out visitor holds: never a staff permission (STAFF_PERMISSIONS), not even from an admin. */
export function assertGuestsSafe(role: { guests: boolean; permissions: PermissionGrant[] }): void {
  if (role.guests && role.permissions.some((g) => STAFF_PERMISSIONS.has(g.name))) throw forbidden(GUESTS_NOT_ADMIN);
}

/**
 * A default role is given to every account, and to every new sign-up: only an admin puts a staff permission
 * (STAFF_PERMISSIONS) there. Otherwise a staff member holding roles.update could hand it, and with it every member's
 * e-mail address (GET users), to anyone who registers. `before`: what the role already gave its holders as a default role.
 */
export function assertDefaultSafe(actor: Actor, role: { default: boolean; permissions: PermissionGrant[] }, before: PermissionGrant[] = []): void {
  if (isAdmin(actor) || !role.default) return;
  const had = new Set(before.map((g) => g.name));
  if (role.permissions.some((g) => STAFF_PERMISSIONS.has(g.name) && !had.has(g.name))) throw forbidden(DEFAULT_NOT_STAFF);
}
