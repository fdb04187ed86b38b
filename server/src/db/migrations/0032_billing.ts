import type { Kysely } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

/**
 * Billing (Part C "Plans", "Subscriptions"). Plans are `products` with `prices`; `subscriptions` (made in 0001)
 * gains the gateway's own state and the indexes its admin list filters and sorts by. Amounts are stored in
 * minor units (cents) so no float ever touches money. `webhook_events` keeps every gateway event id once:
 * a redelivered event finds its row and changes nothing.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('products')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_space', 'bigint')
    .addColumn('recommended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('free', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feature_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('stripe_id', 'varchar(100)')
    .addColumn('paypal_id', 'varchar(100)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_position_index').on('products').columns(['position', 'id']).execute();

  await db.schema.createTable('prices')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('interval', 'varchar(10)', (c) => c.notNull())
    .addColumn('interval_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('stripe_id', 'varchar(100)')
    .addColumn('paypal_id', 'varchar(100)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prices_product_id_index').on('prices').column('product_id').execute();

  await db.schema.alterTable('subscriptions').addColumn('gateway_status', 'varchar(30)').execute();
  // One index per filter and sort of the admin list (id breaks ties), plus the gateway's id for webhooks.
  for (const col of ['created_at', 'renews_at', 'ends_at', 'updated_at', 'gateway_name', 'product_id', 'price_id']) {
    await db.schema.createIndex(`subscriptions_${col}_index`).on('subscriptions').columns([col, 'id']).execute();
  }
  await db.schema.createIndex('subscriptions_gateway_id_index').on('subscriptions').columns(['gateway_name', 'gateway_id']).execute();
  // A subscription's plan permissions are part of who-may-do-what: cached callers must see the change.
  await bumpCounterOnWrite(db, k, 'subscriptions', 'version:auth', ['insert', 'update', 'delete'], undefined, 'billing');
  await bumpCounterOnWrite(db, k, 'products', 'version:auth', ['update', 'delete'], ['permissions']);

  await db.schema.createTable('webhook_events')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(150)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('webhook_events_gateway_event_unique', ['gateway', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('prices').execute();
  await db.schema.dropTable('products').execute();
}
