import { sql } from 'kysely';
import { HERO_SLIDES, type Channel, type ChannelItem } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { READY } from '../videos/preparing.ts';

const isHero = (channel: Channel) => channel.config.layout === 'heroSlider' || channel.config.nestedLayout === 'heroSlider';

/**
 * A hero slide offers Play, so the titles a slider shows carry the video it starts: the title's own full video,
 * else (a series) its first episode's. Approved videos only: channel pages are cached for every caller alike, and
 * the watch page itself still checks who may play. One query for all slides; other layouts skip it.
 */
export async function withPlayTargets(db: Db, channel: Channel, items: ChannelItem[]): Promise<ChannelItem[]> {
  if (!isHero(channel)) return items;
  const ids = items.slice(0, HERO_SLIDES).filter((i) => i.model_type === 'title').map((i) => i.id);
  if (!ids.length) return items;
  const ranked = db.selectFrom('videos')
    .select(['id', 'title_id', 'season_num', 'episode_num', sql<number>`row_number() over (partition by title_id
      order by case when season_num is null then 0 else 1 end, season_num, episode_num, ${sql.ref('order')}, id)`.as('rank')])
    .where('title_id', 'in', ids).where('category', '=', 'full').where('approved', '=', true as never).where(READY);
  const rows = await db.selectFrom(ranked.as('r')).select(['id', 'title_id', 'season_num', 'episode_num']).where('rank', '=', 1).execute();
  const first = new Map(rows.map((r) => [Number(r.title_id), r]));
  return items.map((item, i) => {
    if (item.model_type !== 'title' || i >= HERO_SLIDES) return item;
    const video = first.get(item.id);
    const episode = video?.season_num != null && video.episode_num != null ? { season: video.season_num, episode: video.episode_num } : null;
    return { ...item, play_video_id: video?.id ?? null, play_episode: episode };
  });
}
