import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The admin's video search matched a name's start only, so "trailer" did not find "Official Trailer". Video names
 * get the trigram index the other admin searches use (accents folded, as in 0050/0051).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE videos_fts USING fts5(name, content='videos', content_rowid='id', tokenize='trigram remove_diacritics 1')`.execute(db);
    await sql`CREATE TRIGGER videos_fts_ai AFTER INSERT ON videos BEGIN
      INSERT INTO videos_fts(rowid, name) VALUES (new.id, new.name); END`.execute(db);
    await sql`CREATE TRIGGER videos_fts_ad AFTER DELETE ON videos BEGIN
      INSERT INTO videos_fts(videos_fts, rowid, name) VALUES ('delete', old.id, old.name); END`.execute(db);
    await sql`CREATE TRIGGER videos_fts_au AFTER UPDATE OF name ON videos BEGIN
      INSERT INTO videos_fts(videos_fts, rowid, name) VALUES ('delete', old.id, old.name);
      INSERT INTO videos_fts(rowid, name) VALUES (new.id, new.name); END`.execute(db);
    await sql`INSERT INTO videos_fts(videos_fts) VALUES ('rebuild')`.execute(db);
    return;
  }
  await sql`CREATE INDEX videos_name_trgm ON videos USING gin (search_fold(name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS videos_fts_${t}`).execute(db);
    await sql`DROP TABLE IF EXISTS videos_fts`.execute(db);
    return;
  }
  await sql`DROP INDEX IF EXISTS videos_name_trgm`.execute(db);
}
