import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Each member who asks for notifications by email (0055) gets a random token once: their mails' unsubscribe links
 * carry it, so a click in the mail (or the mail client's one-click unsubscribe) turns a kind off without signing in,
 * and the same link keeps working once used.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('notification_email_tokens')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_email_tokens').execute();
}
