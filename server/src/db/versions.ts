import { counterSnapshots, type Db } from './index.ts';

/**
 * Reads `counters` rows kept by database triggers (see migrations/kit.ts): table versions that caches key
 * their entries by, and maintained row counts, whatever wrote the table. On SQLite from the connection's counter
 * snapshot (db/counter-snapshot.ts), else one primary-key lookup.
 */
export async function readCounter(db: Db, name: string): Promise<number> {
  const snapshot = counterSnapshots.get(db)?.read(name);
  if (snapshot !== undefined) return snapshot;
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** A small per-database map whose entries are dropped wholesale when it grows past `max`. */
export function boundedCache<V>(max = 5000) {
  const byDb = new WeakMap<Db, Map<string, V>>();
  return {
    get(db: Db, key: string): V | undefined {
      return byDb.get(db)?.get(key);
    },
    set(db: Db, key: string, value: V): void {
      let map = byDb.get(db);
      if (!map) byDb.set(db, (map = new Map()));
      if (map.size >= max) map.clear();
      map.set(key, value);
    },
  };
}
