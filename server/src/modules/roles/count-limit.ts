import { translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from './grants.ts';
import { restrictionLimit } from './permissions.ts';

export const LISTS_LIMIT = 'You can create at most [one 1 list|other :count lists].';
export const VIDEOS_LIMIT = 'You can add at most [one 1 video|other :count videos].';

/** Checks, inside the transaction that then inserts, that the user is still under their limit. */
export type CountGuard = (trx: Db) => Promise<void>;

/**
 * The `count` restriction of lists.create and videos.create: how many of them a user may have made. The guard it
 * returns locks the user's row (PostgreSQL; SQLite runs one writer at a time) before counting, so requests sent at
 * once cannot all take the last place; it must run in the same transaction as the insert. Admins have no limit.
 * `message` is a plural form of `:count`.
 */
export async function countGuard(
  ctx: AppContext, actor: Pick<Actor, 'id' | 'permissions'>, permission: string, message: string, count: (db: Db) => Promise<number>,
): Promise<CountGuard> {
  const limit = actor.permissions.has('admin') ? null : await restrictionLimit(ctx.db, actor.id, permission, 'count');
  return async (trx) => {
    if (limit === null) return;
    await lockRows(trx, ctx.dialect, 'users', [actor.id], 'update');
    if ((await count(trx)) >= limit) throw forbidden(translate(undefined, message, { count: limit }));
  };
}
