import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { filters, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { givesAccessNow } from '../billing/effects.ts';
import { readCounter } from '../../db/versions.ts';
import { cappedTrigramSearch, type TrigramIndex } from '../../http/text-search.ts';

/**
 * E-mails and names ("ada lovelace" across the first and last name); a query under three characters is an e-mail
 * prefix (e-mails are stored lower-case).
 */
export const USER_SEARCH_INDEX: TrigramIndex = {
  table: 'users', expression: "email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')", prefixColumn: 'users.email', lowerPrefix: true,
  wordsAcrossColumns: true,
};

/** The ids of the roles given to new accounts: they hold nearly every user, so their lists are read another way. */
export async function defaultRoleIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('roles').select('id').where('default', '=', true).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Narrows a users query to one role's members. For the role new accounts get (nearly everyone), EXISTS lets the
 * database walk the sort's index and probe user_role's primary key per row, stopping after the page; IN would read
 * every member and sort them all first (a quarter of a second for page 1 of 100,000 members). A smaller role is read
 * from user_role's role index with IN, which sorts only its members.
 */
export function whereInRole<Q extends SelectQueryBuilder<any, any, any>>(db: Db, qb: Q, roleId: number, large: boolean): Q {
  return (large
    ? qb.where((eb) => eb.exists(eb.selectFrom('user_role').select('user_role.user_id').whereRef('user_role.user_id', '=', 'users.id').where('user_role.role_id', '=', roleId)))
    : qb.where('users.id', 'in', db.selectFrom('user_role').select('user_id').where('role_id', '=', roleId))) as Q;
}

/** `largeRoles`: the roles read with EXISTS (defaultRoleIds); any other role's filter reads its members first. */
export function usersListDefinition(ctx: AppContext, largeRoles: ReadonlySet<number> = new Set()): ListDefinition {
  // Subscribed means what the member's plan gives them: one on hold for a payment gives nothing yet.
  const activeSubscription = () => ctx.db.selectFrom('subscriptions').select('subscriptions.user_id').where(givesAccessNow);
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
        if (!Number.isInteger(id)) throw invalidFilter('roles');
        return whereInRole(ctx.db, qb, id, largeRoles.has(id));
      },
      subscriptions: (qb, f) => {
        // has / doesntHave decide; with a plain operator the value says which (true → has).
        const has = f.operator === 'has' || (f.operator !== 'doesntHave' && (f.value === true || f.value === 'true'));
        return qb.where('users.id', has ? 'in' : 'not in', activeSubscription());
      },
    },
    search: cappedTrigramSearch(ctx.db, ctx.dialect, USER_SEARCH_INDEX, 'version:users'),
    // Counting a million rows on every page view is the one cost a large site cannot afford: the
    // unfiltered total is a trigger-maintained counter, filtered totals are counted once per users version.
    unfilteredTotal: () => readCounter(ctx.db, 'rows:users'),
    countVersion: { db: ctx.db, counter: 'version:users' },
  };
}
