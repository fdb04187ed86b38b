import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';
import type { Db, Dialect } from './index.ts';

type LockableTable = 'titles' | 'episodes' | 'videos' | 'news_articles' | 'reviews' | 'comments' | 'users' | 'channels' | 'prices';

/**
 * Reads rows inside the caller's transaction and, on PostgreSQL, locks them until it ends (SQLite runs one write
 * transaction at a time anyway); answers the ids still there. A write about an item (a comment, a review, a vote, a
 * report) checks with `share` that the item is still there and keeps it from being deleted until the write is in;
 * a delete locks its rows with `update` before it clears what hangs off them, so a write racing it either finishes
 * first and is cleared with the rest, or waits and then finds the item gone (the caller answers 404). `update` also
 * makes two writes that read before they write (one member's posts, one channel's items) take turns. Rows are locked
 * in id order, so two transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export async function lockRows(
  trx: Db, dialect: Dialect, table: LockableTable, ids: readonly number[] | SelectQueryBuilder<Database, any, { id: number }>, mode: 'share' | 'update',
): Promise<number[]> {
  if (Array.isArray(ids) && !ids.length) return [];
  let q = trx.selectFrom(table as keyof Database & LockableTable).select('id').where('id', 'in', ids as number[] /* or the query that selects them */).orderBy('id');
  if (dialect === 'postgres') q = mode === 'update' ? q.forUpdate() : q.forKeyShare();
  return (await q.execute()).map((r) => r.id as number);
}
