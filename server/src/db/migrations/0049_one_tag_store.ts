import { sql, type Kysely } from 'kysely';
import { trigramIndex } from './0002_tags.ts';
import type { ColumnKit } from './kit.ts';

/**
 * One store of tags. The Tags page (Part B) kept its own `tags` table beside the catalogue's `title_tags`, with the
 * same system types (genre, keyword, production country) and custom tags nothing could use. Now the Tags page lists
 * `title_tags`, and custom tags attach to titles like the others: the old rows move over (a name already there in
 * its type is kept once; names are lower-case in the catalogue) and the old table goes.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await sql`INSERT INTO title_tags (type, name, display_name, tmdb_id, created_at, updated_at)
    SELECT t.type, lower(t.name), t.display_name, NULL, t.created_at, t.updated_at FROM tags t
    WHERE t.id = (SELECT min(s.id) FROM tags s WHERE s.type = t.type AND lower(s.name) = lower(t.name))
      AND NOT EXISTS (SELECT 1 FROM title_tags x WHERE x.type = t.type AND x.name = lower(t.name))`.execute(db);
  if (k.dialect === 'sqlite') {
    for (const trigger of ['tags_fts_ai', 'tags_fts_ad', 'tags_fts_au']) await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    await sql`DROP TABLE IF EXISTS tags_fts`.execute(db);
  }
  await db.schema.dropTable('tags').execute();

  // The Tags page sorts every type together; search matches anywhere in the name or display name.
  for (const col of ['type', 'name', 'display_name', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`title_tags_${col}_id_index`).on('title_tags').columns([col, 'id']).execute();
  }
  await trigramIndex(db, k, 'title_tags', ['name', 'display_name']);
}
