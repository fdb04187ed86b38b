import type { Db } from '../../db/index.ts';
import { toBool } from '../../db/index.ts';

/** Deepest chain of deleted comments one change walks up (a thread is never near this deep). */
const MAX_DEPTH = 1000;

/**
 * A comment's `replies_count` is the number of its replies a visitor can open: live ones, and deleted ones that still
 * hold live replies under them (the thread keeps those in place). So a deleted reply with nothing under it no longer
 * counts, and a deleted comment left with no reply to show leaves the thread; which may in turn empty the deleted
 * comment above it. Recounts these comments from their replies and walks up while a deleted comment appears or goes.
 * `leaving`: members whose comments are about to be deleted with their accounts, counted as gone already.
 */
export async function settleReplyCounts(db: Db, parentIds: (number | null)[], leaving: number[] = []): Promise<void> {
  let ids = [...new Set(parentIds.filter((id): id is number => id !== null))];
  for (let depth = 0; ids.length && depth < MAX_DEPTH; depth++) {
    const rows = await db.selectFrom('comments as p')
      .select(['p.id', 'p.parent_id', 'p.deleted', 'p.replies_count'])
      .select((eb) => eb.selectFrom('comments as r').whereRef('r.parent_id', '=', 'p.id')
        .where((r) => r.or([r('r.deleted', '=', false), r('r.replies_count', '>', 0)]))
        .$if(leaving.length > 0, (q) => q.where('r.user_id', 'not in', leaving))
        .select((r) => r.fn.countAll<number>().as('n')).as('visible'))
      .where('p.id', 'in', ids).execute();
    const next: number[] = [];
    for (const row of rows) {
      const visible = Number(row.visible ?? 0);
      if (visible === row.replies_count) continue;
      await db.updateTable('comments').set({ replies_count: visible }).where('id', '=', row.id).execute();
      // Only a deleted comment's place in its parent's replies depends on its own.
      if (toBool(row.deleted) && (visible > 0) !== (row.replies_count > 0) && row.parent_id !== null) next.push(row.parent_id);
    }
    ids = [...new Set(next)];
  }
}
