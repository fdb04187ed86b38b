import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PAGE_MEDIA_MAX_BYTES, customPageFilterOptionsResponse, customPageListResponse, customPageResponse, customPageSchema, deletedCountResponse, listQuerySchema,
  publicCustomPageResponse, uploadedImageResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { storeImageUpload } from '../../http/uploads.ts';
import { requireUser } from '../../http/auth.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { findPage, findPageBySlug, listPages, movedPageSlug, pageOwners, pageTypes } from './repository.ts';
import { createPage, deletePages, updatePage } from './service.ts';
import { PAGE_MEDIA_FOLDER, registerPageMediaJob } from './media.ts';
import './seo.ts';

const slugParam = z.object({ slug: z.string().max(255) });

export function customPagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = 'custom_pages.update';
  registerPageMediaJob(ctx);

  api.get('/api/v1/custom-pages', { config: { permission: manage }, schema: { querystring: listQuerySchema, response: { 200: customPageListResponse } } }, async (req) =>
    ({ pagination: await listPages(ctx, req.query) }));

  // Choices for the admin table's owner and type filters.
  api.get('/api/v1/custom-pages/filter-options', { config: { permission: manage }, schema: { response: { 200: customPageFilterOptionsResponse } } }, async () => ({
    owners: await pageOwners(ctx.db),
    types: await pageTypes(ctx.db),
  }));

  // The public page at /pages/{slug}; a former slug of a renamed page answers the page itself, under its current slug
  // (the site then shows the current address).
  api.get('/api/v1/custom-pages/slug/:slug', { config: { permission: ['custom_pages.view', manage] }, schema: { params: slugParam, response: { 200: publicCustomPageResponse } } }, async (req) => {
    let page = await findPageBySlug(ctx.db, req.params.slug);
    if (!page) {
      const moved = await movedPageSlug(ctx.db, req.params.slug);
      if (moved) page = await findPageBySlug(ctx.db, moved);
    }
    if (!page) throw notFound('Page not found');
    return { page };
  });

  api.get('/api/v1/custom-pages/:id', { config: { permission: manage }, schema: { params: idParam, response: { 200: customPageResponse } } }, async (req) => {
    const page = await findPage(ctx.db, req.params.id);
    if (!page) throw notFound('Page not found');
    return { page };
  });

  api.post('/api/v1/custom-pages', { config: { permission: [manage, 'custom_pages.create'] }, schema: { body: customPageSchema, response: { 200: customPageResponse } } }, async (req) => {
    const page = await createPage(ctx, req.body, { id: requireUser(req), trusted: req.auth.can('admin') });
    return { page, message: 'Page created' };
  });

  api.put('/api/v1/custom-pages/:id', { config: { permission: manage }, schema: { params: idParam, body: customPageSchema, response: { 200: customPageResponse } } }, async (req) => {
    const page = await updatePage(ctx, req.params.id, req.body, { trusted: req.auth.can('admin') });
    return { page, message: 'Page updated' };
  });

  api.delete('/api/v1/custom-pages/:ids', { config: { permission: [manage, 'custom_pages.delete'] }, schema: { params: idsParam, response: { 200: deletedCountResponse } } }, async (req) =>
    ({ deleted: await deletePages(ctx, req.params.ids) }));

  // Images inserted by the page and article editor (multipart: the upload helper checks size and type).
  api.post('/api/v1/custom-pages/media', {
    config: { permission: [manage, 'custom_pages.create', 'news.update'] }, schema: { response: { 200: uploadedImageResponse } },
  }, async (req) => {
    const url = await storeImageUpload(ctx, req, { prefix: PAGE_MEDIA_FOLDER, maxBytes: PAGE_MEDIA_MAX_BYTES, tooLarge: 'The image may not be greater than 2 MB.' });
    return { url };
  });
}
