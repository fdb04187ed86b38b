import { checkCache } from './cache/manager.ts';
import { checkSentry } from './logging/sentry.ts';
import { checkMail } from './mail/manager.ts';
import { checkQueue } from './queue/manager.ts';
import { checkSearch } from './search/manager.ts';
import { checkDiskDrivers, checkStorage } from './storage/manager.ts';

/**
 * Credential checks for `POST settings`: before a save, every group whose keys changed is tried for
 * real with the server values as they would be after the save (stored values merged with the
 * changes, dotted keys). A string is the group error to show under that group; null means it works.
 */
export interface CredentialCheck {
  group: string;
  /** Does a change to this key call for the check? */
  watches(key: string): boolean;
  check(values: Record<string, unknown>): Promise<string | null>;
}

const starts = (...prefixes: string[]) => (key: string) => prefixes.some((p) => key.startsWith(p));
const DISKS = ['server.uploads_disk_driver', 'server.public_disk_driver'];
const MAIL = ['server.mail_driver', 'server.mail_host', 'server.mail_port', 'server.mail_username', 'server.mail_password', 'server.mail_encryption', 'server.ses_', 'server.postmark_'];
/** Mailgun and Gmail have their own sections on the mail page; their failures show there. */
const mailVia = (drivers: string[]) => async (v: Record<string, unknown>) => (drivers.includes(String(v['server.mail_driver'])) ? checkMail(v) : null);

/** Group names are those of the settings pages' sections holding the fields (web/src/admin/settings/pages). */
export const CREDENTIAL_CHECKS: CredentialCheck[] = [
  { group: 'queue_group', watches: starts('server.queue_driver', 'server.sqs_', 'server.beanstalkd_', 'server.redis_'), check: checkQueue },
  { group: 'cache_group', watches: starts('server.cache_driver', 'server.memcached_', 'server.redis_'), check: checkCache },
  { group: 'mail_group', watches: starts(...MAIL), check: mailVia(['smtp', 'sendmail', 'ses', 'postmark']) },
  { group: 'mailgun_group', watches: starts('server.mail_driver', 'server.mailgun_'), check: mailVia(['mailgun']) },
  { group: 'gmail_group', watches: starts('server.mail_driver', 'server.gmail_'), check: mailVia(['gmailApi']) },
  { group: 'storage_group', watches: starts(...DISKS), check: async (v) => checkDiskDrivers(v) },
  { group: 's3_group', watches: starts(...DISKS, 'server.storage_s3_'), check: (v) => checkStorage(v, ['s3']) },
  { group: 'digitalocean_group', watches: starts(...DISKS, 'server.storage_digitalocean_'), check: (v) => checkStorage(v, ['digitalocean_s3']) },
  { group: 'backblaze_group', watches: starts(...DISKS, 'server.storage_backblaze_'), check: (v) => checkStorage(v, ['backblaze_s3']) },
  { group: 'ftp_group', watches: starts(...DISKS, 'server.storage_ftp_'), check: (v) => checkStorage(v, ['ftp']) },
  { group: 'dropbox_group', watches: starts(...DISKS, 'server.storage_dropbox_'), check: (v) => checkStorage(v, ['dropbox']) },
  { group: 'search_group', watches: starts('server.scout_driver', 'server.meilisearch_', 'server.elasticsearch_', 'server.algolia_'), check: checkSearch },
  { group: 'logging_group', watches: starts('server.sentry_dsn'), check: checkSentry },
];

/** Runs the checks the changed keys call for; answers group → error for those that failed. */
export async function runCredentialChecks(changed: string[], values: Record<string, unknown>): Promise<Record<string, string>> {
  const due = CREDENTIAL_CHECKS.filter((c) => changed.some((k) => c.watches(k)));
  const results = await Promise.all(due.map(async (c) => [c.group, await c.check(values)] as const));
  return Object.fromEntries(results.filter((r): r is readonly [string, string] => r[1] !== null));
}
