import type { NewsArticlePageData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { findArticle, relatedArticles } from './repository.ts';

/** The article page's one call (also embedded in its server-rendered HTML by seo.ts). */
export async function loadNewsArticlePage(ctx: AppContext, id: number): Promise<NewsArticlePageData> {
  const article = await findArticle(ctx.db, id);
  if (!article) throw notFound('Article not found');
  return { article, related: await relatedArticles(ctx.db, id) };
}
