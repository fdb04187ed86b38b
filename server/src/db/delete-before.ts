import type { Kysely } from 'kysely';
import type { Db } from './index.ts';

/** Tables pruned by age: each has an `id` key and an index on the column pruned by. */
type Prunable = 'page_views' | 'audit_log' | 'sessions' | 'user_tokens';

export interface DeleteBeforeOptions {
  /** Rows a statement deletes. */
  batch?: number;
  /** Statements a call makes at most: a backlog goes over several runs. */
  maxBatches?: number;
  /** Only rows at or below this id (rows not yet rolled up stay whatever their age). */
  maxId?: number;
}

/**
 * Deletes the rows of `table` whose `column` is before `cutoff`, oldest first, in short statements with requests run
 * between them: one DELETE of a backlog (months of rows, or a retention just shortened) holds the database's write lock,
 * and on SQLite the request thread, for as long as it takes, and other writers give up waiting after five seconds.
 * Answers the rows deleted.
 */
export async function deleteBefore(db: Db, table: Prunable, column: string, cutoff: string, opts: DeleteBeforeOptions = {}): Promise<number> {
  const { batch = 2_000, maxBatches = Infinity, maxId } = opts;
  // Untyped: one helper over several tables whose shared columns Kysely cannot prove.
  const q = db as unknown as Kysely<any>;
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    let select = q.selectFrom(table).select('id').where(column, '<', cutoff);
    if (maxId !== undefined) select = select.where('id', '<=', maxId);
    const ids = (await select.orderBy(column).limit(batch).execute()).map((r) => r.id as number | string);
    if (!ids.length) break;
    await q.deleteFrom(table).where('id', 'in', ids).execute();
    deleted += ids.length;
    if (ids.length < batch) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}
