import { z } from './zod.ts';
import {
  DEFAULT_HOMEPAGE_APPEARANCE, DEFAULT_MENUS, DEFAULT_THEMES, homepageAppearanceSchema, imageUrlSchema, menusSchema, themesSchema,
} from './appearance.ts';
import { TRANSCODE_RENDITIONS, type TranscodeRendition } from './transcode.ts';
import { newsFeedsSchema } from './news.ts';
import { TRACKING_CODE } from './analytics-constants.ts';

/** Where the analytics settings' service-account certificate is stored (private uploads disk). */
export const ANALYTICS_CERTIFICATE_KEY = 'private/analytics/certificate.json';

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
  /** Users whose roles can open the admin must turn on two-factor sign-in before they use it. */
  'client.auth.require_two_factor_admin': { default: false, schema: z.boolean() },
  'client.locale.default': { default: 'en', schema: z.string().min(1, 'Default language is required.').max(10) },
  'client.i18n.enable': { default: true, schema: z.boolean() },
  'client.branding.site_name': { default: 'StreamSite', schema: z.string().min(1).max(100) },
  'client.uploads.available_space': { default: 1024 * 1024 * 1024 as number | null, schema: z.number().int().min(1, 'Must be at least 1.').max(0x630000000000).nullable() },
  'server.app_url': { default: '', schema: z.string().max(255).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.') },
  'server.mail_driver': { default: 'log', schema: z.enum(['mailgun', 'gmailApi', 'smtp', 'postmark', 'ses', 'sendmail', 'log']) },
  'server.mail_from_address': { default: 'hello@example.com', schema: z.string().min(1, 'From address is required.').email('Enter a valid email address.') },
  'server.mail_from_name': { default: 'StreamSite', schema: z.string().min(1, 'From name is required.').max(100) },

  // settings pages: general and localization
  'client.dates.default_timezone': { default: 'auto', schema: z.string().min(1, 'Default timezone is required.').max(64).refine((v) => v === 'auto' || isTimezone(v), 'Enter a valid timezone.') },
  'client.dates.format': { default: 'auto', schema: z.enum(['auto', 'short', 'medium', 'long', 'full'], 'Date verbosity is required.') },

  // settings pages: search
  'server.scout_driver': { default: 'mysql', schema: z.enum(['mysql', 'meilisearch', 'tntsearch', 'elasticsearch', 'algolia']) },
  'server.scout_mysql_mode': { default: 'extended', schema: z.enum(['basic', 'extended', 'fulltext']) },
  'client.content.search_provider': { default: 'local', schema: z.enum(['tmdb', 'local', 'all']) },
  'server.algolia_app_id': { default: '', schema: z.string().max(100) },
  'server.algolia_secret': { default: '', schema: z.string().max(255) },
  'server.meilisearch_host': { default: '', schema: z.string().max(255).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.') },
  'server.meilisearch_key': { default: '', schema: z.string().max(255) },
  'server.elasticsearch_host': { default: '', schema: z.string().max(255).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.') },

  // settings pages: content
  'client.title_page.sections': {
    default: TITLE_PAGE_SECTIONS().map((name) => ({ name, enabled: true })),
    schema: z.array(z.object({ name: z.enum(TITLE_PAGE_SECTIONS()), enabled: z.boolean() })).max(7)
      .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'Each section can appear only once.'),
  },
  'client.content.people_provider': { default: 'local', schema: z.enum(['tmdb', 'local']) },
  'client.content.title_provider': { default: 'local', schema: z.enum(['tmdb', 'local']) },
  'client.tmdb.language': { default: 'en', schema: z.string().min(2).max(10) },
  'client.tmdb.includeAdult': { default: false, schema: z.boolean() },
  'client.comments.per_video': { default: false, schema: z.boolean() },
  'server.rating_column': { default: 'tmdb_vote_average', schema: z.enum(['tmdb_vote_average', 'local_vote_average']) },
  'server.tmdb_api_key': { default: '', schema: z.string().max(255) },
  'server.news.feed_urls': { default: '', schema: newsFeedsSchema },

  // settings pages: videos
  'client.streaming.default_sort': { default: 'order:asc', schema: z.enum(['order:asc', 'created_at:desc', 'name:asc', 'Language:asc', 'reports:asc', 'score:desc']) },
  'client.titles.video_panel_mode': { default: 'carousel', schema: z.enum(['carousel', 'grid', 'hide']) },
  'client.titles.video_panel_content': { default: 'all', schema: z.enum(['all', 'full', 'short', 'trailer', 'clip']) },
  /** Trailers, teasers, clips and featurettes play for everyone, also where watching videos is for subscribers. */
  'client.streaming.free_short_videos': { default: true, schema: z.boolean() },
  // videos page: transcoding uploads into an HLS ladder (issue 15)
  'server.transcode_renditions': {
    default: [...TRANSCODE_RENDITIONS] as TranscodeRendition[],
    schema: z.array(z.enum(TRANSCODE_RENDITIONS)).min(1, 'Choose at least one rendition.').max(TRANSCODE_RENDITIONS.length),
  },
  'server.transcode_keep_original': { default: false, schema: z.boolean() },
  'server.transcode_concurrency': { default: 1, schema: z.number().int().min(1, 'At least one job must run.').max(8) },
  /** Longest source accepted, in minutes. */
  'server.transcode_max_minutes': { default: 360, schema: z.number().int().min(1).max(1440) },
  /** Tallest source accepted, in pixels (2160 = 4K; an 8K source is refused). */
  'server.transcode_max_height': { default: 2160, schema: z.number().int().min(240).max(4320) },

  /** Members may ask for their notifications (replies, new episodes) by email too (account settings). */
  'client.notifications.email': { default: true, schema: z.boolean() },

  // settings pages: subscriptions
  /** Mail members when their subscription starts, changes plan, is cancelled, resumed or ends, or a payment fails. */
  'server.billing_notices': { default: true, schema: z.boolean() },
  'client.billing.paypal.enable': { default: false, schema: z.boolean() },
  'client.billing.stripe.enable': { default: false, schema: z.boolean() },
  'server.paypal_client_id': { default: '', schema: z.string().max(255) },
  'server.paypal_secret': { default: '', schema: z.string().max(255) },
  'server.paypal_webhook_id': { default: '', schema: z.string().max(255) },
  'server.stripe_key': { default: '', schema: z.string().max(255) },
  'server.stripe_secret': { default: '', schema: z.string().max(255) },
  'server.stripe_webhook_secret': { default: '', schema: z.string().max(255) },

  // settings pages: authentication
  'client.social.compact_buttons': { default: false, schema: z.boolean() },
  'client.social.envato.enable': { default: false, schema: z.boolean() },
  'client.social.google.enable': { default: false, schema: z.boolean() },
  'client.social.facebook.enable': { default: false, schema: z.boolean() },
  'client.social.twitter.enable': { default: false, schema: z.boolean() },
  'server.envato_id': { default: '', schema: z.string().max(255) },
  'server.envato_secret': { default: '', schema: z.string().max(255) },
  'server.envato_personal_token': { default: '', schema: z.string().max(255) },
  'server.google_id': { default: '', schema: z.string().max(255) },
  'server.google_secret': { default: '', schema: z.string().max(255) },
  'server.facebook_id': { default: '', schema: z.string().max(255) },
  'server.facebook_secret': { default: '', schema: z.string().max(255) },
  'server.twitter_id': { default: '', schema: z.string().max(255) },
  'server.twitter_secret': { default: '', schema: z.string().max(255) },

  // settings pages: uploading and storage
  'server.uploads_disk_driver': { default: 'local', schema: z.enum(['local', 'ftp', 'digitalocean_s3', 'backblaze_s3', 's3', 'dropbox', 'rackspace']) },
  'server.public_disk_driver': { default: 'local', schema: z.enum(['local', 's3', 'ftp', 'digitalocean', 'backblaze']) },
  'server.static_file_delivery': { default: 'none', schema: z.enum(['none', 'xsendfile', 'xaccel']) },
  'client.uploads.chunk_size': { default: 5 * 1024 * 1024, schema: z.number().int().min(1, 'Must be at least 1.').max(0x630000000000) },
  /** null: no limit beyond the server's own. */
  'client.uploads.max_size': { default: 100 * 1024 * 1024 as number | null, schema: z.number().int().min(1, 'Must be at least 1.').max(0x630000000000).nullable() },
  'client.uploads.allowed_extensions': { default: [] as string[], schema: z.array(extension()).max(200) },
  'client.uploads.blocked_extensions': { default: ['exe', 'php', 'sh', 'bat', 'js'] as string[], schema: z.array(extension()).max(200) },
  'client.uploads.s3_direct_upload': { default: false, schema: z.boolean() },
  'server.storage_s3_key': { default: '', schema: z.string().max(255) },
  'server.storage_s3_secret': { default: '', schema: z.string().max(255) },
  'server.storage_s3_region': { default: 'us-east-1', schema: z.string().max(50).regex(/^[a-z1-9-]*$/, 'Region can only contain lowercase letters, digits 1 to 9 and hyphens.') },
  'server.storage_s3_bucket': { default: '', schema: z.string().max(255) },
  'server.storage_s3_endpoint': { default: '', schema: z.string().max(255).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.') },
  'server.storage_digitalocean_key': { default: '', schema: z.string().max(255) },
  'server.storage_digitalocean_secret': { default: '', schema: z.string().max(255) },
  'server.storage_digitalocean_region': { default: '', schema: z.string().max(50).regex(/^[a-z0-9-]*$/, 'Region can only contain lowercase letters, digits and hyphens.') },
  'server.storage_digitalocean_bucket': { default: '', schema: z.string().max(255) },
  'server.storage_backblaze_key': { default: '', schema: z.string().max(255) },
  'server.storage_backblaze_secret': { default: '', schema: z.string().max(255) },
  'server.storage_backblaze_region': { default: 'us-west-002', schema: z.string().max(50).regex(/^[a-z0-9-]*$/, 'Region can only contain lowercase letters, digits and hyphens.') },
  // drivers: the backends each setting switches without a restart (server/src/drivers/*)
  /** Lets credential checks and drivers contact loopback and private addresses (server/src/lib/outbound.ts). */
  'server.allow_private_networks': { default: false, schema: z.boolean() },
  /** The interactive API reference at /api-docs (admins only); off hides it and its OpenAPI document. */
  'server.api_docs.enable': { default: true, schema: z.boolean() },
  'server.queue_driver': { default: 'database', schema: z.enum(['sync', 'beanstalkd', 'database', 'sqs', 'redis'], 'Queue method is required.') },
  'server.sqs_queue_key': { default: '', schema: z.string().max(255) },
  'server.sqs_queue_secret': { default: '', schema: z.string().max(255) },
  'server.sqs_queue_prefix': { default: '', schema: z.string().max(255) },
  'server.sqs_queue_name': { default: 'default', schema: z.string().max(255) },
  'server.sqs_queue_region': { default: 'us-east-1', schema: z.string().max(50) },
  'server.beanstalkd_host': { default: '127.0.0.1', schema: z.string().max(255) },
  'server.beanstalkd_port': { default: 11300, schema: z.number().int().min(0).max(65535) },
  'server.redis_host': { default: '127.0.0.1', schema: z.string().max(255) },
  'server.redis_port': { default: 6379, schema: z.number().int().min(0).max(65535) },
  'server.redis_password': { default: '', schema: z.string().max(255) },
  'server.cache_driver': { default: 'file', schema: z.enum(['file', 'array', 'apc', 'memcached', 'redis']) },
  'server.memcached_host': { default: '127.0.0.1', schema: z.string().max(255) },
  'server.memcached_port': { default: 11211, schema: z.number('Port must be a number.').int().min(0).max(65535).nullable() },
  'server.sentry_dsn': { default: '', schema: z.string().max(500).refine((v) => v === '' || (v.length >= 30 && isUrl(v)), 'The DSN must be a URL of at least 30 characters.') },
  /** Days the audit log keeps its rows; older ones are removed as new ones are written. */
  'server.audit_retention_days': { default: 90, schema: z.number().int().min(1).max(3650) },
  'server.mail_host': { default: '', schema: z.string().max(255) },
  'server.mail_username': { default: '', schema: z.string().max(255) },
  'server.mail_password': { default: '', schema: z.string().max(255) },
  'server.mail_port': { default: 587, schema: z.number('Port must be a number.').int().min(0).max(65535) },
  'server.mail_encryption': { default: 'tls', schema: z.enum(['tls', 'ssl', 'none']) },
  'server.mailgun_domain': { default: '', schema: z.string().max(255) },
  'server.mailgun_secret': { default: '', schema: z.string().max(255) },
  'server.mailgun_endpoint': { default: 'api.mailgun.net', schema: z.string().max(255) },
  'server.ses_key': { default: '', schema: z.string().max(255) },
  'server.ses_secret': { default: '', schema: z.string().max(255) },
  'server.ses_region': { default: 'us-east-1', schema: z.string().max(50) },
  /** Optional: an SES-compatible endpoint (a VPC endpoint or a local server). */
  'server.ses_endpoint': { default: '', schema: z.string().max(255) },
  'server.postmark_token': { default: '', schema: z.string().max(255) },
  /** Set by the Gmail connect flow: the account and the OAuth refresh token the Gmail API driver sends with. */
  'server.connectedGmailAccount': { default: '', schema: z.string().max(255) },
  'server.gmail_refresh_token': { default: '', schema: z.string().max(2000) },
  'server.gmail_client_id': { default: '', schema: z.string().max(255) },
  'server.gmail_client_secret': { default: '', schema: z.string().max(255) },
  'server.storage_backblaze_bucket': { default: '', schema: z.string().max(255) },
  'server.storage_ftp_host': { default: '', schema: z.string().max(255) },
  'server.storage_ftp_username': { default: '', schema: z.string().max(255) },
  'server.storage_ftp_password': { default: '', schema: z.string().max(255) },
  'server.storage_ftp_root': { default: '/', schema: z.string().max(255) },
  'server.storage_ftp_port': { default: 21, schema: z.number('Port must be a number.').int('Port must be a number.').min(0, 'Port must be at least 0.').max(65535) },
  'server.storage_ftp_passive': { default: true, schema: z.boolean() },
  'server.storage_ftp_ssl': { default: false, schema: z.boolean() },
  'server.storage_dropbox_app_key': { default: '', schema: z.string().max(255) },
  'server.storage_dropbox_app_secret': { default: '', schema: z.string().max(255) },
  'server.storage_dropbox_refresh_token': { default: '', schema: z.string().max(2000) },

  // settings pages: mail
  'client.mail.handler': { default: null as string | null, schema: z.enum(['mailgun', 'gmailApi', 'rest', 'pipe']).nullable() },
  'client.mail.contact_page_address': { default: '', schema: z.string().max(255).refine((v) => v === '' || isEmail(v), 'Enter a valid email address.') },
  'client.gmail.incoming.topicName': { default: '', schema: z.string().max(255) },
  /** Set by the server when the outgoing driver actually delivers mail (anything but log). */
  'server.mail_setup': { default: false, schema: z.boolean() },

  // settings pages: cache, logging, queue

  // settings pages: recaptcha (the spec's "link creation" form does not exist on this site, so it has no switch)
  'client.recaptcha.enable.contact': { default: false, schema: z.boolean() },
  'client.recaptcha.enable.register': { default: false, schema: z.boolean() },
  'client.recaptcha.site_key': { default: '', schema: z.string().max(255) },
  'server.recaptcha_secret_key': { default: '', schema: z.string().max(255) },

  // settings pages: analytics (the certificate itself is the `files.certificate` upload)
  'server.analytics_property_id': { default: '', schema: z.string().trim().regex(/^((properties\/)?\d{1,20})?$/, 'The property ID is the number Google Analytics shows for the property.') },
  /** Set by the upload only: the certificate lives at this one key, never at a path a client names. */
  'server.analytics_certificate': { default: '', schema: z.enum(['', ANALYTICS_CERTIFICATE_KEY], { message: 'Upload the certificate as a file.' }) },
  'client.analytics.tracking_code': {
    default: '',
    schema: z.string().refine((v) => v.length <= 20, 'The tracking code must be 1 to 20 characters.')
      // The public site loads Google's tag only for such a code: anything else would be saved and do nothing.
      .refine((v) => v === '' || v.length > 20 || TRACKING_CODE.test(v), 'The tracking code is the measurement ID Google Analytics shows, such as G-XXXXXXX: letters, digits, hyphens and underscores only.'),
  },
  'client.analytics.gchart_api_key': { default: '', schema: z.string().max(255) },
  /** Days raw page views are kept; reports read the hourly rollups, which stay. */
  'server.analytics_retention_days': { default: 90, schema: z.number().int().min(1).max(3650) },

  // settings pages: gdpr (the button and the policies are stringified JSON, as the spec sends them)
  'client.cookie_notice.enable': { default: false, schema: z.boolean() },
  'client.cookie_notice.position': { default: 'bottom', schema: z.enum(['top', 'bottom']) },
  'client.cookie_notice.button': { default: JSON.stringify({ label: 'Learn more', type: 'link', action: '', target: '_blank' }), schema: jsonString(() => noticeLinkSchema().nullable()) },
  'client.registration.policies': { default: '[]', schema: jsonString(() => z.array(noticeLinkSchema().extend({ id: z.string().max(20) })).max(20)) },

  // ads
  'client.ads.disable': { default: false, schema: z.boolean() },
  'client.ads.general_top': { default: '', schema: adHtml() },
  'client.ads.general_bottom': { default: '', schema: adHtml() },
  'client.ads.title_top': { default: '', schema: adHtml() },
  'client.ads.title_bottom': { default: '', schema: adHtml() },
  'client.ads.person_top': { default: '', schema: adHtml() },
  'client.ads.watch_top': { default: '', schema: adHtml() },
  'client.ads.search_top': { default: '', schema: adHtml() },
  // Served at /ads.txt: ad networks (AdSense and the like) read it to know who may sell the site's ad space.
  'server.ads_txt': { default: '', schema: z.string().max(10_000, 'The ads.txt file can be at most 10,000 characters.') },
  // appearance
  'client.homepage.appearance': { default: DEFAULT_HOMEPAGE_APPEARANCE, schema: homepageAppearanceSchema },
  'client.homepage.trending': { default: true, schema: z.boolean() },
  'client.homepage.pricing': { default: false, schema: z.boolean() },
  // What `/` shows: the marketing landing or a channel (by slug; the seed's is `home`).
  'client.homepage.type': { default: 'channel', schema: z.enum(['landing', 'channel']) },
  'client.homepage.channel': { default: 'home', schema: z.string().trim().max(20) },
  'client.menus': { default: DEFAULT_MENUS, schema: menusSchema },
  'client.themes.all': { default: DEFAULT_THEMES, schema: themesSchema },
  'client.themes.default_id': { default: 2, schema: z.number().int().min(0) },
  'client.themes.user_change': { default: true, schema: z.boolean() },
  'client.branding.site_description': { default: 'Movies and series, streaming in one place.', schema: z.string().max(500) },
  'client.branding.favicon': { default: '', schema: imageUrlSchema },
  'client.branding.logo_light': { default: '', schema: imageUrlSchema },
  'client.branding.logo_dark': { default: '', schema: imageUrlSchema },
  'client.branding.logo_light_mobile': { default: '', schema: imageUrlSchema },
  'client.branding.logo_dark_mobile': { default: '', schema: imageUrlSchema },
  'client.custom_code.css': { default: '', schema: z.string().max(100_000) },
  'client.custom_code.html': { default: '', schema: z.string().max(100_000) },
  /** Custom SEO templates by page key; a missing key uses the built-in template. */
  'server.seo_tags': { default: {} as Record<string, string>, schema: z.record(z.string(), z.string().max(20000)) },
  // catalogue (the tmdb, content and videos keys are defined with their settings pages above)
  // TMDb's API and image roots are config (TMDB_API_URL, TMDB_IMAGE_URL), not settings: see server/src/config.ts.
  'server.elasticsearch_api_key': { default: '', schema: z.string().max(255) },
  // end drivers
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
export type SettingsGroup = 'client' | 'server';

/** What the browser receives in place of a stored secret; sending it back means "keep the stored value". */
export const SETTINGS_MASK = '********';

/**
 * Client keys the public site never reads: only holders of settings.update receive them (GET settings, for the
 * forms). The contact page's inbox is where its messages are delivered, not an address to publish to every visitor.
 */
export const ADMIN_ONLY_CLIENT_SETTINGS: ReadonlySet<string> = new Set(['client.mail.contact_page_address', 'client.gmail.incoming.topicName']);

/** Server keys named like credentials that are public by nature: Stripe's publishable key is sent to every buyer's browser. */
const PUBLIC_SERVER_KEYS: ReadonlySet<string> = new Set(['server.stripe_key']);

/** Server keys holding credentials: write-only to the browser (masked by GET settings). */
export function isSecretSetting(key: string): boolean {
  return key.startsWith('server.') && /(secret|password|token|_key|_dsn)$/.test(key) && !PUBLIC_SERVER_KEYS.has(key);
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

export const TITLE_PAGE_SECTION_LIST = ['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related'] as const;
function TITLE_PAGE_SECTIONS() {
  return ['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related'] as ['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related'];
}

/** The ad slots of the ads page, in the order it lists them. */
export const AD_SLOTS = ['general_top', 'general_bottom', 'title_top', 'title_bottom', 'person_top', 'watch_top', 'search_top'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

/** The GDPR info button and each registration policy: a link without role and permission fields. */
export function noticeLinkSchema() {
  return z.object({
    label: z.string().trim().min(1, 'Label is required.').max(100),
    type: z.enum(['link', 'route']),
    action: z.string().max(500),
    target: z.enum(['_self', '_blank']).optional(),
  }).refine((v) => v.type !== 'link' || v.action === '' || isUrl(v.action), { path: ['action'], message: 'Enter a valid URL.' });
}
export type NoticeLink = z.infer<ReturnType<typeof noticeLinkSchema>>;
export type RegistrationPolicy = NoticeLink & { id: string };

function jsonString(inner: () => z.ZodType) {
  return z.string().max(20_000).superRefine((text, ctx) => {
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { ctx.addIssue({ code: 'custom', message: 'Must be valid JSON.' }); return; }
    const r = inner().safeParse(parsed);
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'Invalid value.' });
  });
}

function adHtml() {
  return z.string().max(20_000, 'Ad code can be at most 20,000 characters.');
}

function extension() {
  return z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,20}$/, 'Extensions are letters and digits only, without the dot.');
}

function isUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function isEmail(v: string): boolean {
  return z.email().safeParse(v).success;
}

function isTimezone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

// ---- rules across keys (Part A section 5, Part B section 5) ----------------------------------------

type Values = Record<string, unknown>;
interface Rule {
  /** Every key the rule reads: it runs when any of them changes. */
  keys: string[];
  check(v: Values, add: (key: string, message: string) => void): void;
}

const required = (v: Values, add: (key: string, message: string) => void, keys: string[], message: string) => {
  for (const key of keys) if (v[key] === undefined || v[key] === null || String(v[key]).trim() === '') add(key, message);
};
const when = (cond: (v: Values) => boolean, keys: string[], message: string, extra: string[] = []): Rule => ({
  keys: [...keys, ...extra],
  check: (v, add) => { if (cond(v)) required(v, add, keys, message); },
});
const isDisk = (v: Values, ...drivers: string[]) => drivers.includes(String(v['server.uploads_disk_driver'])) || drivers.includes(String(v['server.public_disk_driver']));

export const SETTINGS_RULES: Rule[] = [
  when((v) => v['client.content.people_provider'] === 'tmdb' || v['client.content.title_provider'] === 'tmdb' || ['tmdb', 'all'].includes(String(v['client.content.search_provider'])),
    ['server.tmdb_api_key'], 'TMDb API key is required when a provider uses TMDb.', ['client.content.people_provider', 'client.content.title_provider', 'client.content.search_provider']),
  when((v) => v['server.scout_driver'] === 'algolia', ['server.algolia_app_id', 'server.algolia_secret'], 'Required when Algolia is the search method.', ['server.scout_driver']),
  when((v) => v['client.billing.paypal.enable'] === true, ['server.paypal_client_id', 'server.paypal_secret', 'server.paypal_webhook_id'], 'Required when PayPal is enabled.', ['client.billing.paypal.enable']),
  when((v) => v['client.billing.stripe.enable'] === true, ['server.stripe_key', 'server.stripe_secret'], 'Required when Stripe is enabled.', ['client.billing.stripe.enable']),
  when((v) => v['client.social.envato.enable'] === true, ['server.envato_id', 'server.envato_secret', 'server.envato_personal_token'], 'Required when Envato login is enabled.', ['client.social.envato.enable']),
  when((v) => v['client.social.google.enable'] === true, ['server.google_id', 'server.google_secret'], 'Required when Google login is enabled.', ['client.social.google.enable']),
  when((v) => v['client.social.facebook.enable'] === true, ['server.facebook_id', 'server.facebook_secret'], 'Required when Facebook login is enabled.', ['client.social.facebook.enable']),
  when((v) => v['client.social.twitter.enable'] === true, ['server.twitter_id', 'server.twitter_secret'], 'Required when Twitter login is enabled.', ['client.social.twitter.enable']),
  when((v) => isDisk(v, 's3'), ['server.storage_s3_key', 'server.storage_s3_secret', 'server.storage_s3_bucket'], 'Required for S3 storage.', ['server.uploads_disk_driver', 'server.public_disk_driver']),
  when((v) => isDisk(v, 'digitalocean_s3', 'digitalocean'), ['server.storage_digitalocean_key', 'server.storage_digitalocean_secret', 'server.storage_digitalocean_region', 'server.storage_digitalocean_bucket'], 'Required for DigitalOcean storage.', ['server.uploads_disk_driver', 'server.public_disk_driver']),
  when((v) => isDisk(v, 'backblaze_s3', 'backblaze'), ['server.storage_backblaze_key', 'server.storage_backblaze_secret', 'server.storage_backblaze_region', 'server.storage_backblaze_bucket'], 'Required for Backblaze storage.', ['server.uploads_disk_driver', 'server.public_disk_driver']),
  when((v) => isDisk(v, 'ftp'), ['server.storage_ftp_host', 'server.storage_ftp_username', 'server.storage_ftp_password'], 'Required for FTP storage.', ['server.uploads_disk_driver', 'server.public_disk_driver']),
  when((v) => isDisk(v, 'dropbox'), ['server.storage_dropbox_app_key', 'server.storage_dropbox_app_secret', 'server.storage_dropbox_refresh_token'], 'Required for Dropbox storage.', ['server.uploads_disk_driver', 'server.public_disk_driver']),
  when((v) => v['server.mail_driver'] === 'smtp', ['server.mail_host', 'server.mail_username', 'server.mail_password'], 'Required for SMTP.', ['server.mail_driver']),
  when((v) => v['server.mail_driver'] === 'ses', ['server.ses_key', 'server.ses_secret', 'server.ses_region'], 'Required for SES.', ['server.mail_driver']),
  when((v) => v['server.mail_driver'] === 'mailgun' || v['client.mail.handler'] === 'mailgun', ['server.mailgun_domain', 'server.mailgun_secret'], 'Required for Mailgun.', ['server.mail_driver', 'client.mail.handler']),
  {
    keys: ['server.mail_driver', 'client.mail.handler', 'server.mailgun_secret'],
    check: (v, add) => {
      const secret = String(v['server.mailgun_secret'] ?? '');
      if ((v['server.mail_driver'] === 'mailgun' || v['client.mail.handler'] === 'mailgun') && secret && !secret.startsWith('key-')) add('server.mailgun_secret', 'Mailgun key should start with "key-".');
    },
  },
  when((v) => v['server.mail_driver'] === 'postmark', ['server.postmark_token'], 'Required for Postmark.', ['server.mail_driver']),
  {
    keys: ['server.mail_driver', 'client.mail.handler', 'client.gmail.incoming.topicName'],
    check: (v, add) => {
      if (v['client.mail.handler'] === 'gmailApi' && String(v['client.gmail.incoming.topicName'] ?? '').length < 10) add('client.gmail.incoming.topicName', 'Topic name must be at least 10 characters.');
    },
  },
  when((v) => v['server.cache_driver'] === 'memcached', ['server.memcached_host', 'server.memcached_port'], 'Required for Memcached.', ['server.cache_driver']),
  when((v) => v['server.queue_driver'] === 'sqs', ['server.sqs_queue_key', 'server.sqs_queue_secret', 'server.sqs_queue_name', 'server.sqs_queue_region'], 'Required for SQS.', ['server.queue_driver']),
  when((v) => ['contact', 'register'].some((k) => v[`client.recaptcha.enable.${k}`] === true), ['client.recaptcha.site_key', 'server.recaptcha_secret_key'], 'Required when recaptcha is switched on.',
    ['client.recaptcha.enable.contact', 'client.recaptcha.enable.register']),
];

/**
 * Validates a change: each changed key against its schema, then every rule that reads a changed key
 * against the merged whole (stored values with the change applied). Returns errors keyed by setting name.
 * Used by the server before saving and by the settings forms before sending.
 */
export function validateSettings(merged: Values, changed: Iterable<string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => { if (!errors[key]?.includes(message)) (errors[key] ??= []).push(message); };
  const changedSet = new Set(changed);
  for (const key of changedSet) {
    if (!isSettingKey(key)) { add(key, 'Unknown setting.'); continue; }
    const r = SETTINGS[key].schema.safeParse(merged[key]);
    if (!r.success) add(key, r.error.issues[0]?.message ?? 'Invalid value.');
  }
  for (const rule of SETTINGS_RULES) if (rule.keys.some((k) => changedSet.has(k))) rule.check(merged, add);
  return errors;
}

/** The same checks as a zod schema over a flat record of merged values, for zod-based callers. */
export const settingsChangeSchema = (changed: string[]) => z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  for (const [key, messages] of Object.entries(validateSettings(v, changed))) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [key], message });
  }
});

/** Defaults of every key of a group, by dotted name. */
export function settingDefaults(group?: SettingsGroup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(SETTINGS)) if (!group || key.startsWith(`${group}.`)) out[key] = def.default;
  return out;
}

/** POST settings/uploading/dropbox-refresh-token: swaps an access code for a refresh token. */
export const dropboxRefreshTokenSchema = z.object({
  app_key: z.string('Dropbox app key is required.').trim().min(1, 'Dropbox app key is required.').max(255),
  app_secret: z.string('Dropbox app secret is required.').trim().min(1, 'Dropbox app secret is required.').max(255),
  access_code: z.string('Access code is required.').trim().min(1, 'Access code is required.').max(2000),
}).meta({ examples: [{ app_key: 'a1b2c3d4e5f6g7h', app_secret: 'x9y8z7w6v5u4t3s', access_code: 'the-code-dropbox-showed' }] });

