import type { AppContext } from '../../context.ts';
import { paginate } from '../../http/list-query.ts';
import { defaultRoleIds, usersListDefinition, whereInRole } from './list.ts';
import { ADMIN_USER_COLUMNS, adminsAmong, attachRelations, toUser } from './repository.ts';

/**
 * One page of the admin users list; `roleId` narrows it to one role's users (the role editor's users tab, see
 * whereInRole), and `withs` attaches relations (roles, permissions, subscription).
 */
export async function listUsers(ctx: AppContext, query: unknown, roleId: number | undefined, withs: string[]) {
  const largeRoles = await defaultRoleIds(ctx.db);
  let base = ctx.db.selectFrom('users').select(ADMIN_USER_COLUMNS);
  if (roleId !== undefined) base = whereInRole(ctx.db, base, roleId, largeRoles.has(roleId));
  const def = usersListDefinition(ctx, largeRoles);
  // The cached unfiltered total counts every user, not one role's.
  const page = await paginate(base, query, roleId === undefined ? def : { ...def, unfilteredTotal: undefined }, toUser);
  // Each row says whether it is an admin's: staff who are not admins are offered no action the server would refuse.
  const admins = new Set(await adminsAmong(ctx.db, page.data.map((u) => u.id)));
  return { ...page, data: (await attachRelations(ctx.db, page.data, withs)).map((u) => ({ ...u, is_admin: admins.has(u.id) })) };
}
