import type { Kysely } from 'kysely';
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('failed_jobs').execute();
  await db.schema.dropTable('jobs').execute();
}
