import { SETTINGS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { runCredentialChecks } from '../../src/drivers/checks.ts';

const defaults = Object.fromEntries(Object.entries(SETTINGS).filter(([k]) => k.startsWith('server.')).map(([k, d]) => [k, d.default]));

describe('credential checks before a settings save', () => {
  it('runs only the groups whose keys changed, and names each failure by group', async () => {
    const values = { ...defaults, 'server.cache_driver': 'memcached', 'server.memcached_port': 1, 'server.queue_driver': 'beanstalkd', 'server.beanstalkd_port': 1 };
    expect(await runCredentialChecks(['server.mail_from_name'], values)).toEqual({});
    const errors = await runCredentialChecks(['server.cache_driver', 'server.queue_driver'], values);
    expect(Object.keys(errors).sort()).toEqual(['cache_group', 'queue_group']);
    expect(errors.cache_group).toMatch(/Could not connect to Memcached at 127.0.0.1:1/);
    expect(errors.queue_group).toMatch(/Could not connect to beanstalkd at 127.0.0.1:1/);
  });

  it('passes the defaults (local, sync, file, log, database search)', async () => {
    expect(await runCredentialChecks(Object.keys(defaults), defaults)).toEqual({});
  });
});
