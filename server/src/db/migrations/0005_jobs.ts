import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

/** The database queue driver: pending jobs, and jobs that failed for good (any driver records those). */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('jobs')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_at', k.timestamp)
    .addColumn('available_at', k.timestamp, (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  // The worker reserves the oldest available jobs: available_at bounds the scan, id orders it.
  await db.schema.createIndex('jobs_available_at_index').on('jobs').columns(['available_at', 'id']).execute();

  await db.schema.createTable('failed_jobs')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('driver', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('exception', 'text', (c) => c.notNull())
    .addColumn('failed_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('failed_jobs_failed_at_index').on('failed_jobs').columns(['failed_at', 'id']).execute();
  await upSearch(db, k);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_documents_fts`.execute(db);
  await db.schema.dropTable('search_documents').execute();
  await db.schema.dropTable('failed_jobs').execute();
  await db.schema.dropTable('jobs').execute();
}

/**
 * The database search driver's index (the same migration, since both belong to the drivers work):
 * one row per (model, document); SQLite keeps the text in an FTS5 trigram table keyed by that row's
 * id, PostgreSQL beside it with a pg_trgm index (substring modes) and a tsvector index (fulltext mode).
 */
export async function upSearch(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('search_documents')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('model', 'varchar(50)', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text')
    .execute();
  await db.schema.createIndex('search_documents_model_doc_unique').on('search_documents').columns(['model', 'doc_id']).unique().execute();
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE search_documents_fts USING fts5(body, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX search_documents_body_trgm ON search_documents USING gin (body gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX search_documents_body_tsv ON search_documents USING gin (to_tsvector('simple', coalesce(body, '')))`.execute(db);
  }
}
