import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The word indexes behind the database search modes (drivers/search/database.ts, titles/search.ts): "extended" also
 * finds a title, person or episode by the words of its description, "fulltext" ranks whole words over every field.
 * SQLite: an FTS5 table `<table>_words` (unicode61, accents removed) kept by triggers like the trigram `<table>_fts`;
 * PostgreSQL: a GIN index over the `tsvector` of the same text, accents folded with search_fold() (migration 0050).
 * The text each covers is WORD_TEXT, written here and queried by titles/search.ts exactly alike.
 */
export const WORD_INDEXES: [table: 'titles' | 'people' | 'episodes', columns: string[]][] = [
  ['titles', ['name', 'original_title', 'description']],
  ['people', ['name', 'description']],
  ['episodes', ['name', 'description']],
];

/** The PostgreSQL expression a table's word index covers (the query repeats it so the planner uses the index). */
export const wordVector = (columns: string[]) =>
  `to_tsvector('simple'::regconfig, search_fold(${columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")}))`;

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [table, columns] of WORD_INDEXES) {
    if (k.dialect === 'postgres') {
      await sql.raw(`CREATE INDEX ${table}_search_words ON ${table} USING gin (${wordVector(columns)})`).execute(db);
      continue;
    }
    const fts = `${table}_words`;
    const list = columns.join(', ');
    const news = columns.map((c) => `new.${c}`).join(', ');
    const olds = columns.map((c) => `old.${c}`).join(', ');
    await sql.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${news}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${olds}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${list} ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${olds});
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${news}); END`).execute(db);
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
  }
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [table] of WORD_INDEXES) {
    if (k.dialect === 'postgres') await sql.raw(`DROP INDEX IF EXISTS ${table}_search_words`).execute(db);
    else await sql.raw(`DROP TABLE IF EXISTS ${table}_words`).execute(db);
  }
}
