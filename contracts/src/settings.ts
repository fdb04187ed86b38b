import { z } from 'zod';

/**
 * Every settings key: its group, default and schema. `client.*` values are sent to the site;
 * `server.*` values never leave the server except to holders of settings.update.
 * Issue-specific pages add their keys here.
 */
export const SETTINGS = {
  'client.billing.enable': { default: false, schema: z.boolean() },
  'client.registration.disable': { default: false, schema: z.boolean() },
  'client.require_email_confirmation': { default: false, schema: z.boolean() },
  'client.auth.domain_blacklist': { default: '', schema: z.string().max(2000) },
  'client.single_device_login': { default: false, schema: z.boolean() },
  'client.locale.default': { default: 'en', schema: z.string().max(10) },
  'client.i18n.enable': { default: true, schema: z.boolean() },
  'client.branding.site_name': { default: 'StreamSite', schema: z.string().min(1).max(100) },
  'client.uploads.available_space': { default: null as number | null, schema: z.number().int().min(1).nullable() },
  'server.app_url': { default: '', schema: z.string().max(255) },
  'server.mail_driver': { default: 'log', schema: z.enum(['mailgun', 'gmailApi', 'smtp', 'postmark', 'ses', 'sendmail', 'log']) },
  'server.mail_from_address': { default: 'hello@example.com', schema: z.string().email() },
  'server.mail_from_name': { default: 'StreamSite', schema: z.string().max(100) },
  // catalogue
  'client.tmdb.language': { default: 'en', schema: z.string().max(10) },
  'client.tmdb.includeAdult': { default: false, schema: z.boolean() },
  'client.titles.video_panel_mode': { default: 'carousel', schema: z.enum(['carousel', 'list', 'hide']) },
  'client.streaming.video_sort': { default: 'order:asc', schema: z.enum(['order:asc', 'created_at:desc', 'name:asc', 'Language:asc', 'reports:asc', 'score:desc']) },
  'client.streaming.show_videos': { default: 'all', schema: z.enum(['all', 'full', 'short', 'trailer', 'clip']) },
  'client.title_page.sections': { default: ['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related'] as string[], schema: z.array(z.enum(['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related'])) },
  'client.comments.per_video': { default: false, schema: z.boolean() },
  'server.rating_column': { default: 'tmdb_vote_average', schema: z.enum(['tmdb_vote_average', 'local_vote_average']) },
  'server.tmdb_api_key': { default: '', schema: z.string().max(255) },
  /** TMDb's API and image roots; tests point them at a local server speaking the same API. */
  'server.tmdb_api_url': { default: 'https://api.themoviedb.org/3', schema: z.string().url().max(255) },
  'server.tmdb_image_url': { default: 'https://image.tmdb.org/t/p', schema: z.string().url().max(255) },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
