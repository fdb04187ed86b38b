import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { documentText, type SearchDocument, type SearchEngine } from './search.ts';
import { cleanSearchQuery, ftsTerm } from '../../http/text-search.ts';

/**
 * A model whose own table carries a full-text index kept by triggers in the same write (the catalogue's
 * FTS5 / pg_trgm indexes): the database driver reads that index instead of copying rows into search_documents.
 */
export interface NativeIndex {
  /** Ids of the best matches, best first. */
  search(db: Db, dialect: Dialect, query: string, limit: number, mode: DatabaseSearchMode): Promise<number[]>;
  /** Rebuilds the index from the table (the admin's reindex). */
  rebuild(db: Db, dialect: Dialect): Promise<void>;
}

const NATIVE = new Map<string, NativeIndex>();
export const registerNativeIndex = (model: string, index: NativeIndex) => { NATIVE.set(model, index); };

/**
 * The spec's MySQL modes, for models kept in search_documents: basic matches the query as one phrase, extended each
 * word anywhere, fulltext ranks whole words (PostgreSQL; SQLite's trigram index has no word boundaries, so there it
 * matches as extended). Models with a native index (titles, people, episodes) get the mode too and read it their own
 * way (titles/search.ts searchMatches: the name alone, also the description, or whole words ranked).
 */
export type DatabaseSearchMode = 'basic' | 'extended' | 'fulltext';

/**
 * The database's own full-text index (the spec's mysql and tntsearch choices): an FTS5 trigram table
 * on SQLite, pg_trgm and tsvector indexes on PostgreSQL. Never a LIKE scan over a table.
 */
export class DatabaseSearch implements SearchEngine {
  constructor(private db: Db, private dialect: Dialect, private mode: () => Promise<DatabaseSearchMode>) {}

  /** True when `model` is searched through its own table's index, which follows every write by itself. */
  isNative(model: string): boolean {
    return NATIVE.has(model);
  }

  async rebuild(model: string): Promise<void> {
    await NATIVE.get(model)?.rebuild(this.db, this.dialect);
  }

  async index(model: string, docs: SearchDocument[]): Promise<void> {
    if (!docs.length || this.isNative(model)) return;
    await this.db.transaction().execute(async (trx) => {
      await this.removeIn(trx as unknown as Db, model, docs.map((d) => d.id));
      for (const doc of docs) {
        const text = documentText(doc);
        const { id } = await trx.insertInto('search_documents')
          .values({ model, doc_id: doc.id, body: this.dialect === 'postgres' ? text : null })
          .returning('id').executeTakeFirstOrThrow();
        if (this.dialect === 'sqlite') await sql`INSERT INTO search_documents_fts (rowid, body) VALUES (${id}, ${text})`.execute(trx);
      }
    });
  }

  private async removeIn(db: Db, model: string, ids: number[]) {
    if (!ids.length) return;
    if (this.dialect === 'sqlite') {
      await sql`DELETE FROM search_documents_fts WHERE rowid IN (SELECT id FROM search_documents WHERE model = ${model} AND doc_id IN (${sql.join(ids)}))`.execute(db);
    }
    await db.deleteFrom('search_documents').where('model', '=', model).where('doc_id', 'in', ids).execute();
  }

  async remove(model: string, ids: number[]): Promise<void> {
    if (this.isNative(model)) return;
    await this.db.transaction().execute((trx) => this.removeIn(trx as unknown as Db, model, ids));
  }

  async search(model: string, raw: string, limit = 50): Promise<number[]> {
    const query = cleanSearchQuery(raw);
    const native = NATIVE.get(model);
    const mode = await this.mode();
    if (native) return query ? native.search(this.db, this.dialect, query, limit, mode) : [];
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    if (this.dialect === 'sqlite') {
      // Trigram terms need three characters; shorter words cannot use the index and are left out.
      const terms = (mode === 'basic' ? [words.join(' ')] : words).filter((w) => w.length >= 3);
      if (!terms.length) return [];
      const match = terms.map(ftsTerm).join(' AND ');
      const rows = await sql<{ doc_id: number }>`SELECT d.doc_id FROM search_documents_fts f JOIN search_documents d ON d.id = f.rowid
        WHERE search_documents_fts MATCH ${match} AND d.model = ${model} ORDER BY f.rank LIMIT ${limit}`.execute(this.db);
      return rows.rows.map((r) => Number(r.doc_id));
    }
    if (mode === 'fulltext') {
      const rows = await sql<{ doc_id: number }>`SELECT doc_id FROM search_documents
        WHERE model = ${model} AND to_tsvector('simple', coalesce(body, '')) @@ plainto_tsquery('simple', ${query})
        ORDER BY ts_rank(to_tsvector('simple', coalesce(body, '')), plainto_tsquery('simple', ${query})) DESC, doc_id LIMIT ${limit}`.execute(this.db);
      return rows.rows.map((r) => Number(r.doc_id));
    }
    // Substring modes go through the pg_trgm index; the closest matches come first.
    const patterns = (mode === 'basic' ? [words.join(' ')] : words).map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await sql<{ doc_id: number }>`SELECT doc_id FROM search_documents
      WHERE model = ${model} AND ${sql.join(patterns.map((p) => sql`body ILIKE ${p}`), sql` AND `)}
      ORDER BY similarity(body, ${query}) DESC, doc_id LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => Number(r.doc_id));
  }

  async flush(model: string): Promise<void> {
    if (this.isNative(model)) return;
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'sqlite') await sql`DELETE FROM search_documents_fts WHERE rowid IN (SELECT id FROM search_documents WHERE model = ${model})`.execute(trx);
      await trx.deleteFrom('search_documents').where('model', '=', model).execute();
    });
  }
}
