import type { FastifyInstance } from 'fastify';
import { APPEARANCE_IMAGE_KINDS, APPEARANCE_IMAGE_MAX_BYTES, SEO_PAGE_KEYS, appearanceChangesSchema, seoTagsSchema, type AppearanceImageKind, type SeoTagsEntry } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { defaultSeoTemplate } from '../seo/registry.ts';
import '../seo/templates.ts';
import { appearanceValues, saveAppearance } from './service.ts';
import { storeAppearanceImage } from './images.ts';

export function appearanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const editor = { config: { permission: 'appearance.update' } };

  app.get('/api/v1/admin/appearance/values', editor, async () => appearanceValues(ctx));

  app.post('/api/v1/admin/appearance', editor, async (req) => {
    const { changes } = parse(appearanceChangesSchema, req.body);
    await saveAppearance(ctx, changes);
    return { message: 'Changes saved', ...(await appearanceValues(ctx)) };
  });

  // Branding and landing-page images: multipart `file`, kind in the path.
  app.post('/api/v1/admin/appearance/images/:kind', editor, async (req) => {
    const kind = (req.params as { kind: string }).kind as AppearanceImageKind;
    if (!APPEARANCE_IMAGE_KINDS.includes(kind)) throw notFound();
    const file = await req.file({ limits: { fileSize: APPEARANCE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    return { url: await storeAppearanceImage(ctx, kind, file.file) };
  });

  app.get('/api/v1/admin/appearance/seo-tags/:keys', editor, async (req) => {
    const keys = (req.params as { keys: string }).keys.split(',').filter((k) => (SEO_PAGE_KEYS as readonly string[]).includes(k));
    if (!keys.length) throw notFound();
    const custom = await ctx.settings.get('server.seo_tags');
    const out: Record<string, SeoTagsEntry> = {};
    for (const key of keys) out[key] = { original: defaultSeoTemplate(key) ?? '', custom: custom[key] ?? null };
    return out;
  });

  app.put('/api/v1/admin/appearance/seo-tags/:key', editor, async (req) => {
    const key = (req.params as { key: string }).key;
    if (!(SEO_PAGE_KEYS as readonly string[]).includes(key)) throw notFound();
    const { tags } = parse(seoTagsSchema, req.body);
    const custom = { ...(await ctx.settings.get('server.seo_tags')) };
    // Saving the original text (or nothing) goes back to the built-in template.
    if (!tags.trim() || tags.trim() === defaultSeoTemplate(key)?.trim()) delete custom[key];
    else custom[key] = tags;
    await ctx.settings.set({ 'server.seo_tags': custom });
    return { message: 'Updated SEO tags' };
  });
}
