import { HERO_SLIDES, type Channel, type ChannelItem } from '@app/contracts';
import type { Db } from '../../db/index.ts';

const isHero = (channel: Channel) => channel.config.layout === 'heroSlider' || channel.config.nestedLayout === 'heroSlider';

/**
 * A hero slide offers Play, so the titles a slider shows carry the video it starts: the title's own full video,
 * else (a series) its first episode's. Approved videos only: channel pages are cached for every caller alike, and
 * the watch page itself still checks who may play. Other layouts skip the lookups.
 */
export async function withPlayTargets(db: Db, channel: Channel, items: ChannelItem[]): Promise<ChannelItem[]> {
  if (!isHero(channel)) return items;
  return Promise.all(items.map(async (item, i) => {
    if (item.model_type !== 'title' || i >= HERO_SLIDES) return item;
    const video = await db.selectFrom('videos').select(['id', 'season_num', 'episode_num'])
      .where('title_id', '=', item.id).where('category', '=', 'full').where('approved', '=', true as never)
      .orderBy((eb) => eb.case().when('season_num', 'is', null).then(0).else(1).end())
      .orderBy('season_num').orderBy('episode_num').orderBy('order').orderBy('id').limit(1).executeTakeFirst();
    const episode = video?.season_num != null && video.episode_num != null ? { season: video.season_num, episode: video.episode_num } : null;
    return { ...item, play_video_id: video?.id ?? null, play_episode: episode };
  }));
}
