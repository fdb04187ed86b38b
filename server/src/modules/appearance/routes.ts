import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APPEARANCE_IMAGE_KINDS, APPEARANCE_IMAGE_MAX_BYTES, SEO_PAGE_KEYS, appearanceChangesSchema, appearanceImageResponse, appearanceValuesResponse, doneResponse,
  seoTagsResponse, seoTagsSchema, seoTemplateMarkup, translate, type SeoTagsEntry,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import { imageUploader } from '../../http/uploads.ts';
import { defaultSeoTemplate, seoPlaceholders, unknownSeoPlaceholder } from '../seo/registry.ts';
import '../seo/templates.ts';
import { appearanceValues, saveAppearance } from './service.ts';
import { storeAppearanceImage } from './images.ts';
import { checkLinkTargetsOnSettingsSave } from './links.ts';
import './sweep.ts';

// Unknown image kinds and SEO page keys are unknown resources (404), so the path takes any short string.
const kindParam = z.object({ kind: z.string().max(64).meta({ description: `One of ${APPEARANCE_IMAGE_KINDS.join(', ')}.` }) });
const keysParam = z.object({ keys: z.string().max(4096).meta({ description: 'Comma-separated SEO page keys.' }) });
const keyParam = z.object({ key: z.string().max(128).meta({ description: 'An SEO page key.' }) });

export function appearanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const editor = { config: { permission: 'appearance.update' } };
  checkLinkTargetsOnSettingsSave(ctx);

  app.get('/api/v1/admin/appearance/values', { ...editor, schema: { response: { 200: appearanceValuesResponse } } }, async () => appearanceValues(ctx));

  api.post('/api/v1/admin/appearance', { ...editor, schema: { body: appearanceChangesSchema, response: { 200: appearanceValuesResponse } } }, async (req) => {
    await saveAppearance(ctx, req.body.changes, { admin: req.auth.can('admin') });
    return { message: 'Changes saved', ...(await appearanceValues(ctx)) };
  });

  // Branding and landing-page images: multipart `file`, kind in the path.
  api.post('/api/v1/admin/appearance/images/:kind', { ...editor, schema: { params: kindParam, response: { 200: appearanceImageResponse } } }, async (req) => {
    const kind = APPEARANCE_IMAGE_KINDS.find((k) => k === req.params.kind);
    if (!kind) throw notFound();
    const file = await req.file({ limits: { fileSize: APPEARANCE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    return { url: await storeAppearanceImage(ctx, kind, file.file, imageUploader(req, file.filename)) };
  });

  api.get('/api/v1/admin/appearance/seo-tags/:keys', { ...editor, schema: { params: keysParam, response: { 200: seoTagsResponse } } }, async (req) => {
    const keys = req.params.keys.split(',').filter((k) => (SEO_PAGE_KEYS as readonly string[]).includes(k));
    if (!keys.length) throw notFound();
    const custom = await ctx.settings.get('server.seo_tags');
    const out: Record<string, SeoTagsEntry> = {};
    for (const key of keys) out[key] = { original: defaultSeoTemplate(key) ?? '', custom: custom[key] ?? null };
    return out;
  });

  api.put('/api/v1/admin/appearance/seo-tags/:key', { ...editor, schema: { params: keyParam, body: seoTagsSchema, response: { 200: doneResponse } } }, async (req) => {
    const key = req.params.key;
    if (!(SEO_PAGE_KEYS as readonly string[]).includes(key)) throw notFound();
    const { tags } = req.body;
    // Markup beyond the SEO tags (a refresh to another site, a <base>) only from an admin, as custom HTML.
    const markup = req.auth.can('admin') ? null : seoTemplateMarkup(tags);
    if (markup) {
      const message = translate(undefined, 'Only an administrator can add :tag to SEO tags. Use <title>, <meta> with a name or property, <link rel="canonical"> or "alternate" and <script type="application/ld+json">.', { tag: markup });
      throw new HttpError(422, message, { tags: [message] });
    }
    // A misspelt or foreign placeholder would print nothing: a title of " | ", say, on every such page.
    const unknown = unknownSeoPlaceholder(key, tags);
    if (unknown) {
      const message = translate(undefined, '{{:name}} is not a placeholder of this page. Use one of: :list.', {
        name: unknown, list: seoPlaceholders(key).map((p) => `{{${p}}}`).join(', '),
      });
      throw new HttpError(422, message, { tags: [message] });
    }
    const custom = { ...(await ctx.settings.get('server.seo_tags')) };
    // Saving the original text (or nothing) goes back to the built-in template.
    if (!tags.trim() || tags.trim() === defaultSeoTemplate(key)?.trim()) delete custom[key];
    else custom[key] = tags;
    await ctx.settings.set({ 'server.seo_tags': custom });
    return { message: 'Updated SEO tags' };
  });
}
