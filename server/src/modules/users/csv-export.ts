import type { AppContext } from '../../context.ts';
import { translate } from '@app/contracts';
import { keysetRows, registerCsvExport } from '../../http/csv-export.ts';
import { applyFilters, parseListQuery } from '../../http/list-query.ts';
import { usersListDefinition } from './list.ts';
import { displayName } from './repository.ts';

const COLUMNS = ['id', 'email', 'display_name', 'first_name', 'last_name', 'email_verified_at', 'banned_at', 'created_at', 'updated_at'];

/** The filtered user query, without paging; the same filters and search as the list call. */
async function filteredQuery(ctx: AppContext, rawQuery: unknown) {
  const def = usersListDefinition(ctx);
  const q = parseListQuery(rawQuery);
  let qb = ctx.db.selectFrom('users').select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.email_verified_at', 'users.banned_at', 'users.created_at', 'users.updated_at']);
  // The whitelist's own keys only: `toString` or `__proto__` is an unknown filter (422).
  qb = applyFilters(qb as any, def, q.filterItems) as any;
  if (q.query && def.search) qb = (await def.search(qb as any, q.query)) as any;
  return qb;
}

/** The users list as CSV with the list's filters and search (small exports now, large ones by mail). */
export function usersCsvExport(ctx: AppContext) {
  return registerCsvExport(ctx, {
    resource: 'users',
    subject: translate(undefined, 'Your users report is ready'),
    columns: COLUMNS,
    async *rows(rawQuery) {
      const base = await filteredQuery(ctx, rawQuery);
      yield* keysetRows((after, limit) => base.where('users.id', '>', after).orderBy('users.id').limit(limit).execute(),
        (r) => [r.id, r.email, displayName(r), r.first_name, r.last_name, r.email_verified_at, r.banned_at, r.created_at, r.updated_at]);
    },
    async count(rawQuery) {
      const row = await (await filteredQuery(ctx, rawQuery)).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
