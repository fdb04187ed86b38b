import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { REPORTABLE, type ReportableType } from './posting.ts';
import { showLocalRating } from './shown-ratings.ts';
import { settleReplyCounts } from '../comments/reply-counts.ts';


/**
 * Deleting users takes their ratings, votes, reports and comments with them (the rows cascade, but not other members'
 * replies to those comments, which become comments of their own); this takes their
 * share out of the counters those rows were counted in, so a title's average, a review's helpful count, an item's
 * reports and a thread's reply counts stay true. Call it inside the deleting transaction, before the users go.
 */
export async function withdrawContributions(ctx: AppContext, trx: Db, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const ratings = await trx.selectFrom('ratings').select(['ratable_type', 'ratable_id'])
    .select((eb) => [eb.fn.sum<number>('score').as('score'), eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds).groupBy(['ratable_type', 'ratable_id']).execute();
  for (const r of ratings) {
    await trx.updateTable('rating_totals').set((eb) => ({ score_sum: eb('score_sum', '-', Number(r.score)), count: eb('count', '-', Number(r.n)) }))
      .where('ratable_type', '=', r.ratable_type).where('ratable_id', '=', r.ratable_id).execute();
    await showLocalRating(ctx, trx, r.ratable_type as 'title' | 'episode', r.ratable_id);
  }

  const videoVotes = await trx.selectFrom('video_votes').select(['video_id', 'is_upvote']).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', 'in', userIds).groupBy(['video_id', 'is_upvote']).execute();
  for (const v of videoVotes) {
    const column = v.is_upvote ? 'upvotes' : 'downvotes';
    await trx.updateTable('videos').set((eb) => ({ [column]: eb(column, '-', Number(v.n)) })).where('id', '=', v.video_id).execute();
  }

  const votes = await trx.selectFrom('review_votes').select(['review_id', 'is_helpful']).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', 'in', userIds).groupBy(['review_id', 'is_helpful']).execute();
  for (const v of votes) {
    const column = v.is_helpful ? 'helpful_count' : 'not_helpful_count';
    await trx.updateTable('reviews').set((eb) => ({ [column]: eb(column, '-', Number(v.n)) })).where('id', '=', v.review_id).execute();
  }

  const reports = await trx.selectFrom('content_reports').select(['reportable_type', 'reportable_id']).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', 'in', userIds).groupBy(['reportable_type', 'reportable_id']).execute();
  for (const r of reports) {
    // A Map, so a stored type never picks a property of an object.
    const table = REPORTABLE.get(r.reportable_type as ReportableType)?.table;
    if (table) await trx.updateTable(table).set((eb) => ({ reports_count: eb('reports_count', '-', Number(r.n)) })).where('id', '=', r.reportable_id).execute();
  }

  // Replies by these users under other people's comments (replies under their own comments go with the parent): the
  // comments above count them no more, and a deleted one left with nothing to show leaves its thread.
  const replies = await trx.selectFrom('comments').select('parent_id').distinct()
    .where('user_id', 'in', userIds).where('parent_id', 'is not', null).execute();
  await settleReplyCounts(trx, replies.map((r) => r.parent_id), userIds);

  // Other members' replies under these users' comments would cascade with them: they stay, as comments of their own.
  await trx.updateTable('comments').set({ parent_id: null })
    .where('parent_id', 'in', (eb) => eb.selectFrom('comments as parent').select('parent.id').where('parent.user_id', 'in', userIds))
    .where('user_id', 'not in', userIds).execute();
}
