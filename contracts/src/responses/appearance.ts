import { z } from '../zod.ts';
import type { SeoTagsEntry } from '../appearance-constants.ts';
import { APPEARANCE_KEYS } from '../appearance-constants.ts';
import { entity } from './common.ts';

const values = z.record(z.string(), z.unknown()).meta({ description: `The appearance settings by key: ${APPEARANCE_KEYS.join(', ')}.` });
/** The appearance editor's values and their defaults (a save answers them too, with its message). */
export const appearanceValuesResponse = entity({ values, defaults: values, message: z.string().optional() })
  .meta({ examples: [{ values: { 'client.branding.site_name': 'My films' }, defaults: { 'client.branding.site_name': 'StreamSite' } }] });
/** The stored address of an uploaded branding or landing image. */
export const appearanceImageResponse = entity({ url: z.string() }).meta({ examples: [{ url: '/storage/appearance/logo_light-a1b2c3.png' }] });
/** Each asked page key: its built-in template and the custom one (null when the built-in one is in use). */
export const seoTagsResponse = z.record(z.string(), entity({ original: z.string(), custom: z.string().nullable() }) satisfies z.ZodType<SeoTagsEntry>)
  .meta({ examples: [{ title: { original: '<title>{{title.name}} - {{site_name}}</title>', custom: null } }] });
