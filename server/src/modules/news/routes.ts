import './integrations.ts';
import type { FastifyInstance } from 'fastify';
import {
  NEWS_IMAGE_PREFIX, PAGE_MEDIA_MAX_BYTES, deletedCountResponse, listQuerySchema, newsArticlePageResponse, newsArticleResponse, newsArticleSchema,
  newsImportResponse, newsListResponse, uploadedImageResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { storeImageUpload } from '../../http/uploads.ts';
import { importFailed, importNews } from './import.ts';
import { listNews } from './list.ts';
import { findArticle } from './repository.ts';
import { loadNewsArticlePage } from './page.ts';
import { createArticle, deleteArticles, noFeeds, updateArticle } from './service.ts';
import { newsFeedRoute } from './rss.ts';
import './seo.ts';

export function newsRoutes(app: FastifyInstance, ctx: AppContext): void {
  newsFeedRoute(app, ctx);
  const api = typed(app);
  const manage = 'news.update';
  const read = ['news.view', manage];

  // The admin list and the site's /news cards: no bodies, each row's excerpt (the body cut at 200 characters).
  api.get('/api/v1/news', { config: { permission: read }, schema: { querystring: listQuerySchema, response: { 200: newsListResponse } } }, async (req) => ({
    pagination: await listNews(ctx, req.query),
  }));

  api.get('/api/v1/news/:id', { config: { permission: read }, schema: { params: idParam, response: { 200: newsArticleResponse } } }, async (req) => {
    const article = await findArticle(ctx.db, req.params.id);
    if (!article) throw notFound('Article not found');
    return { article };
  });

  api.get('/api/v1/news/:id/page', { config: { permission: read }, schema: { params: idParam, response: { 200: newsArticlePageResponse } } }, async (req) =>
    loadNewsArticlePage(ctx, req.params.id));

  api.post('/api/v1/news', { config: { permission: manage }, schema: { body: newsArticleSchema, response: { 200: newsArticleResponse } } }, async (req) => {
    const article = await createArticle(ctx, req.body, requireUser(req));
    return { article, message: 'Article created' };
  });

  api.put('/api/v1/news/:id', { config: { permission: manage }, schema: { params: idParam, body: newsArticleSchema, response: { 200: newsArticleResponse } } }, async (req) => {
    const article = await updateArticle(ctx, req.params.id, req.body);
    return { article, message: 'Article updated' };
  });

  api.delete('/api/v1/news/:ids', { config: { permission: manage }, schema: { params: idsParam, response: { 200: deletedCountResponse } } }, async (req) => {
    const deleted = await deleteArticles(ctx, req.params.ids);
    return { deleted, message: 'Article deleted' };
  });

  // The article's image, from the editor's top: the editor image rules (images only, at most 2,097,152 bytes).
  app.post('/api/v1/news/images', { config: { permission: manage }, schema: { response: { 200: uploadedImageResponse } } }, async (req) => {
    const url = await storeImageUpload(ctx, req, { prefix: NEWS_IMAGE_PREFIX, maxBytes: PAGE_MEDIA_MAX_BYTES, tooLarge: 'The image may not be greater than 2 MB.' });
    return { url };
  });

  app.post('/api/v1/news/import-from-remote-provider', { config: { permission: manage }, schema: { response: { 200: newsImportResponse } } }, async () => {
    const result = await importNews(ctx);
    if (!result.feeds) throw noFeeds();
    if (result.failures.length) throw importFailed(result);
    return { message: 'Imported news articles', imported: result.imported };
  });
}
