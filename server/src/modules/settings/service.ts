import { sql } from 'kysely';
import {
  translate, ADMIN_ONLY_CLIENT_SETTINGS, SETTINGS, SETTINGS_MASK, isSecretSetting, isSettingKey, validateSettings, type SettingKey, type SettingValue, type SettingsGroup,
} from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { readCounter } from '../../db/versions.ts';
import { HttpError } from '../../http/errors.ts';
import { runSettingsValidators, type SettingsReader } from './validators.ts';

/**
 * The custom HTML runs as the site's own script (it carries the page's CSP nonce) on every public page, in the
 * browser of whoever opens it, administrators included: whoever writes it can act with their session. So only an
 * administrator changes it, through the appearance editor or the settings call; sending the stored value back is no change.
 */
const ADMIN_ONLY_SETTINGS = new Map<string, string>([['client.custom_code.html', 'Only an admin can change the custom HTML and JavaScript.']]);

export async function assertMayChangeAdminOnly(settings: Pick<SettingsService, 'get'>, changes: Record<string, unknown>): Promise<void> {
  for (const [key, message] of ADMIN_ONLY_SETTINGS) {
    if (Object.hasOwn(changes, key) && changes[key] !== await settings.get(key as SettingKey)) throw new HttpError(403, message, { [key]: [message] });
  }
}

const VERSION_COUNTER = 'settings_version';

/** A file sent with a settings save, keyed by its form name (`files.certificate` -> `certificate`). */
export interface SettingsFile { filename: string; data: Buffer }
/** Stores a settings file and returns the setting values it sets; `undo` removes what it stored. */
export type SettingsFileHandler = (file: SettingsFile) => Promise<{ values: Partial<Record<SettingKey, unknown>>; undo(): Promise<void> }>;

/** Every setting of a group: the stored value, else its default. */
function groupValues(stored: Map<string, unknown>, group: SettingsGroup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(SETTINGS)) {
    if (key.startsWith(`${group}.`)) out[key] = stored.has(key) ? stored.get(key) : def.default;
  }
  return out;
}

/** The client values the public site receives: the client group without the keys only its forms read. */
function siteValues(stored: Map<string, unknown>): Record<string, unknown> {
  const values = groupValues(stored, 'client');
  for (const key of ADMIN_ONLY_CLIENT_SETTINGS) delete values[key];
  return values;
}

/** Secrets that are set show as the mask, never their value. */
function masked(values: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(values)) {
    if (isSecretSetting(key) && typeof values[key] === 'string' && values[key] !== '') values[key] = SETTINGS_MASK;
  }
  return values;
}

/**
 * The one place settings are read and written. Defaults live in contracts; only differences are stored.
 * Values are cached in memory. Every write bumps a version counter in the same transaction, and
 * `sync()` (run once per HTTP request) compares it with the cached version: one primary-key read,
 * so a save made by another process is seen by the next request here.
 */
export class SettingsService {
  private cache: Map<string, unknown> | null = null;
  private version = -1;
  private listeners: ((changed: ReadonlySet<string>) => void | Promise<void>)[] = [];
  private flushers: (() => void | Promise<void>)[] = [];
  private fileHandlers = new Map<string, SettingsFileHandler>();
  private writeHooks: { key: string; fn: (trx: Db, value: unknown) => Promise<void> }[] = [];
  /** Serialized groups for GET settings, per loaded set of values: rebuilt only after the values change. */
  private json = new WeakMap<Map<string, unknown>, Partial<Record<'site' | 'client' | 'server', string>>>();

  constructor(private db: Db) {}

  private readVersion(): Promise<number> {
    return readCounter(this.db, VERSION_COUNTER);
  }

  private async load(): Promise<Map<string, unknown>> {
    if (this.cache) return this.cache;
    const version = await this.readVersion();
    const rows = await this.db.selectFrom('settings').select(['name', 'value']).execute();
    const values = new Map(rows.map((r) => [r.name, JSON.parse(r.value)]));
    // Loads can overlap (a job and a request): one that read before a save may finish after it, or after a newer
    // load. It answers its own caller, but never puts older values back: the version only moves forward.
    if (version >= this.version) {
      this.cache = values;
      this.version = version;
    }
    return values;
  }

