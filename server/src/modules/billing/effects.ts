import { NO_ACCESS_STATUSES, type PermissionGrant } from '@app/contracts';
import type { ExpressionBuilder } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/** A subscription that gives access right now: not ended, and not waiting for a payment before it gives any. */
export const givesAccessNow = (eb: ExpressionBuilder<Database, 'subscriptions'>) => {
  const now = nowIso();
  return eb.and([
    eb.or([eb('subscriptions.ends_at', 'is', null), eb('subscriptions.ends_at', '>', now)]),
    eb.or([eb('subscriptions.gateway_status', 'is', null), eb('subscriptions.gateway_status', 'not in', [...NO_ACCESS_STATUSES])]),
  ]);
};

/**
 * What a valid subscription gives its user. Validity is a date comparison made when read (ends_at empty or
 * still ahead), so an ended subscription drops out at its ends_at with no job to expire it. A subscription nobody
 * pays for (Stripe's unpaid, incomplete, paused: NO_ACCESS_STATUSES) gives nothing until a payment goes through;
 * the member still sees it, with the way to fix the payment.
 */
function validPlans(db: Db, userId: number) {
  return db.selectFrom('subscriptions').innerJoin('products', 'products.id', 'subscriptions.product_id')
    .where('subscriptions.user_id', '=', userId).where(givesAccessNow);
}

/** The grants (with their restriction values) the user's valid plans carry. */
export async function planGrants(db: Db, userId: number): Promise<PermissionGrant[]> {
  const rows = await validPlans(db, userId).select('products.permissions').execute();
  return rows.flatMap((r) => {
    try {
      return JSON.parse(r.permissions) as PermissionGrant[];
    } catch {
      // A hand-edited row that is not JSON grants nothing.
      return [];
    }
  });
}

/** Permission names the user's valid plans carry (merged into their effective permissions). */
export async function planPermissionNames(db: Db, userId: number): Promise<string[]> {
  return [...new Set((await planGrants(db, userId)).map((g) => g.name))];
}

/**
 * When the permissions just resolved stop being true by themselves: the earliest ends_at of the user's valid
 * subscriptions (ms), or Infinity. Caches of a caller's permissions must not outlive it.
 */
export async function planPermissionsExpireAt(db: Db, userId: number | null): Promise<number> {
  if (!userId) return Infinity;
  const row = await validPlans(db, userId).where('subscriptions.ends_at', 'is not', null)
    .select('subscriptions.ends_at').orderBy('subscriptions.ends_at').limit(1).executeTakeFirst();
  return row?.ends_at ? Date.parse(row.ends_at) : Infinity;
}

/** The largest available_space among the user's valid plans (null when none sets one). */
export async function planAvailableSpace(db: Db, userId: number): Promise<number | null> {
  const rows = await validPlans(db, userId).where('products.available_space', 'is not', null).select('products.available_space').execute();
  const values = rows.map((r) => Number(r.available_space)).filter((n) => Number.isFinite(n));
  return values.length ? Math.max(...values) : null;
}

/** The note recorded (webhook_events, error reporter) when a gateway bills a subscription at a price no plan here has. */
export const unknownPriceNote = (gateway: string, gatewayPrice: string, subscriptionId: number) =>
  `${gateway} now bills subscription ${subscriptionId} at ${gatewayPrice}, a price no plan here has: it keeps its plan here. Add that price to a plan and sync, or change the subscription back at ${gateway}.`;
