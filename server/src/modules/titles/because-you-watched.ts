import type { BecauseYouWatched } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import '../plays/schema.ts';
import { relatedTitles } from './related.ts';
import { findTitle } from './repository.ts';

/**
 * The home page's "Because you watched …" row: titles sharing the most genres and keywords with the title the viewer
 * last watched (their latest position, finished or not, in an approved video), as the title page ranks its related titles.
 */
export async function becauseYouWatched(db: Db, userId: number): Promise<BecauseYouWatched> {
  const last = await db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .where('p.user_id', '=', userId).where('v.approved', '=', true as never)
    .select('v.title_id').orderBy('p.updated_at', 'desc').limit(1).executeTakeFirst();
  const title = last ? await findTitle(db, last.title_id) : null;
  if (!title) return { title: null, items: [] };
  return { title: { id: title.id, name: title.name }, items: await relatedTitles(db, title) };
}
