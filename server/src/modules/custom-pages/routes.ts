import type { FastifyInstance } from 'fastify';
import { PAGE_MEDIA_MAX_BYTES, customPageSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { storeImageUpload } from '../../http/uploads.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { customPagesListDefinition } from './list.ts';
import { LIST_COLUMNS, attachOwners, findPage, findPageBySlug, pageOwners, pageTypes, type PageListRow } from './repository.ts';
import { createPage, deletePages, updatePage } from './service.ts';
import './seo.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Page not found');
  return id;
};

export function customPagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = 'custom_pages.update';

  app.get('/api/v1/custom-pages', { config: { permission: manage } }, async (req) => {
    const page = await paginate<PageListRow>(ctx.db.selectFrom('custom_pages').select(LIST_COLUMNS), req.query, customPagesListDefinition(ctx));
    return { pagination: { ...page, data: await attachOwners(ctx.db, page.data) } };
  });

  // Choices for the admin table's owner and type filters.
  app.get('/api/v1/custom-pages/filter-options', { config: { permission: manage } }, async () => ({
    owners: await pageOwners(ctx.db),
    types: await pageTypes(ctx.db),
  }));

  // The public page at /pages/{slug}.
  app.get('/api/v1/custom-pages/slug/:slug', { config: { permission: ['custom_pages.view', manage] } }, async (req) => {
    const page = await findPageBySlug(ctx.db, (req.params as { slug: string }).slug);
    if (!page) throw notFound('Page not found');
    return { page };
  });

  app.get('/api/v1/custom-pages/:id', { config: { permission: manage } }, async (req) => {
    const page = await findPage(ctx.db, idParam(req.params));
    if (!page) throw notFound('Page not found');
    return { page };
  });

  app.post('/api/v1/custom-pages', { config: { permission: [manage, 'custom_pages.create'] } }, async (req) => {
    const page = await createPage(ctx, parse(customPageSchema, req.body), { id: requireUser(req), trusted: req.auth.can('admin') });
    return { page, message: 'Page created' };
  });

  app.put('/api/v1/custom-pages/:id', { config: { permission: manage } }, async (req) => {
    const page = await updatePage(ctx, idParam(req.params), parse(customPageSchema, req.body), { trusted: req.auth.can('admin') });
    return { page, message: 'Page updated' };
  });

  app.delete('/api/v1/custom-pages/:ids', { config: { permission: [manage, 'custom_pages.delete'] } }, async (req) => {
    const deleted = await deletePages(ctx, parseIds((req.params as { ids: string }).ids));
    return { deleted };
  });

  // Images inserted by the page and article editor.
  app.post('/api/v1/custom-pages/media', { config: { permission: [manage, 'custom_pages.create', 'news.update'] } }, async (req) => {
    const url = await storeImageUpload(ctx, req, { prefix: 'page_media', maxBytes: PAGE_MEDIA_MAX_BYTES, tooLarge: 'The image may not be greater than 2 MB.' });
    return { url };
  });
}
