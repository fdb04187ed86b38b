import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

/**
 * News articles (Part C "News"). `excerpt` is the body as plain text cut at 200 characters, kept on save so a list
 * never reads the bodies. An imported article remembers its feed and item id; `source_key` (a hash of both) is unique,
 * so importing a feed again adds only the items it has not seen.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('news_articles')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('title', 'varchar(250)', (c) => c.notNull())
    .addColumn('slug', 'varchar(250)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'varchar(250)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(500)')
    .addColumn('source_url', 'varchar(1000)')
    .addColumn('source_guid', 'varchar(1000)')
    .addColumn('source_key', 'varchar(64)', (c) => c.unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // The site lists newest first, the admin sorts by title or either date; id breaks ties so pages are stable.
  for (const col of ['title', 'slug', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`news_articles_${col}_index`).on('news_articles').columns([col, 'id']).execute();
  }

  // The admin's title search goes through a trigram index, never a LIKE scan.
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE news_articles_fts USING fts5(title, content='news_articles', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER news_articles_fts_ai AFTER INSERT ON news_articles BEGIN
      INSERT INTO news_articles_fts(rowid, title) VALUES (new.id, new.title); END`.execute(db);
    await sql`CREATE TRIGGER news_articles_fts_ad AFTER DELETE ON news_articles BEGIN
      INSERT INTO news_articles_fts(news_articles_fts, rowid, title) VALUES ('delete', old.id, old.title); END`.execute(db);
    await sql`CREATE TRIGGER news_articles_fts_au AFTER UPDATE OF title ON news_articles BEGIN
      INSERT INTO news_articles_fts(news_articles_fts, rowid, title) VALUES ('delete', old.id, old.title);
      INSERT INTO news_articles_fts(rowid, title) VALUES (new.id, new.title); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX news_articles_title_trgm ON news_articles USING gin (title gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') await sql`DROP TABLE IF EXISTS news_articles_fts`.execute(db);
  await db.schema.dropTable('news_articles').execute();
}
