import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ChannelItemType } from '@app/contracts';
import { nowIso, type Db, type Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { lockRows } from '../../db/row-lock.ts';

/**
 * Takes the channel's row lock (PostgreSQL; SQLite runs one write transaction at a time anyway) before a transaction
 * reads and rewrites its items, so two such transactions on one channel run one after the other instead of
 * deadlocking on each other's rows. Answers the channel's item count.
 */
export async function lockChannel(trx: Transaction<Database>, dialect: Dialect, channelId: number): Promise<number> {
  await lockRows(trx, dialect, 'channels', [channelId], 'update');
  return (await trx.selectFrom('channels').select('items_count').where('id', '=', channelId).executeTakeFirst())?.items_count ?? 0;
}

/**
 * Every write that changes what a channel or list shows calls this in the same transaction: it recounts the
 * items, bumps `version` (cached channel contents are keyed by it) and the updated time. One place, so the
 * admin content editor, user lists, the watchlist and auto update can't drift apart.
 */
export async function touchChannel(db: Db, channelId: number): Promise<void> {
  await db.updateTable('channels')
    .set({
      items_count: sql<number>`(SELECT count(*) FROM channelables WHERE channel_id = ${channelId})`,
      version: sql<number>`version + 1`,
      updated_at: nowIso(),
    })
    .where('id', '=', channelId)
    .execute();
}

/**
 * Rows deleted from the catalogue leave every channel and list that held them, in the deleting transaction, so no
 * channel counts an item it cannot show. Channels are locked in id order before their rows go, as their editors do.
 */
export async function removeFromChannels(
  trx: Transaction<Database>, dialect: Dialect, type: Exclude<ChannelItemType, 'channel'>, ids: number[] | SelectQueryBuilder<Database, any, { id: number }>,
): Promise<void> {
  if (Array.isArray(ids) && !ids.length) return;
  const holders = await trx.selectFrom('channelables').select('channel_id').distinct()
    .where('channelable_type', '=', type).where('channelable_id', 'in', ids).orderBy('channel_id').execute();
  if (!holders.length) return;
  for (const h of holders) await lockChannel(trx, dialect, h.channel_id);
  await trx.deleteFrom('channelables').where('channelable_type', '=', type).where('channelable_id', 'in', ids).execute();
  for (const h of holders) await touchChannel(trx, h.channel_id);
}
