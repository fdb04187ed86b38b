import type { FilterItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { filters, type FilterHandler, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { readCounter } from '../../db/versions.ts';
import { sql } from '../../db/index.ts';
import { trigramMatchIds } from '../../http/text-search.ts';
import { USER_SEARCH_INDEX } from '../users/list.ts';

/** Most authors one search narrows to. */
const AUTHOR_CAP = 500;

/**
 * The moderation lists' search box finds items by their author (e-mail or name) through the users' trigram index;
 * the text of 1,000,000 comments is not indexed for search.
 */
export function authorSearch(ctx: AppContext, column: string): NonNullable<ListDefinition['search']> {
  return async (qb, query) => {
    const rows = await trigramMatchIds(ctx.db, ctx.dialect, USER_SEARCH_INDEX, query).limit(AUTHOR_CAP).execute();
    return rows.length ? qb.where(column, 'in', rows.map((r) => Number(r.id))) : qb.where(sql<boolean>`1 = 0`);
  };
}

/** A yes/no filter value (true, 'true', 1, '1' or their opposites); anything else is a 422. */
export function yesNo(f: FilterItem): boolean {
  const on = f.value === true || f.value === 'true' || f.value === 1 || f.value === '1';
  const off = f.value === false || f.value === 'false' || f.value === 0 || f.value === '0';
  if (!on && !off) throw invalidFilter(f.key);
  return on;
}

/** `reported`: true → at least one report, false → none (reviews_reports / comments_reports index). */
export const reportedFilter = (column: string): FilterHandler => (qb, f) => (yesNo(f) ? qb.where(column, '>', 0) : qb.where(column, '=', 0));

/** Whitelisted sorts and filters of the `GET reviews` moderation list; each is served by an index of 0026. */
export function reviewsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: {
      created_at: 'reviews.created_at', updated_at: 'reviews.updated_at', score: 'reviews.score',
      helpful_count: 'reviews.helpful_count', reports_count: 'reviews.reports_count', id: 'reviews.id',
    },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'reviews.id',
    filters: {
      reported: reportedFilter('reviews.reports_count'),
      user_id: filters.id('reviews.user_id'),
      title_id: (qb, f) => filters.id('reviews.reviewable_id')(qb.where('reviews.reviewable_type', '=', 'title'), f),
      score: filters.id('reviews.score'),
      created_at: filters.date('reviews.created_at'),
    },
    search: authorSearch(ctx, 'reviews.user_id'),
    unfilteredTotal: () => readCounter(ctx.db, 'rows:reviews'),
    countVersion: { db: ctx.db, counter: 'version:reviews' },
  };
}
