import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

/**
 * Localizations keep their lines as one JSON document each: the editor loads and saves a whole locale at once
 * and the site fetches a whole locale at boot, so one row read/write beats 10,000 row reads/upserts. Only lines
 * that differ from the code's English text are stored; the code's lines are merged underneath at read time so
 * strings added in a later release show up in every localization.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('localizations')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Every list sort has an index; id breaks ties.
  for (const col of ['name', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`localizations_${col}_index`).on('localizations').columns([col, 'id']).execute();
  }

  // A signed-in user's language choice (null: the visitor cookie or the site default decides).
  await db.schema.alterTable('users').addColumn('language', 'varchar(10)').execute();

  // The list's search box goes through a trigram index like the users search.
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE localizations_fts USING fts5(name, language, content='localizations', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER localizations_fts_ai AFTER INSERT ON localizations BEGIN
      INSERT INTO localizations_fts(rowid, name, language) VALUES (new.id, new.name, new.language); END`.execute(db);
    await sql`CREATE TRIGGER localizations_fts_ad AFTER DELETE ON localizations BEGIN
      INSERT INTO localizations_fts(localizations_fts, rowid, name, language) VALUES ('delete', old.id, old.name, old.language); END`.execute(db);
    await sql`CREATE TRIGGER localizations_fts_au AFTER UPDATE OF name, language ON localizations BEGIN
      INSERT INTO localizations_fts(localizations_fts, rowid, name, language) VALUES ('delete', old.id, old.name, old.language);
      INSERT INTO localizations_fts(rowid, name, language) VALUES (new.id, new.name, new.language); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX localizations_search_trgm ON localizations USING gin ((name || ' ' || language) gin_trgm_ops)`.execute(db);
  }
}
