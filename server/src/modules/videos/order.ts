import { sql, type SelectQueryBuilder } from 'kysely';
import type { SettingValue } from '@app/contracts';
import type { Database } from '../../db/schema.ts';

export type VideoSort = SettingValue<'client.streaming.default_sort'>;

type VideoQuery<O> = SelectQueryBuilder<Database, 'videos', O>;

/** Each choice of the videos settings' "Video sorting", by its stored value (a Map: the value is never a property lookup). */
const SORTS = new Map<VideoSort, <O>(q: VideoQuery<O>) => VideoQuery<O>>([
  ['order:asc', (q) => q],
  ['created_at:desc', (q) => q.orderBy('videos.created_at', 'desc')],
  ['name:asc', (q) => q.orderBy('videos.name')],
  // Videos without a language last, on both databases.
  ['Language:asc', (q) => q.orderBy(sql`case when videos.language is null then 1 else 0 end`).orderBy('videos.language')],
  ['reports:asc', (q) => q.orderBy('videos.reports_count')],
  ['score:desc', (q) => q.orderBy(sql`videos.upvotes - videos.downvotes`, 'desc').orderBy('videos.upvotes', 'desc')],
]);

/** Orders a title's videos as the videos settings say; the editors' own order, then age, breaks ties. */
export function orderVideos<O>(q: VideoQuery<O>, sort: VideoSort): VideoQuery<O> {
  return (SORTS.get(sort) ?? SORTS.get('order:asc')!)(q).orderBy('videos.order').orderBy('videos.id');
}
