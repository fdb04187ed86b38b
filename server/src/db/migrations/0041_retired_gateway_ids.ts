import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Gateway objects we no longer use and the gateway should stop selling: a price whose amount or cycle changed (it
 * gets a new Stripe price and PayPal plan at the next sync), a deleted price, a deleted plan's Stripe product, and
 * anything a sync created but could not keep. Rows are written in the same transaction that lets go of the id;
 * plan sync deactivates each at its gateway and deletes the row once the gateway confirmed (billing/retired.ts).
 * kind: 'price' (a Stripe price or a PayPal billing plan) or 'product' (a Stripe product; PayPal catalog products
 * have no status, so they are never recorded).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('retired_gateway_ids')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('gateway_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('retired_gateway_ids_unique', ['gateway', 'kind', 'gateway_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retired_gateway_ids').execute();
}
