import { parseFeedUrls, type NewsArticlePageData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { findArticle, relatedArticles } from './repository.ts';

/** The article page's one call (also embedded in its server-rendered HTML by seo.ts). */
export async function loadNewsArticlePage(ctx: AppContext, id: number): Promise<NewsArticlePageData> {
  const article = await findArticle(ctx.db, id);
  if (!article) throw notFound('Article not found');
  // Articles imported before items' own links were kept name the feed itself: no page for a visitor to read.
  const feeds = parseFeedUrls(await ctx.settings.get('server.news.feed_urls'));
  const source_url = article.source_url && !feeds.includes(article.source_url) ? article.source_url : null;
  return { article: { ...article, source_url }, related: await relatedArticles(ctx.db, id) };
}
