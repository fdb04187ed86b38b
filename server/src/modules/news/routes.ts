import './integrations.ts';
import type { FastifyInstance } from 'fastify';
import { NEWS_IMAGE_PREFIX, PAGE_MEDIA_MAX_BYTES, newsArticleSchema, newsIdParamsSchema, type NewsCard } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { storeImageUpload } from '../../http/uploads.ts';
import { importNews } from './import.ts';
import { newsListDefinition } from './list.ts';
import { CARD_COLUMNS, findArticle } from './repository.ts';
import { loadNewsArticlePage } from './page.ts';
import { createArticle, deleteArticles, noFeeds, updateArticle } from './service.ts';
import './seo.ts';

/** A malformed id is "not found", like an unknown one. */
const articleId = (params: unknown) => {
  const r = newsIdParamsSchema.safeParse(params);
  if (!r.success) throw notFound('Article not found');
  return r.data.id;
};

export function newsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = 'news.update';
  const read = ['news.view', manage];

  // The admin list and the site's /news cards: no bodies, each row's excerpt (the body cut at 200 characters).
  app.get('/api/v1/news', { config: { permission: read } }, async (req) => ({
    pagination: await paginate<NewsCard>(ctx.db.selectFrom('news_articles').select(CARD_COLUMNS), req.query, newsListDefinition(ctx)),
  }));

  app.get('/api/v1/news/:id', { config: { permission: read } }, async (req) => {
    const article = await findArticle(ctx.db, articleId(req.params));
    if (!article) throw notFound('Article not found');
    return { article };
  });

  app.get('/api/v1/news/:id/page', { config: { permission: read } }, async (req) => loadNewsArticlePage(ctx, articleId(req.params)));

  app.post('/api/v1/news', { config: { permission: manage } }, async (req) => {
    const article = await createArticle(ctx, parse(newsArticleSchema, req.body), requireUser(req));
    return { article, message: 'Article created' };
  });

  app.put('/api/v1/news/:id', { config: { permission: manage } }, async (req) => {
    const article = await updateArticle(ctx, articleId(req.params), parse(newsArticleSchema, req.body));
    return { article, message: 'Article updated' };
  });

  app.delete('/api/v1/news/:ids', { config: { permission: manage } }, async (req) => {
    const deleted = await deleteArticles(ctx, parseIds((req.params as { ids: string }).ids));
    return { deleted, message: 'Article deleted' };
  });

  // The article's image, from the editor's top: the editor image rules (images only, at most 2,097,152 bytes).
  app.post('/api/v1/news/images', { config: { permission: manage } }, async (req) => {
    const url = await storeImageUpload(ctx, req, { prefix: NEWS_IMAGE_PREFIX, maxBytes: PAGE_MEDIA_MAX_BYTES, tooLarge: 'The image may not be greater than 2 MB.' });
    return { url };
  });

  app.post('/api/v1/news/import-from-remote-provider', { config: { permission: manage } }, async () => {
    const result = await importNews(ctx);
    if (!result.feeds) throw noFeeds();
    if (result.failures.length) {
      const [first] = result.failures;
      const message = `Could not import ${first.url}: ${first.message}`;
      throw new HttpError(422, message, { feeds: result.failures.map((f) => `${f.url}: ${f.message}`) });
    }
    return { message: 'Imported news articles', imported: result.imported };
  });
}
