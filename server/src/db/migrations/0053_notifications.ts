import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * A member's notifications (modules/notifications): what happened (`type`) and the record it is about
 * (`subject_id`, e.g. the reply to their comment), read when they open it. What a notification says is read from
 * its subject when it is shown, so a deleted reply or a renamed member never lingers in a stored text.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('notifications')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  // A member's list, newest first; their unread count; and the clean-up of old ones.
  await db.schema.createIndex('notifications_user_created_index').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_user_read_index').on('notifications').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('notifications_created_index').on('notifications').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
