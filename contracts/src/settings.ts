import { z } from 'zod';
import {
  DEFAULT_HOMEPAGE_APPEARANCE, DEFAULT_MENUS, DEFAULT_THEMES, homepageAppearanceSchema, menuSchema, themesSchema,
} from './appearance.ts';

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
  // appearance
  'client.homepage.appearance': { default: DEFAULT_HOMEPAGE_APPEARANCE, schema: homepageAppearanceSchema },
  'client.homepage.trending': { default: true, schema: z.boolean() },
  'client.homepage.pricing': { default: false, schema: z.boolean() },
  'client.menus': { default: DEFAULT_MENUS, schema: z.array(menuSchema).max(50) },
  'client.themes.all': { default: DEFAULT_THEMES, schema: themesSchema },
  'client.themes.default_id': { default: 0, schema: z.number().int().min(0) },
  'client.themes.user_change': { default: true, schema: z.boolean() },
  'client.branding.site_description': { default: 'Movies and series, streaming in one place.', schema: z.string().max(500) },
  'client.branding.favicon': { default: '', schema: z.string().max(500) },
  'client.branding.logo_light': { default: '', schema: z.string().max(500) },
  'client.branding.logo_dark': { default: '', schema: z.string().max(500) },
  'client.branding.logo_light_mobile': { default: '', schema: z.string().max(500) },
  'client.branding.logo_dark_mobile': { default: '', schema: z.string().max(500) },
  'client.custom_code.css': { default: '', schema: z.string().max(100_000) },
  'client.custom_code.html': { default: '', schema: z.string().max(100_000) },
  /** Custom SEO templates by page key; a missing key uses the built-in template. */
  'server.seo_tags': { default: {} as Record<string, string>, schema: z.record(z.string(), z.string().max(20000)) },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
