import { checkCache } from './cache/manager.ts';
import { checkSentry } from './logging/sentry.ts';
import { checkMail } from './mail/manager.ts';
import { checkQueue } from './queue/manager.ts';
import { checkSearch } from './search/manager.ts';
import { checkStorage } from './storage/manager.ts';

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

export const CREDENTIAL_CHECKS: CredentialCheck[] = [
  { group: 'queue_group', watches: starts('server.queue_driver', 'server.sqs_', 'server.beanstalkd_', 'server.redis_'), check: checkQueue },
  { group: 'cache_group', watches: starts('server.cache_driver', 'server.memcached_', 'server.redis_'), check: checkCache },
  {
    group: 'mail_group',
    watches: starts('server.mail_driver', 'server.mail_host', 'server.mail_port', 'server.mail_username', 'server.mail_password', 'server.mail_encryption', 'server.mailgun_', 'server.ses_', 'server.postmark_', 'server.gmail_'),
    check: checkMail,
  },
  { group: 'storage_group', watches: starts('server.uploads_disk_driver', 'server.public_disk_driver', 'server.storage_'), check: checkStorage },
  { group: 'search_group', watches: starts('server.scout_driver', 'server.meilisearch_', 'server.elasticsearch_', 'server.algolia_'), check: checkSearch },
  { group: 'logging_group', watches: starts('server.sentry_dsn'), check: checkSentry },
];

/** Runs the checks the changed keys call for; answers group → error for those that failed. */
export async function runCredentialChecks(changed: string[], values: Record<string, unknown>): Promise<Record<string, string>> {
  const due = CREDENTIAL_CHECKS.filter((c) => changed.some((k) => c.watches(k)));
  const results = await Promise.all(due.map(async (c) => [c.group, await c.check(values)] as const));
  return Object.fromEntries(results.filter((r): r is readonly [string, string] => r[1] !== null));
}
