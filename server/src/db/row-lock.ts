import type { Database } from './schema.ts';
import type { Db, Dialect } from './index.ts';

type LockableTable = 'titles' | 'episodes' | 'videos' | 'news_articles' | 'reviews' | 'comments';

/**
 * Reads rows inside the caller's transaction and, on PostgreSQL, locks them until it ends (SQLite runs one write
 * transaction at a time anyway); answers the ids still there. A write about an item (a comment, a review, a vote, a
 * report) checks with `share` that the item is still there and keeps it from being deleted until the write is in;
 * a delete locks its rows with `update` before it clears what hangs off them, so a write racing it either finishes
 * first and is cleared with the rest, or waits and then finds the item gone (the caller answers 404).
 */
export async function lockRows(trx: Db, dialect: Dialect, table: LockableTable, ids: readonly number[], mode: 'share' | 'update'): Promise<number[]> {
  if (!ids.length) return [];
  let q = trx.selectFrom(table as keyof Database & LockableTable).select('id').where('id', 'in', ids as number[]);
  if (dialect === 'postgres') q = mode === 'update' ? q.forUpdate() : q.forKeyShare();
  return (await q.execute()).map((r) => r.id as number);
}
