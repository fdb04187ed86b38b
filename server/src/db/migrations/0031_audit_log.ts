import type { Kysely } from 'kysely';
import { countRows, type ColumnKit } from './kit.ts';

/**
 * The audit log: one row per write made through the admin or with an access token (who, when, from where, which
 * call, which record, and for users, roles and settings the fields before and after with secrets masked).
 * Every filter of the admin screen leads with its own column and ends with the list order, so a filtered page of
 * millions of rows is an index range scan.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('audit_log')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer')
    .addColumn('via', 'varchar(10)', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)')
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    /** The route pattern (`/api/v1/users/:id`): groups the same call whatever the id. */
    .addColumn('action', 'varchar(255)', (c) => c.notNull())
    .addColumn('record_type', 'varchar(50)')
    .addColumn('record_id', 'varchar(100)')
    .addColumn('status', 'integer', (c) => c.notNull())
    /** JSON `{ field: [before, after] }`, only the fields that changed. */
    .addColumn('changes', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_user_created').on('audit_log').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_created').on('audit_log').columns(['action', 'created_at', 'id']).execute();
  // The unfiltered screen shows the total of millions of rows: a maintained count, not a scan.
  await countRows(db, k, 'audit_log');
  await db.schema.createIndex('audit_log_record_created').on('audit_log').columns(['record_type', 'record_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
