import type { NewsArticle, NewsCard } from '@app/contracts';
import type { Db } from '../../db/index.ts';

/** Columns of a card (the lists, related articles, channels): everything but the body, which can be large. */
export const CARD_COLUMNS = [
  'news_articles.id', 'news_articles.title', 'news_articles.slug', 'news_articles.excerpt', 'news_articles.image',
  'news_articles.created_at', 'news_articles.updated_at',
] as const;
const ARTICLE_COLUMNS = [...CARD_COLUMNS, 'news_articles.body', 'news_articles.source_url', 'news_articles.user_id'] as const;

export async function findArticle(db: Db, id: number): Promise<NewsArticle | null> {
  return (await db.selectFrom('news_articles').select(ARTICLE_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The newest articles other than `id`: what the article page offers to read next. */
export async function relatedArticles(db: Db, id: number, limit = 4): Promise<NewsCard[]> {
  return db.selectFrom('news_articles').select(CARD_COLUMNS).where('id', '!=', id)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Cards of the given articles in the order of `ids` (unknown ids are skipped): the loader a channel whose content
 * model is 'news' plugs in for its items.
 */
export async function loadNewsCards(db: Db, ids: number[]): Promise<NewsCard[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('news_articles').select(CARD_COLUMNS).where('id', 'in', [...new Set(ids)]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Title search; a query under three characters is a slug prefix (slugs are stored lower-case). */
export const NEWS_SEARCH_INDEX = { table: 'news_articles', expression: 'title', prefixColumn: 'news_articles.slug', lowerPrefix: true };
