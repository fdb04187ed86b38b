import type { ChannelItem, NewsCard } from '@app/contracts';
import { registerChannelModel } from '../channels/loaders.ts';
import { registerCommentable } from '../comments/commentables.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import { importNews } from './import.ts';
import { CARD_COLUMNS, loadNewsCards } from './repository.ts';


const toItem = (c: NewsCard): ChannelItem => ({ id: c.id, model_type: 'news_article', name: c.title, slug: c.slug, backdrop: c.image, poster: c.image, description: c.excerpt, release_date: c.created_at });

/** News articles take comments, fill channels whose content model is news, and are imported from feeds daily. */
registerCommentable('news_article', async (db, id) => ((await db.selectFrom('news_articles').select('id').where('id', '=', id).executeTakeFirst()) ? { title_id: null } : null));

registerRecurring('news:import', DAY_MS, (ctx) => importNews(ctx));

/** Newest first unless by name (as `page` below orders them). */
const NEWS_SORTS = new Map<string, [string, 'asc' | 'desc']>([['recently_added', ['news_articles.created_at', 'desc']], ['name', ['news_articles.title', 'asc']]]);

registerChannelModel('news', {
  itemType: 'news_article',
  sortable: { table: 'news_articles', sorts: NEWS_SORTS },
  async byIds(db, ids) {
    return new Map((await loadNewsCards(db, ids)).map((c) => [c.id, toItem(c)]));
  },
  async page(db, config, offset, limit) {
    const order = config.contentOrder === 'name' ? 'news_articles.title' : 'news_articles.created_at';
    const [rows, total] = await Promise.all([
      db.selectFrom('news_articles').select(CARD_COLUMNS).orderBy(order, config.contentOrder === 'name' ? 'asc' : 'desc').orderBy('news_articles.id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('news_articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { items: (rows as NewsCard[]).map(toItem), total: Number(total?.n ?? 0) };
  },
  async existing(db, ids) {
    if (!ids.length) return new Set();
    return new Set((await db.selectFrom('news_articles').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  },
  async search(db, query, limit) {
    const rows = await db.selectFrom('news_articles').select(CARD_COLUMNS).where('news_articles.title', 'like', `%${query.replace(/[%_\\]/g, '')}%`).orderBy('news_articles.created_at', 'desc').limit(limit).execute();
    return (rows as NewsCard[]).map(toItem);
  },
});
