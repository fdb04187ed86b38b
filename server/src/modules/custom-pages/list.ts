import { filters, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import type { AppContext } from '../../context.ts';
import { PAGE_SEARCH_INDEX } from './repository.ts';
import { trigramSearch } from '../../http/text-search.ts';

/** Whitelisted sorts and filters of `GET custom-pages`; each column has an index (0009_custom_pages). */
export function customPagesListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: {
      title: 'custom_pages.title', slug: 'custom_pages.slug', type: 'custom_pages.type', user_id: 'custom_pages.user_id',
      created_at: 'custom_pages.created_at', updated_at: 'custom_pages.updated_at', id: 'custom_pages.id',
    },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'custom_pages.id',
    filters: {
      user_id: filters.id('custom_pages.user_id'),
      type: (qb, f) => {
        if (typeof f.value !== 'string' || f.value.length > 50) throw invalidFilter('type');
        return qb.where('custom_pages.type', f.operator === '!=' ? '!=' : '=', f.value);
      },
      created_at: filters.date('custom_pages.created_at'),
      updated_at: filters.date('custom_pages.updated_at'),
    },
    search: trigramSearch(ctx.db, ctx.dialect, PAGE_SEARCH_INDEX),
  };
}
