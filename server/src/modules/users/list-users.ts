import type { AppContext } from '../../context.ts';
import { paginate } from '../../http/list-query.ts';
import { usersListDefinition } from './list.ts';
import { ADMIN_USER_COLUMNS, adminsAmong, attachRelations, toUser } from './repository.ts';

/**
 * One page of the admin users list; `roleId` narrows it to one role's users (the role editor's users tab) through
 * user_role's (role_id, user_id) index, and `withs` attaches relations (roles, permissions, subscription).
 */
export async function listUsers(ctx: AppContext, query: unknown, roleId: number | undefined, withs: string[]) {
  let base = ctx.db.selectFrom('users').select(ADMIN_USER_COLUMNS);
  if (roleId !== undefined) base = base.where('users.id', 'in', ctx.db.selectFrom('user_role').select('user_id').where('role_id', '=', roleId));
  const def = usersListDefinition(ctx);
  // The cached unfiltered total counts every user, not one role's.
  const page = await paginate(base, query, roleId === undefined ? def : { ...def, unfilteredTotal: undefined }, toUser);
  // Each row says whether it is an admin's: staff who are not admins are offered no action the server would refuse.
  const admins = new Set(await adminsAmong(ctx.db, page.data.map((u) => u.id)));
  return { ...page, data: (await attachRelations(ctx.db, page.data, withs)).map((u) => ({ ...u, is_admin: admins.has(u.id) })) };
}
