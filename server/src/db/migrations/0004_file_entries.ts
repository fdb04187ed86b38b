import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('file_entries')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('extension', 'varchar(20)')
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disk', 'varchar(30)', (c) => c.notNull().defaultTo('uploads'))
    .addColumn('thumbnail', 'varchar(255)')
    .addColumn('parent_id', 'integer', (c) => c.references('file_entries.id').onDelete('cascade'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Every sort has an index ending in id (the tie breaker); every filter leads an index with the default sort behind it.
  for (const col of ['name', 'file_size', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`file_entries_${col}_index`).on('file_entries').columns([col, 'id']).execute();
  }
  for (const col of ['type', 'user_id', 'public', 'parent_id']) {
    await db.schema.createIndex(`file_entries_${col}_index`).on('file_entries').columns([col, 'created_at', 'id']).execute();
  }
  await db.schema.createIndex('file_entries_content_hash_index').on('file_entries').column('content_hash').execute();

  // Uploads in progress: one row per file being sent, one per chunk received (chunks may arrive in any order).
  await db.schema.createTable('upload_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('parent_id', 'integer')
    .addColumn('chunk_size', 'bigint', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_sessions_user_fingerprint_unique').on('upload_sessions').columns(['user_id', 'fingerprint']).unique().execute();
  await db.schema.createIndex('upload_sessions_updated_at_index').on('upload_sessions').column('updated_at').execute();

  await db.schema.createTable('upload_chunks')
    .addColumn('upload_id', 'varchar(36)', (c) => c.notNull().references('upload_sessions.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();

  await db.schema.createTable('file_preview_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_entry_id', 'integer', (c) => c.notNull().references('file_entries.id').onDelete('cascade'))
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_preview_tokens_entry_index').on('file_preview_tokens').columns(['file_entry_id', 'expires_at']).execute();

  // Name search goes through a trigram index, never a LIKE scan.
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE file_entries_fts USING fts5(name, content='file_entries', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER file_entries_fts_ai AFTER INSERT ON file_entries BEGIN
      INSERT INTO file_entries_fts(rowid, name) VALUES (new.id, new.name); END`.execute(db);
    await sql`CREATE TRIGGER file_entries_fts_ad AFTER DELETE ON file_entries BEGIN
      INSERT INTO file_entries_fts(file_entries_fts, rowid, name) VALUES ('delete', old.id, old.name); END`.execute(db);
    await sql`CREATE TRIGGER file_entries_fts_au AFTER UPDATE OF name ON file_entries BEGIN
      INSERT INTO file_entries_fts(file_entries_fts, rowid, name) VALUES ('delete', old.id, old.name);
      INSERT INTO file_entries_fts(rowid, name) VALUES (new.id, new.name); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX file_entries_name_trgm ON file_entries USING gin (name gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS file_entries_fts`.execute(db);
  for (const t of ['file_preview_tokens', 'upload_chunks', 'upload_sessions', 'file_entries']) await db.schema.dropTable(t).ifExists().execute();
}
