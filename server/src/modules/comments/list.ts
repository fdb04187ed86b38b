import { COMMENTABLE_TYPES, ID_MAX } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { filters, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { readCounter } from '../../db/versions.ts';
import { authorSearch, reportedFilter, yesNo } from '../reviews/list.ts';

const TYPES = new Set<string>(COMMENTABLE_TYPES);

/** Whitelisted sorts and filters of the `GET comment` moderation list; each is served by an index of 0026. */
export function commentsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { created_at: 'comments.created_at', reports_count: 'comments.reports_count', id: 'comments.id' },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'comments.id',
    filters: {
      deleted: (qb, f) => qb.where('comments.deleted', '=', yesNo(f)),
      reported: reportedFilter('comments.reports_count'),
      user_id: filters.id('comments.user_id'),
      title_id: filters.id('comments.title_id'),
      // "video:12", "episode:3": one item's comments.
      commentable: (qb, f) => {
        const m = typeof f.value === 'string' ? /^([a-z_]+):(\d{1,10})$/.exec(f.value) : null;
        if (!m || !TYPES.has(m[1]) || Number(m[2]) > ID_MAX) throw invalidFilter('commentable');
        return qb.where('comments.commentable_type', '=', m[1]).where('comments.commentable_id', '=', Number(m[2]));
      },
      created_at: filters.date('comments.created_at'),
    },
    search: authorSearch(ctx, 'comments.user_id'),
    unfilteredTotal: () => readCounter(ctx.db, 'rows:comments'),
    countVersion: { db: ctx.db, counter: 'version:comments' },
  };
}
