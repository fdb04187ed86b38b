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
  // contact
  'client.mail.contact_page_address': { default: '', schema: z.string().email().or(z.literal('')) },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
