import type { Kysely } from 'kysely';

/**
 * A gateway subscription is recorded once: Stripe may deliver `checkout.session.completed` and
 * `customer.subscription.created` at the same moment, and on PostgreSQL both handlers could find no row and insert
 * one each. The unique index makes the second insert a no-op (the handlers insert with on-conflict-do-nothing).
 * Local subscriptions have no gateway id; NULLs never collide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_gateway_id_index').execute();
  await db.schema.createIndex('subscriptions_gateway_id_unique').unique().on('subscriptions').columns(['gateway_name', 'gateway_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_gateway_id_unique').execute();
  await db.schema.createIndex('subscriptions_gateway_id_index').on('subscriptions').columns(['gateway_name', 'gateway_id']).execute();
}
