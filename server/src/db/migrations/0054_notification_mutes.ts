import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The kinds of notification a member turned off (account settings): a row means "not this kind". Members start
 * with everything on, so the table holds only the exceptions and the fan-out of a new episode skips them by key.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('notification_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mutes_pk', ['user_id', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_mutes').execute();
}
