import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('custom_pages')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('title', 'varchar(250)', (c) => c.notNull())
    .addColumn('slug', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(50)', (c) => c.notNull().defaultTo('default'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Every list sort and filter has an index; id breaks ties so pages are stable.
  for (const col of ['title', 'type', 'user_id', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`custom_pages_${col}_index`).on('custom_pages').columns([col, 'id']).execute();
  }

  // Title search goes through a trigram index, never a LIKE scan.
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE custom_pages_fts USING fts5(title, content='custom_pages', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER custom_pages_fts_ai AFTER INSERT ON custom_pages BEGIN
      INSERT INTO custom_pages_fts(rowid, title) VALUES (new.id, new.title); END`.execute(db);
    await sql`CREATE TRIGGER custom_pages_fts_ad AFTER DELETE ON custom_pages BEGIN
      INSERT INTO custom_pages_fts(custom_pages_fts, rowid, title) VALUES ('delete', old.id, old.title); END`.execute(db);
    await sql`CREATE TRIGGER custom_pages_fts_au AFTER UPDATE OF title ON custom_pages BEGIN
      INSERT INTO custom_pages_fts(custom_pages_fts, rowid, title) VALUES ('delete', old.id, old.title);
      INSERT INTO custom_pages_fts(rowid, title) VALUES (new.id, new.title); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX custom_pages_title_trgm ON custom_pages USING gin (title gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') await sql`DROP TABLE IF EXISTS custom_pages_fts`.execute(db);
  await db.schema.dropTable('custom_pages').execute();
}
