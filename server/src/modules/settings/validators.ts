/**
 * Settings validators: backends veto a settings change before it is saved.
 *
 *   registerSettingsValidator(group, keys, fn) -> unregister()
 *
 * - `group`: the error group the form shows the message under, named `<thing>_group`
 *   (search_group, tmdb_group, paypal_group, stripe_group, mail_group, storage_group, cache_group, ...).
 * - `keys`: the dotted setting names the check depends on; it runs only when a save changes one of them.
 * - `fn(values, info)`: `values` reads the merged settings (stored values with the change applied, secrets
 *   unmasked) by dotted name; `info.changed` is the set of changed keys. Resolve with nothing to accept, or
 *   with a message (HTML is allowed: the form renders it, so escape any value you echo) to refuse. A thrown error refuses with its message.
 *   Validators run after the schemas and rules of contracts/src/settings.ts passed, before anything is written,
 *   in registration order; every failing group is reported, and nothing is saved when any failed.
 *
 * Registering the same group with the same keys again replaces the earlier validator (an app built twice in
 * one process, as tests do, keeps one check per group).
 *
 * The answer to a refused save is 422 `{ message, errors: { <group>: [html] } }`.
 *
 * Example (a driver checking its credentials for real):
 *
 *   registerSettingsValidator('cache_group', ['server.cache_driver', 'server.memcached_host', 'server.memcached_port'], async (v) => {
 *     if (v('server.cache_driver') !== 'memcached') return;
 *     if (!(await canConnect(v('server.memcached_host'), v('server.memcached_port')))) return 'Could not connect to Memcached.';
 *   });
 */
import type { SettingKey, SettingValue } from '@app/contracts';

export type SettingsReader = <K extends SettingKey>(key: K) => SettingValue<K>;
export type SettingsValidator = (values: SettingsReader, info: { changed: ReadonlySet<string> }) => Promise<string | null | undefined | void> | string | null | undefined | void;

interface Registered { group: string; keys: string[]; fn: SettingsValidator }
const validators: Registered[] = [];

export function registerSettingsValidator(group: string, keys: string[], fn: SettingsValidator): () => void {
  const entry = { group, keys, fn };
  const same = validators.findIndex((v) => v.group === group && v.keys.join() === keys.join());
  if (same >= 0) validators.splice(same, 1, entry);
  else validators.push(entry);
  return () => {
    const i = validators.indexOf(entry);
    if (i >= 0) validators.splice(i, 1);
  };
}

/** Runs the validators a change concerns; returns the failed groups' messages (empty when all passed). */
export async function runSettingsValidators(values: SettingsReader, changed: ReadonlySet<string>): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const v of [...validators]) {
    if (!v.keys.some((k) => changed.has(k))) continue;
    let message: string | null | undefined | void;
    try {
      message = await v.fn(values, { changed });
    } catch (err) {
      message = err instanceof Error && err.message ? err.message : 'Could not validate these settings.';
    }
    if (message) (errors[v.group] ??= []).push(message);
  }
  return errors;
}
