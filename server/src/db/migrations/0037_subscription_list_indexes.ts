import type { Kysely } from 'kysely';

/**
 * The subscriptions list is read newest first; filtered by plan, gateway or state, a (filter, created_at, id) index
 * hands SQLite and PostgreSQL the page in order, where a filter-only index made them sort every matching row (at
 * 100,000 subscriptions a plan's page took 35 ms, a state's 52 ms; the target is 15 ms). `ends_at` leads the
 * active/cancelled filters (IS NULL / IS NOT NULL); `gateway_status` the past-due one. The filter-only indexes these
 * extend go.
 */
const INDEXES: [string, string[]][] = [
  ['subscriptions_product_created_index', ['product_id', 'created_at', 'id']],
  ['subscriptions_gateway_created_index', ['gateway_name', 'created_at', 'id']],
  ['subscriptions_ends_created_index', ['ends_at', 'created_at', 'id']],
  ['subscriptions_status_created_index', ['gateway_status', 'created_at', 'id']],
];
const REPLACED: [string, string[]][] = [
  ['subscriptions_product_id_index', ['product_id', 'id']],
  ['subscriptions_gateway_name_index', ['gateway_name', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('subscriptions').columns(columns).execute();
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of REPLACED) await db.schema.createIndex(name).on('subscriptions').columns(columns).execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
