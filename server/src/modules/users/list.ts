import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { filters, type ListDefinition } from '../../http/list-query.ts';
import { nowIso } from '../../db/index.ts';
import { userSearchIds } from './repository.ts';
import { boundedCache, readCounter } from '../../db/versions.ts';

const SEARCH_ID_CAP = 2000;
/** Matches per users version and query: paging or re-sorting one search does not run the index match again. */
const searchMatches = boundedCache<number[] | 'too-many'>(500);

export function usersListDefinition(ctx: AppContext): ListDefinition {
  const activeSubscription = () => ctx.db.selectFrom('subscriptions').select('subscriptions.user_id')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', nowIso())]));
  return {
    sorts: { email: 'users.email', first_name: 'users.first_name', last_name: 'users.last_name', created_at: 'users.created_at', updated_at: 'users.updated_at', id: 'users.id' },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'users.id',
    filters: {
      email_verified_at: filters.isSet('users.email_verified_at'),
      banned_at: filters.isSet('users.banned_at'),
      created_at: filters.date('users.created_at'),
      updated_at: filters.date('users.updated_at'),
      roles: (qb, f) => {
        const id = Number(f.value);
        if (!Number.isInteger(id)) throw new HttpError(422, 'Invalid value for roles', { filters: ['Invalid value for roles'] });
        return qb.where('users.id', 'in', ctx.db.selectFrom('user_role').select('user_id').where('role_id', '=', id));
      },
      subscriptions: (qb, f) => {
        // has / doesntHave decide; with a plain operator the value says which (true → has).
        const has = f.operator === 'has' || (f.operator !== 'doesntHave' && (f.value === true || f.value === 'true'));
        return qb.where('users.id', has ? 'in' : 'not in', activeSubscription());
      },
    },
    search: async (qb, q) => {
      // Run the index match once: up to SEARCH_ID_CAP ids become a literal list shared by the count and the page.
      const key = `${await readCounter(ctx.db, 'version:users')}|${q}`;
      let ids = searchMatches.get(ctx.db, key);
      if (!ids) {
        const matches = userSearchIds(ctx.db, ctx.dialect, q) as unknown as SelectQueryBuilder<any, any, { id: number }>;
        const rows = await matches.limit(SEARCH_ID_CAP + 1).execute();
        ids = rows.length > SEARCH_ID_CAP ? 'too-many' : rows.map((r) => Number(r.id));
        searchMatches.set(ctx.db, key, ids);
      }
      if (ids === 'too-many') return qb.where('users.id', 'in', userSearchIds(ctx.db, ctx.dialect, q));
      return ids.length ? qb.where('users.id', 'in', ids) : qb.where(sql<boolean>`1 = 0`);
    },
    // Counting a million rows on every page view is the one cost a large site cannot afford: the
    // unfiltered total is a trigger-maintained counter, filtered totals are counted once per users version.
    unfilteredTotal: () => readCounter(ctx.db, 'rows:users'),
    countVersion: { db: ctx.db, counter: 'version:users' },
  };
}
