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
  // uploads
  'client.uploads.chunk_size': { default: 5_242_880, schema: z.number().int().min(1) },
  /** Largest single file in bytes; null: only the server's limits apply. */
  'client.uploads.max_size': { default: null as number | null, schema: z.number().int().min(1).nullable() },
  /** Extensions (lower case, no dot) an upload must have; empty allows every extension not blocked. */
  'client.uploads.allowed_extensions': { default: [] as string[], schema: z.array(z.string().trim().toLowerCase().max(20)).max(500) },
  'client.uploads.blocked_extensions': { default: [] as string[], schema: z.array(z.string().trim().toLowerCase().max(20)).max(500) },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
