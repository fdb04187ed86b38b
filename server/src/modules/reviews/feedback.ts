import type { SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import type { Database } from '../../db/schema.ts';

/** Ids as a list, or as a query that selects them (the episodes of titles about to go). */
type Ids = readonly number[] | SelectQueryBuilder<Database, any, { id: number }>;
type About = 'title' | 'episode' | 'video' | 'news_article';

const none = (ids: Ids) => Array.isArray(ids) && ids.length === 0;

/**
 * Comments, reviews, ratings and reports name what they are about by type and id, with no foreign key: every path
 * that deletes titles, episodes, videos or articles deletes what visitors wrote about them, in its transaction. Left
 * behind, a member's profile listed reviews of a "Deleted title" and the moderation tables rows nobody could open.
 * Votes on reviews and comment replies go with their rows (foreign keys); a review's or comment's reports do not.
 */
export async function deleteFeedbackOn(trx: Db, dialect: Dialect, about: Partial<Record<About, Ids>>): Promise<void> {
  for (const [type, ids] of Object.entries(about) as [About, Ids][]) {
    if (none(ids)) continue;
    const comments = trx.selectFrom('comments').select('id').where('commentable_type', '=', type).where('commentable_id', 'in', ids as number[]);
    const reviews = trx.selectFrom('reviews').select('id').where('reviewable_type', '=', 'title').where('reviewable_id', 'in', ids as number[]);
    // Locked before their reports go, as a report locks its comment or review: a report sent meanwhile is in before
    // the clean-up below, or waits and finds its comment or review gone (404), never a report left on nothing.
    await lockRows(trx, dialect, 'comments', comments, 'update');
    if (type === 'title') await lockRows(trx, dialect, 'reviews', reviews, 'update');
    await trx.deleteFrom('content_reports').where('reportable_type', '=', 'comment').where('reportable_id', 'in', comments).execute();
    await trx.deleteFrom('comments').where('commentable_type', '=', type).where('commentable_id', 'in', ids as number[]).execute();
    if (type === 'title') {
      await trx.deleteFrom('content_reports').where('reportable_type', '=', 'review').where('reportable_id', 'in', reviews).execute();
      await trx.deleteFrom('reviews').where('reviewable_type', '=', 'title').where('reviewable_id', 'in', ids as number[]).execute();
    }
    if (type === 'title' || type === 'episode') {
      await trx.deleteFrom('ratings').where('ratable_type', '=', type).where('ratable_id', 'in', ids as number[]).execute();
      await trx.deleteFrom('rating_totals').where('ratable_type', '=', type).where('ratable_id', 'in', ids as number[]).execute();
    }
    if (type === 'video') await trx.deleteFrom('content_reports').where('reportable_type', '=', 'video').where('reportable_id', 'in', ids as number[]).execute();
  }
}