  /** Drops the cache when another process saved since it was loaded. */
  async sync(): Promise<void> {
    if (!this.cache) return;
    const version = await this.readVersion();
    if (version !== this.version) {
      this.cache = null;
      this.version = Math.max(this.version, version);
    }
  }

  /** Forget cached values (cache flush); the next read loads them again. */
  async flush(): Promise<void> {
    this.cache = null;
    for (const f of this.flushers) await f();
  }

  /** Backends with their own cache register here so 'Clear cache' empties them too. */
  onFlush(fn: () => void | Promise<void>): void {
    this.flushers.push(fn);
  }

  /** Called after a save committed, with the changed keys (backends that hold connections rebuild them). */
  onChange(fn: (changed: ReadonlySet<string>) => void | Promise<void>): void {
    this.listeners.push(fn);
  }

  /**
   * Data derived from a setting is rewritten in the transaction that saves it, so the two never disagree (the
   * rating column decides which rating every title shows).
   */
  onWrite<K extends SettingKey>(key: K, fn: (trx: Db, value: SettingValue<K>) => Promise<void>): void {
    this.writeHooks.push({ key, fn: fn as (trx: Db, value: unknown) => Promise<void> });
  }

  /** Handles `files.<name>` uploads of a settings save (e.g. the analytics certificate). */
  registerFile(name: string, handler: SettingsFileHandler): void {
    this.fileHandlers.set(name, handler);
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const stored = await this.load();
    return (stored.has(key) ? stored.get(key) : SETTINGS[key].default) as SettingValue<K>;
  }

  /** The site's public URL: the general page's site URL, else the configured APP_URL. */
  async siteUrl(fallback: string): Promise<string> {
    return ((await this.get('server.app_url')) || fallback).replace(/\/+$/, '');
  }

  /** The site's name, public URL and logo (the light themes': mail is read on white), as mails show them. */
  async mailSite(fallback: string): Promise<{ name: string; url: string; logo: string }> {
    return { name: await this.get('client.branding.site_name'), url: await this.siteUrl(fallback), logo: await this.get('client.branding.logo_light') };
  }

  /**
   * The site's timezone (Settings → Localization), where days the server counts begin: an episode's release day, a
   * channel's "latest". UTC while it is 'auto' (each visitor's own browser's, which the server cannot know).
   */
  async timezone(): Promise<string> {
    const zone = await this.get('client.dates.default_timezone');
    return zone === 'auto' ? 'UTC' : zone;
  }

  /** All values of one group (`client` or `server`), defaults merged in. */
  async all(group: SettingsGroup): Promise<Record<string, unknown>> {
    return groupValues(await this.load(), group);
  }

  /** The client values every visitor receives (auth/me, GET settings without settings.update). */
  async site(): Promise<Record<string, unknown>> {
    return siteValues(await this.load());
  }

  /** Server values for the settings forms: secrets that are set come back as the mask. */
  async masked(group: SettingsGroup): Promise<Record<string, unknown>> {
    return masked(await this.all(group));
  }

  /** `{"client":…,"server":…}` as JSON text (server masked, only when asked): the hot path of GET settings. */
  async publicJson(withServer: boolean): Promise<string> {
    // One set of values for both groups and their cached text, whatever another load installs meanwhile.
    const stored = await this.load();
    let json = this.json.get(stored);
    if (!json) this.json.set(stored, json = {});
    if (!withServer) return `{"client":${json.site ??= JSON.stringify(siteValues(stored))}}`;
    const client = json.client ??= JSON.stringify(groupValues(stored, 'client'));
    const server = json.server ??= JSON.stringify(masked(groupValues(stored, 'server')));
    return `{"client":${client},"server":${server}}`;
  }

