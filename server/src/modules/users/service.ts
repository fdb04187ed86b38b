import type { BanRequest, User, UserCreate, UserUpdate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { onDuplicate } from '../../db/errors.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { HttpError, forbidden, notFound, stillThere } from '../../http/errors.ts';
import { LIMITS, assertUnderLimit, hit } from '../../http/rate-limit.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { endSessions } from '../auth/sessions.ts';
import { type Actor, assertCanAssignRoles, assertCanGrant, assertCanTouchUsers } from '../roles/grants.ts';
import { syncGrants } from '../roles/permissions.ts';
import { checkGrants } from '../roles/service.ts';
import { countAdmins, findUser } from './repository.ts';
import { withdrawContributions } from '../reviews/withdraw.ts';
import { stopBilling } from '../billing/service.ts';
import { deleteAvatarFile } from './avatar.ts';
import { deleteEntriesInBatches } from '../files/service.ts';
import { entryIdsOwnedBy } from '../files/repository.ts';
import { removeTwoFactor } from '../two-factor/repository.ts';

async function assertRolesExist(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.selectFrom('roles').select(['id', 'guests', 'type']).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw new HttpError(422, 'One of the selected roles does not exist.', { roles: ['One of the selected roles does not exist.'] });
  if (found.some((r) => toBool(r.guests) || r.type === 'workspace')) {
    throw new HttpError(422, "Users can't be assigned to this role", { roles: ["Users can't be assigned to this role"] });
  }
}

export const emailTaken = () => new HttpError(422, 'This email has already been taken.', { email: ['This email has already been taken.'] });

/**
 * assertEmailFree for a member's own sign-up or email change: refusals are counted per `key` (an IP, a user) and past
 * LIMITS.takenEmail the check is not even made (429 with Retry-After), so the form cannot be used to test addresses.
 */
export async function assertEmailFreeLimited(ctx: AppContext, email: string, key: string): Promise<void> {
  await assertUnderLimit(ctx, LIMITS.takenEmail, key);
  try {
    await assertEmailFree(ctx.db, email);
  } catch (err) {
    await hit(ctx, LIMITS.takenEmail, key);
    throw err;
  }
}

export async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw emailTaken();
}

export async function syncRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length) {
    const now = nowIso();
    await db.insertInto('user_role').values([...new Set(roleIds)].map((role_id) => ({ user_id: userId, role_id, created_at: now }))).execute();
  }
}

/** Creates a user; `actor` is the admin creating it (registration and social sign-up give only the default roles). */
export async function createUser(ctx: AppContext, input: UserCreate, actor?: Actor): Promise<User> {
  await assertEmailFree(ctx.db, input.email);
  await assertRolesExist(ctx.db, input.roles);
  const grants = checkGrants(input.permissions);
  if (actor) {
    await assertCanGrant(ctx.db, actor, grants);
    await assertCanAssignRoles(ctx.db, actor, input.roles);
  }
  // Like a self-registered account, a user created here without roles gets the default roles.
  const roles = input.roles?.length ? input.roles
    : (await ctx.db.selectFrom('roles').select('id').where('default', '=', true).execute()).map((r) => r.id);
  const password = await hashPassword(input.password);
  const now = nowIso();
  const id = await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('users').values({
      email: input.email, password, first_name: input.first_name ?? null, last_name: input.last_name ?? null,
      avatar: input.avatar ?? null, available_space: input.available_space ?? null,
      email_verified_at: input.email_verified_at ? now : null, banned_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await syncRoles(trx, row.id, roles);
    await syncGrants(trx, 'user', row.id, grants);
    return row.id;
  }), emailTaken);
  return stillThere(await findUser(ctx.db, id), 'User not found');
}

export async function updateUser(ctx: AppContext, id: number, input: UserUpdate, actor: Actor): Promise<User> {
  const existing = await findUser(ctx.db, id);
  if (!existing) throw notFound('User not found');
  await assertCanTouchUsers(ctx.db, actor, [id]);
  if (input.email) await assertEmailFree(ctx.db, input.email, id);
  if (input.roles) await assertRolesExist(ctx.db, input.roles);
  const grants = input.permissions ? checkGrants(input.permissions) : undefined;
  if (grants) await assertCanGrant(ctx.db, actor, grants, existing.permissions);
  if (input.roles) await assertCanAssignRoles(ctx.db, actor, input.roles, existing.roles.map((r) => r.id));
  const password = input.password ? await hashPassword(input.password) : undefined;
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    const emailVerified = input.email_verified_at === undefined ? undefined
      : input.email_verified_at ? (existing.email_verified_at ?? nowIso()) : null;
    await trx.updateTable('users').set({
      // A new address set here was not proven by its owner (see migration 0060).
      ...(input.email !== undefined ? { email: input.email, ...(input.email !== existing.email ? { email_proven_at: null } : {}) } : {}),
      ...(password ? { password } : {}),
      ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
      ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar ?? null } : {}),
      ...(input.available_space !== undefined ? { available_space: input.available_space } : {}),
      ...(emailVerified !== undefined ? { email_verified_at: emailVerified } : {}),
      updated_at: nowIso(),
    }).where('id', '=', id).execute();
    if (input.roles) await syncRoles(trx, id, input.roles);
    if (grants) await syncGrants(trx, 'user', id, grants);
    // Never let an edit take the last administrator's admin rights away.
    if ((input.roles || input.permissions) && (await countAdmins(trx)) === 0) {
      throw new HttpError(422, 'There must be at least one administrator.', { roles: ['There must be at least one administrator.'] });
    }
    // A new password signs the user out everywhere (API tokens too); an admin changing their own keeps this session.
    if (password && id !== actor.id) await endSessions(trx, id);
    else if (password) await endSessions(trx, id, actor.sessionId);
  }), emailTaken);
  // A picture replaced by a web address (or removed) leaves storage once nothing points at it.
  if (input.avatar !== undefined && existing.avatar && input.avatar !== existing.avatar) await deleteAvatarFile(ctx, id, existing.avatar);
  return stillThere(await findUser(ctx.db, id), 'User not found');
}

