import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The kinds of notification a member asked to get by email too (account settings): a row means "mail me this kind".
 * Mail is opt-in where the bell is opt-out (0054): an inbox is the member's, and every mail is the operator's to pay
 * for, so nobody is mailed until they ask. The mail job joins on the key.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('notification_emails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_emails_pk', ['user_id', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_emails').execute();
}
