import type { BackgroundTasks, FailedJob } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { paginate, type ListDefinition } from '../../http/list-query.ts';
import { registeredTaskNames } from '../scheduler/index.ts';

const FAILED_COLUMNS = ['id', 'driver', 'name', 'exception', 'failed_at'] as const;

/** Newest failure first. */
const failedJobsList: ListDefinition = {
  sorts: { failed_at: 'failed_at' },
  defaultSort: ['failed_at', 'desc'],
  tieBreaker: 'id',
  filters: {},
};

const count = (n: { n?: unknown } | undefined) => Number(n?.n ?? 0);

/** The scheduler's recurring tasks (every registered one, run yet or not) and the queue's waiting and failed counts. */
export async function backgroundTasks(ctx: AppContext, now = new Date()): Promise<BackgroundTasks> {
  const rows = await ctx.db.selectFrom('scheduled_tasks').select(['name', 'next_run_at', 'last_run_at', 'last_error', 'locked_until']).execute();
  const byName = new Map(rows.map((r) => [r.name, r]));
  const nowIso = now.toISOString();
  const names = [...new Set([...registeredTaskNames(), ...byName.keys()])].sort();
  const tasks = names.map((name) => {
    const r = byName.get(name);
    return {
      name,
      next_run_at: r?.next_run_at ?? null,
      last_run_at: r?.last_run_at ?? null,
      last_error: r?.last_error ?? null,
      running: r?.locked_until != null && r.locked_until >= nowIso,
    };
  });
  const queued = await ctx.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const failed = await ctx.db.selectFrom('failed_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return { queued_jobs: count(queued), failed_jobs: count(failed), tasks };
}

export function listFailedJobs(ctx: AppContext, query: unknown) {
  return paginate<FailedJob>(ctx.db.selectFrom('failed_jobs').select([...FAILED_COLUMNS]), query, failedJobsList);
}

/**
 * Takes a failed job off the failed list to queue it again: deleting the row first claims it, so two clicks queue it
 * once. Answers the job, or null when it is gone (retried or removed meanwhile).
 */
export async function takeFailedJob(ctx: AppContext, id: number): Promise<{ name: string; payload: string; row: Record<string, unknown> } | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('failed_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const gone = await trx.deleteFrom('failed_jobs').where('id', '=', id).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return null;
    return { name: row.name, payload: row.payload, row };
  });
}

/** Removes failed jobs from the list; false when none of the ids was there. */
export async function deleteFailedJobs(ctx: AppContext, ids: number[]): Promise<boolean> {
  const gone = await ctx.db.deleteFrom('failed_jobs').where('id', 'in', ids).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Puts back a failed job whose retry could not be queued. */
export async function restoreFailedJob(ctx: AppContext, row: Record<string, unknown>): Promise<void> {
  await ctx.db.insertInto('failed_jobs').values(row as never).execute();
}