export async function deleteUsers(ctx: AppContext, ids: number[], actor: Actor): Promise<void> {
  if (ids.includes(actor.id)) throw forbidden('You cannot delete your own account from here.');
  // Like every bulk delete: the ids that exist go, a 404 when none of them does.
  if (!(await ctx.db.selectFrom('users').select('id').where('id', 'in', ids).executeTakeFirst())) throw notFound('User not found');
  await assertCanTouchUsers(ctx.db, actor, ids);
  await removeAccounts(ctx, ids);
}

/**
 * What closing accounts takes with it, for the admin's delete and a user's own: the payment gateway stops billing
 * first (a customer without an account must not go on being charged), then in one transaction their contributions
 * leave the counters and the rows go (their lists, reviews, comments, ratings and sessions cascade); channels they
 * built for the site stay, without an owner, and their plays and page views stay in the reports, anonymous; last, their uploaded avatars
 * and the files they uploaded (rows and bytes: left behind they were nobody's, counted against no one and never removed).
 * The last active administrator stays.
 */
export async function removeAccounts(ctx: AppContext, ids: number[]): Promise<void> {
  if ((await countAdmins(ctx.db, ids, true)) === 0) throw forbidden('The last administrator cannot be deleted.');
  await stopBilling(ctx, ids);
  const avatars = await ctx.db.selectFrom('users').select(['id', 'avatar']).where('id', 'in', ids).where('avatar', 'is not', null).execute();
  const files = await entryIdsOwnedBy(ctx.db, ids);
  // Their export files (their data, CSV reports) leave storage with them; the rows go with the account.
  const exports = await ctx.db.selectFrom('csv_exports').select('path').where('user_id', 'in', ids).where('path', 'is not', null).execute();
  await ctx.db.transaction().execute(async (trx) => {
    // Checked again inside: two admins closing their accounts at once must not leave none.
    if ((await countAdmins(trx, ids, true)) === 0) throw forbidden('The last administrator cannot be deleted.');
    await trx.deleteFrom('permission_grants').where('model_type', '=', 'user').where('model_id', 'in', ids).execute();
    await withdrawContributions(ctx, trx, ids);
    await trx.updateTable('channels').set({ user_id: null }).where('user_id', 'in', ids).where('type', '=', 'channel').execute();
    // Their page views stay in the visitor counts, no longer tied to them (plays let go of them by foreign key).
    await trx.updateTable('page_views').set({ user_id: null }).where('user_id', 'in', ids).execute();
    await trx.deleteFrom('users').where('id', 'in', ids).execute();
  });
  for (const a of avatars) await deleteAvatarFile(ctx, a.id, a.avatar);
  for (const e of exports) await ctx.storage.delete(e.path!).catch((err: unknown) => ctx.errors.capture(err, { message: 'could not remove an export file' }).catch(() => undefined));
  await deleteEntriesInBatches(ctx, files);
}

export async function banUser(ctx: AppContext, id: number, input: BanRequest, actor: Actor): Promise<User> {
  if (id === actor.id) throw forbidden('You cannot suspend yourself.');
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('User not found');
  await assertCanTouchUsers(ctx.db, actor, [id]);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if ((await countAdmins(trx, [id], true)) === 0) throw forbidden('The last administrator cannot be suspended.');
    await trx.insertInto('bans').values({
      user_id: id, ban_until: input.permanent ? null : new Date(input.ban_until!).toISOString(),
      comment: input.comment ?? null, created_by: actor.id, created_at: now,
    }).execute();
    await trx.updateTable('users').set({ banned_at: now, updated_at: now }).where('id', '=', id).execute();
    // A suspension ends the user's sessions and API tokens at once.
    await endSessions(trx, id);
  });
  return stillThere(await findUser(ctx.db, id), 'User not found');
}

/**
 * Turns a member's 2FA off for them (a lost phone and recovery codes would keep them out for good): only for those
 * who may touch the user (an admin only by an admin), and every session and API token of theirs ends, as on a
 * suspension, so whoever may have been signed in must sign in again with the password.
 */
export async function disableUserTwoFactor(ctx: AppContext, id: number, actor: Actor): Promise<User> {
  if (!(await findUser(ctx.db, id))) throw notFound('User not found');
  await assertCanTouchUsers(ctx.db, actor, [id]);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await removeTwoFactor(trx, id))) throw new HttpError(422, 'Two-factor authentication is not on.');
    await endSessions(trx, id, id === actor.id ? actor.sessionId : undefined);
  });
  return stillThere(await findUser(ctx.db, id), 'User not found');
}

export async function unbanUser(ctx: AppContext, id: number, actor: Actor): Promise<User> {
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('User not found');
  await assertCanTouchUsers(ctx.db, actor, [id]);
  await ctx.db.updateTable('users').set({ banned_at: null, updated_at: nowIso() }).where('id', '=', id).execute();
  return stillThere(await findUser(ctx.db, id), 'User not found');
}

/** A temporary suspension lapses by itself; clear it on the next login attempt. */
export async function liftExpiredBan(db: Db, userId: number): Promise<boolean> {
  const ban = await db.selectFrom('bans').select('ban_until').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
  if (ban?.ban_until && ban.ban_until <= nowIso()) {
    await db.updateTable('users').set({ banned_at: null }).where('id', '=', userId).execute();
    return true;
  }
  return false;
}
