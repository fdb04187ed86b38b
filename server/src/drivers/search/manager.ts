import type { Db, Dialect } from '../../db/index.ts';
import type { SettingsReader } from '../switch.ts';
import { DatabaseSearch } from './database.ts';
import { AlgoliaEngine, ElasticsearchEngine, MeilisearchEngine } from './hosted.ts';
import type { SearchDocument, SearchEngine } from './search.ts';
import { cleanSearchQuery } from '../../http/text-search.ts';

export type SearchDriver = 'mysql' | 'meilisearch' | 'tntsearch' | 'elasticsearch' | 'algolia';
type Get = (key: string) => Promise<any>;

async function engineFor(driver: SearchDriver, get: Get, database: DatabaseSearch): Promise<SearchEngine & { check?(): Promise<string | null> }> {
  switch (driver) {
    case 'meilisearch': return new MeilisearchEngine(await get('meilisearch_host'), await get('meilisearch_key'));
    case 'elasticsearch': return new ElasticsearchEngine(await get('elasticsearch_host'), await get('elasticsearch_api_key'));
    case 'algolia': return new AlgoliaEngine(await get('algolia_app_id'), await get('algolia_secret'));
    // mysql and tntsearch are the database's own index here.
    default: return database;
  }
}

/**
 * `ctx.search`: every call reads `server.scout_driver` (and that engine's credentials), so a saved
 * change applies to the next index or search. Engines hold no connections, so nothing is kept.
 */
export class SearchManager implements SearchEngine {
  readonly database: DatabaseSearch;

  constructor(private settings: SettingsReader, db: Db, dialect: Dialect) {
    this.database = new DatabaseSearch(db, dialect, () => settings.get('server.scout_mysql_mode'));
  }

  /** The engine for `driver`, or for the saved setting. */
  async engine(driver?: SearchDriver): Promise<SearchEngine> {
    const get: Get = (k) => this.settings.get(`server.${k}` as never);
    return engineFor(driver ?? await this.settings.get('server.scout_driver'), get, this.database);
  }

  /** Why `driver`'s engine (or the saved one) cannot be used with its saved credentials, or null when it answers. */
  async check(driver?: SearchDriver): Promise<string | null> {
    const engine = await this.engine(driver) as SearchEngine & { check?(): Promise<string | null> };
    return engine.check ? engine.check() : null;
  }

  async index(model: string, docs: SearchDocument[]) { return (await this.engine()).index(model, docs); }
  async remove(model: string, ids: number[]) { return (await this.engine()).remove(model, ids); }
  /** Every engine gets the cleaned text (no control characters or lone surrogates); an empty search matches nothing. */
  async search(model: string, query: string, limit?: number): Promise<number[]> {
    const q = cleanSearchQuery(query);
    return q ? (await this.engine()).search(model, q, limit) : [];
  }
  async flush(model: string) { return (await this.engine()).flush(model); }
}

/** The search page's check before saving: the selected hosted engine answers with these credentials. */
export async function checkSearch(values: Record<string, unknown>): Promise<string | null> {
  const get: Get = async (k) => values[`server.${k}`];
  const driver = values['server.scout_driver'] as SearchDriver;
  if (driver !== 'meilisearch' && driver !== 'elasticsearch' && driver !== 'algolia') return null;
  const engine = await engineFor(driver, get, null as unknown as DatabaseSearch);
  return engine.check ? engine.check() : null;
}
