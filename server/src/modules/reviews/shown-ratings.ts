import { sql } from 'kysely';
import type { SettingValue } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';

export type RatingColumn = SettingValue<'server.rating_column'>;

/** Which rows to bring in line: one title, one episode, a title with all its episodes, or (absent) every one. */
export type RatingScope = { title: number } | { episode: number } | { titleWithEpisodes: number };

const localAverage = (type: 'title' | 'episode', table: 'titles' | 'episodes') => sql<number | null>`(
  select round(rt.score_sum * 10.0 / rt.count) / 10.0 from rating_totals rt
  where rt.ratable_type = ${type} and rt.ratable_id = ${sql.ref(`${table}.id`)} and rt.count > 0)`;
const localCount = sql<number>`coalesce((
  select rt.count from rating_totals rt where rt.ratable_type = 'title' and rt.ratable_id = titles.id), 0)`;

/**
 * Writes the rating the site shows (`rating`, and a title's `vote_count`) from the source the rating column setting
 * names: the movie database service's figures, or the members' average kept in `rating_totals` (rounded to one
 * decimal, as the rating widget shows it). Runs inside the transaction that changed a source or the setting.
 */
export async function showRatings(db: Db, column: RatingColumn, scope?: RatingScope): Promise<void> {
  const local = column === 'local_vote_average';
  const titles = db.updateTable('titles').set(local
    ? { rating: localAverage('title', 'titles'), vote_count: localCount }
    : { rating: sql.ref('tmdb_rating'), vote_count: sql.ref('tmdb_vote_count') });
  const episodes = db.updateTable('episodes').set({ rating: local ? localAverage('episode', 'episodes') : sql.ref('tmdb_rating') });
  if (scope && 'episode' in scope) {
    await episodes.where('id', '=', scope.episode).execute();
  } else if (scope && 'title' in scope) {
    await titles.where('id', '=', scope.title).execute();
  } else {
    const only = scope?.titleWithEpisodes;
    await (only ? titles.where('id', '=', only) : titles).execute();
    await (only ? episodes.where('title_id', '=', only) : episodes).execute();
  }
}

/** After members' ratings of an item changed: its shown rating follows, when the members' average is the one shown. */
export async function showLocalRating(ctx: AppContext, db: Db, type: 'title' | 'episode', id: number): Promise<void> {
  if ((await ctx.settings.get('server.rating_column')) !== 'local_vote_average') return;
  await showRatings(db, 'local_vote_average', type === 'title' ? { title: id } : { episode: id });
}
