import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';

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
