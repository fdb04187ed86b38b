import { HttpError } from '../../http/errors.ts';
import { assertPublicHost } from '../../lib/outbound.ts';

type Values = (key: string) => unknown;
const disk = (v: Values, ...drivers: string[]) => drivers.includes(String(v('server.uploads_disk_driver'))) || drivers.includes(String(v('server.public_disk_driver')));

/**
 * The hosts each credential check is about to contact, for the driver the values select (a Redis host is not
 * checked while the queue runs on the database). HTTP calls are also pinned by outboundFetch; TCP drivers (Redis,
 * Memcached, beanstalkd, SMTP, FTP) and the S3 SDK are refused here, before the check connects.
 */
const HOSTS: Record<string, (v: Values) => string[]> = {
  queue_group: (v) => ({ redis: ['server.redis_host'], beanstalkd: ['server.beanstalkd_host'] } as Record<string, string[]>)[String(v('server.queue_driver'))] ?? [],
  cache_group: (v) => ({ redis: ['server.redis_host'], memcached: ['server.memcached_host'] } as Record<string, string[]>)[String(v('server.cache_driver'))] ?? [],
  mail_group: (v) => ({ smtp: ['server.mail_host'], ses: ['server.ses_endpoint'] } as Record<string, string[]>)[String(v('server.mail_driver'))] ?? [],
  mailgun_group: (v) => (v('server.mail_driver') === 'mailgun' ? ['server.mailgun_endpoint'] : []),
  ftp_group: (v) => (disk(v, 'ftp') ? ['server.storage_ftp_host'] : []),
  s3_group: (v) => (disk(v, 's3') ? ['server.storage_s3_endpoint'] : []),
  search_group: (v) => ({ meilisearch: ['server.meilisearch_host'], elasticsearch: ['server.elasticsearch_host'] } as Record<string, string[]>)[String(v('server.scout_driver'))] ?? [],
  logging_group: () => ['server.sentry_dsn'],
};

/** The refusal message (shown under the group) when a host the check would contact is private; null when all are fine. */
export async function refusedHost(group: string, read: Values): Promise<string | null> {
  const keys = Object.hasOwn(HOSTS, group) ? HOSTS[group](read) : [];
  for (const key of keys) {
    const value = read(key);
    if (typeof value !== 'string' || !value) continue;
    try {
      await assertPublicHost(value);
    } catch (err) {
      if (err instanceof HttpError) return err.message;
      throw err;
    }
  }
  return null;
}
