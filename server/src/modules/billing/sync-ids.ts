/** Gateway ids a plan sync collected, written together at the end: per table, local id -> { column: gateway id }. */
export interface SyncedIds {
  products: Map<number, { stripe_id?: string; paypal_id?: string }>;
  prices: Map<number, { stripe_id?: string; paypal_id?: string }>;
}

export const setId = (map: SyncedIds['products'], id: number, column: 'stripe_id' | 'paypal_id', value: string) =>
  map.set(id, { ...map.get(id), [column]: value });