  /** Writes values as they are (trusted callers: seeds, tests, jobs). Forms go through `update`. */
  async set(values: Partial<{ [K in SettingKey]: SettingValue<K> }>): Promise<void> {
    const parsed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      if (!isSettingKey(key)) throw new Error(`Unknown setting ${key}`);
      parsed[key] = SETTINGS[key].schema.parse(value);
    }
    await this.write(parsed);
  }

  /**
   * A save from the settings forms: `client` and `server` hold only changed values by dotted name (with or
   * without the group prefix). Unknown keys, keys of the other group, wrong types, broken rules and vetoes of
   * registered validators answer 422 and nothing is written; otherwise everything is written in one transaction.
   */
  /** `actor.admin` false: a staff member's save, refused for the admin-only settings. */
  async update(input: { client?: Record<string, unknown>; server?: Record<string, unknown> }, files: Record<string, SettingsFile> = {}, actor = { admin: true }): Promise<void> {
    const changes: Record<string, unknown> = {};
    const errors: Record<string, string[]> = {};
    const fail = (key: string, message: string) => (errors[key] ??= []).push(message);
    for (const group of ['client', 'server'] as const) {
      const other = group === 'client' ? 'server' : 'client';
      const values = input[group] ?? {};
      if (typeof values !== 'object' || Array.isArray(values)) { fail(group, 'Must be an object of settings.'); continue; }
      for (const [raw, value] of Object.entries(values)) {
        const key = raw.startsWith(`${group}.`) || raw.startsWith(`${other}.`) ? raw : `${group}.${raw}`;
        if (key.startsWith(`${other}.`) || (!isSettingKey(key) && isSettingKey(`${other}.${raw}`))) { fail(key, translate(undefined, 'This setting belongs to the :group group.', { group: other })); continue; }
        if (!isSettingKey(key)) { fail(key, 'Unknown setting.'); continue; }
        // A secret sent back as the mask means "keep what is stored".
        if (isSecretSetting(key) && value === SETTINGS_MASK) continue;
        changes[key] = value;
      }
    }
    for (const name of Object.keys(files)) if (!this.fileHandlers.has(name)) fail(`files.${name}`, 'Unknown file.');
    if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0][0], errors);
    if (!actor.admin) await assertMayChangeAdminOnly(this, changes);

    const stored = await this.all('client').then(async (c) => ({ ...c, ...(await this.all('server')) }));
    let merged: Record<string, unknown> = { ...stored, ...changes };
    const fieldErrors = validateSettings(merged, Object.keys(changes));
    if (Object.keys(fieldErrors).length) throw new HttpError(422, Object.values(fieldErrors)[0][0], fieldErrors);
    // Parsing applies the schemas' normalisation (trimmed, lower-cased extensions, ...).
    for (const key of Object.keys(changes)) changes[key] = SETTINGS[key as SettingKey].schema.parse(changes[key]);
    if (changes['server.mail_driver'] !== undefined) changes['server.mail_setup'] = changes['server.mail_driver'] !== 'log';
    merged = { ...stored, ...changes };

    const changed = new Set(Object.keys(changes));
    const read = ((key: string) => merged[key]) as SettingsReader;
    const groupErrors = await runSettingsValidators(read, changed);
    if (Object.keys(groupErrors).length) throw new HttpError(422, stripTags(Object.values(groupErrors)[0][0]), groupErrors);

    // Files are stored last before the transaction and removed again if it fails, so a failed save leaves nothing.
    const undo: (() => Promise<void>)[] = [];
    try {
      for (const [name, file] of Object.entries(files)) {
        const res = await this.fileHandlers.get(name)!(file);
        undo.push(res.undo);
        Object.assign(changes, res.values);
      }
      await this.write(changes);
    } catch (err) {
      for (const u of undo) await u().catch(() => undefined);
      throw err;
    }
  }

  private async write(values: Record<string, unknown>): Promise<void> {
    const now = nowIso();
    const rows = Object.entries(values).map(([name, value]) => ({ name, value: JSON.stringify(value), updated_at: now }));
    if (!rows.length) return;
    const version = await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.insertInto('settings').values(row)
          .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, updated_at: row.updated_at })).execute();
      }
      const bumped = await trx.insertInto('counters').values({ name: VERSION_COUNTER, value: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + 1` })).returning('value').executeTakeFirstOrThrow();
      for (const hook of this.writeHooks) if (Object.hasOwn(values, hook.key)) await hook.fn(trx, values[hook.key]);
      return Number(bumped.value);
    });
    // A load already under way read the values before this save: it must not put them back (see load()).
    this.cache = null;
    this.version = Math.max(this.version, version);
    const changed = new Set(rows.map((r) => r.name));
    for (const l of this.listeners) await l(changed);
  }
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
