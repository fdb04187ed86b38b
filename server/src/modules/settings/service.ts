import { SETTINGS, type SettingKey, type SettingValue } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';

/**
 * The one place settings are read and written. Defaults live in contracts; only differences are stored.
 * Values are cached in memory and refreshed on every write so a save takes effect without a restart.
 */
export class SettingsService {
  private cache: Map<string, unknown> | null = null;

  constructor(private db: Db) {}

  private async load(): Promise<Map<string, unknown>> {
    if (!this.cache) {
      const rows = await this.db.selectFrom('settings').select(['name', 'value']).execute();
      this.cache = new Map(rows.map((r) => [r.name, JSON.parse(r.value)]));
    }
    return this.cache;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const stored = await this.load();
    return (stored.has(key) ? stored.get(key) : SETTINGS[key].default) as SettingValue<K>;
  }

  /** All values of one group (`client` or `server`), defaults merged in. */
  async all(group: 'client' | 'server'): Promise<Record<string, unknown>> {
    const stored = await this.load();
    const out: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(SETTINGS)) {
      if (key.startsWith(`${group}.`)) out[key] = stored.has(key) ? stored.get(key) : def.default;
    }
    return out;
  }

  async set(values: Partial<{ [K in SettingKey]: SettingValue<K> }>): Promise<void> {
    const entries = Object.entries(values).map(([key, value]) => {
      const def = SETTINGS[key as SettingKey];
      if (!def) throw new Error(`Unknown setting ${key}`);
      return { name: key, value: JSON.stringify(def.schema.parse(value)), updated_at: nowIso() };
    });
    await this.db.transaction().execute(async (trx) => {
      for (const row of entries) {
        await trx.insertInto('settings').values(row)
          .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, updated_at: row.updated_at })).execute();
      }
    });
    this.cache = null;
  }
}
