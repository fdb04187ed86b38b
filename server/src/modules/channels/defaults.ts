import { channelConfigSchema, type ChannelConfig } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, sql } from '../../db/index.ts';
import { autoUpdateAll } from './auto-update.ts';
import { touchChannel } from './touch.ts';

/** The home page channel's slug (the `client.homepage.channel` setting's default). */
export const HOME_SLUG = 'home';

interface DefaultChannel { slug: string; name: string; description?: string; config: Partial<ChannelConfig> }

const auto = (method: string, extra: Partial<ChannelConfig> = {}): Partial<ChannelConfig> => ({
  contentType: 'autoUpdate', autoUpdateProvider: 'local', autoUpdateMethod: method, contentModel: 'titles', layout: 'grid', nestedLayout: 'carousel', ...extra,
});

/** The rows of the home page, in order. Local provider: TMDb may not be set up on a fresh site. */
const HOME_ROWS: DefaultChannel[] = [
  { slug: 'featured', name: 'Featured', config: auto('most_popular', { nestedLayout: 'heroSlider', hideTitle: true }) },
  { slug: 'most-watched', name: 'Most watched this week', config: auto('most_watched') },
  { slug: 'popular-movies', name: 'Popular movies', config: auto('most_popular', { titleType: 'movie' }) },
  { slug: 'popular-series', name: 'Popular series', config: auto('most_popular', { titleType: 'series' }) },
  { slug: 'top-rated', name: 'Top rated', config: auto('top_rated') },
  { slug: 'upcoming', name: 'Upcoming', config: auto('upcoming', { titleType: 'movie' }) },
  { slug: 'now-playing', name: 'Now playing', config: auto('now_playing', { titleType: 'movie' }) },
  { slug: 'new-episodes', name: 'New episodes', config: auto('latest', { contentModel: 'episodes', layout: 'landscapeGrid', nestedLayout: 'landscapeGrid' }) },
];

const STANDALONE: DefaultChannel[] = [
  { slug: 'movies', name: 'Movies', config: { contentType: 'listAll', contentModel: 'titles', titleType: 'movie', contentOrder: 'popularity', layout: 'grid' } },
  { slug: 'series', name: 'Series', config: { contentType: 'listAll', contentModel: 'titles', titleType: 'series', contentOrder: 'popularity', layout: 'grid' } },
  { slug: 'people', name: 'People', config: { contentType: 'listAll', contentModel: 'people', contentOrder: 'popularity', layout: 'grid' } },
];

/** The three genres with the most titles become rows too. */
async function genreRows(ctx: AppContext): Promise<DefaultChannel[]> {
  const rows = await ctx.db.selectFrom('title_tags').innerJoin('title_tag', 'title_tag.tag_id', 'title_tags.id')
    .select(['title_tags.id', 'title_tags.name', 'title_tags.display_name', sql<number>`count(*)`.as('n')])
    .where('title_tags.type', '=', 'genre').groupBy(['title_tags.id', 'title_tags.name', 'title_tags.display_name'])
    .orderBy('n', 'desc').orderBy('title_tags.id').limit(3).execute();
  return rows.map((g) => {
    const name = g.display_name || g.name;
    const slug = `genre-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`.slice(0, 20).replace(/-+$/, '');
    return { slug, name, config: { contentType: 'listAll', contentModel: 'titles', contentOrder: 'popularity', restriction: 'genre', restrictionModelId: Number(g.id), layout: 'grid', nestedLayout: 'carousel' } };
  });
}

/**
 * Deletes every channel (user lists stay) and creates the defaults: the home channel nesting its rows, and the
 * movies, series and people channels. Auto-update rows are computed at once from local data.
 */
export async function resetToDefault(ctx: AppContext): Promise<void> {
  const rows = [...HOME_ROWS, ...(await genreRows(ctx))];
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('channels').select('id').where('type', '=', 'channel');
    await trx.deleteFrom('channelables').where('channel_id', 'in', old).execute();
    await trx.deleteFrom('channelables').where('channelable_type', '=', 'channel').execute();
    await trx.deleteFrom('channels').where('type', '=', 'channel').execute();
    const insert = async (c: DefaultChannel) => {
      const config = channelConfigSchema.parse(c.config);
      const row = await trx.insertInto('channels').values({
        name: c.name, slug: c.slug, description: c.description ?? null, type: 'channel', user_id: null, public: true, internal: false,
        config: JSON.stringify(config), items_count: 0, version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const rowIds: number[] = [];
    for (const c of rows) rowIds.push(await insert(c));
    for (const c of STANDALONE) await insert(c);
    const home = await insert({
      slug: HOME_SLUG, name: 'Home', config: { contentType: 'manual', contentModel: 'channels', contentOrder: 'manual', layout: 'list', nestedLayout: 'carousel', hideTitle: true, lockSlug: true },
    });
    await trx.insertInto('channelables').values(rowIds.map((id, order) => ({ channel_id: home, channelable_type: 'channel' as const, channelable_id: id, order, created_at: now }))).execute();
    await touchChannel(trx, home);
  });
  await autoUpdateAll(ctx);
}
