import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * What each member was last told about their subscription (modules/billing/notices.ts): its plan, end date and
 * gateway state as of the last mail, and the subscription's `updated_at` when it was last compared. A job mails the
 * member when the subscription moves away from it, whatever wrote the change (a webhook, a sync, an admin, the member).
 * Subscriptions that exist now are history: they start out as told, so nobody is mailed about the past.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('subscription_notices')
    .addColumn('subscription_id', 'integer', (c) => c.primaryKey().references('subscriptions.id').onDelete('cascade'))
    .addColumn('product_id', 'integer')
    .addColumn('ends_at', k.timestamp)
    .addColumn('gateway_status', 'varchar(30)')
    .addColumn('ended', 'boolean', (c) => c.notNull())
    .addColumn('seen_at', k.timestamp, (c) => c.notNull())
    .execute();
  // The job's mark: the newest change it compared (it reads the changes after it through subscriptions_updated_at_index).
  await db.schema.createIndex('subscription_notices_seen_at_index').on('subscription_notices').column('seen_at').execute();
  const now = new Date().toISOString();
  await sql`INSERT INTO subscription_notices (subscription_id, product_id, ends_at, gateway_status, ended, seen_at)
    SELECT id, product_id, ends_at, gateway_status, CASE WHEN ends_at IS NOT NULL AND ends_at <= ${now} THEN ${sql.lit(k.dialect === 'postgres' ? true : 1)} ELSE ${sql.lit(k.dialect === 'postgres' ? false : 0)} END, updated_at
    FROM subscriptions`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_notices').execute();
}
