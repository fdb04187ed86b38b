import type { RetiredId } from './retired.ts';

/** What a price looked like when a sync made its gateway object: the new id is kept only if it still looks so. */
export interface PriceValues { amount: number; currency: string; interval: string; interval_count: number }

/**
 * Gateway objects a plan sync created, written together at the end. Each is kept only while its row still wants it
 * (sync.ts): a row deleted, edited or given an id by another sync meanwhile lets it go to retired_gateway_ids.
 */
export interface SyncedIds {
  products: { id: number; column: 'stripe_id' | 'paypal_id'; value: string; retired: RetiredId | null }[];
  prices: { id: number; column: 'stripe_id' | 'paypal_id'; value: string; retired: RetiredId; sent: PriceValues }[];
}

export const newSyncedIds = (): SyncedIds => ({ products: [], prices: [] });

/** The price's values as the sync read them (the columns its final write checks). */
export const sentValues = (p: PriceValues): PriceValues => ({ amount: p.amount, currency: p.currency, interval: p.interval, interval_count: p.interval_count });
