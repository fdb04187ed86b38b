import type { AppContext } from '../../context.ts';

/**
 * Recurring tasks whose schedule lives in `scheduled_tasks`, so a restart neither skips nor doubles a run and many
 * processes can share one database:
 *
 *   registerRecurring('news:import', 24 * 3600_000, (ctx) => importFeeds(ctx));
 *
 * Call it at module load (before the app starts). Every tick each process tries to claim each due task with one
 * conditional UPDATE; only the process whose UPDATE changed the row runs it. A claim moves `next_run_at` one period
 * on at once and holds a lease (`locked_until`, renewed while the task runs, cleared when it ends); a lease left to run
 * out marks a run that crashed, which any process then runs again, however far off its next run is (a daily task
 * killed mid-run waited a whole day).
 * The first run of a new task is one tick after it is first seen.
 */
export type RecurringRun = (ctx: AppContext) => Promise<unknown>;

interface Task { name: string; everyMs: number; run: RecurringRun }

const tasks = new Map<string, Task>();

export function registerRecurring(name: string, everyMs: number, run: RecurringRun): void {
  tasks.set(name, { name, everyMs, run });
}

/** The names of the registered tasks (the Queue settings page lists them, run or not). */
export function registeredTaskNames(): string[] {
  return [...tasks.keys()].sort();
}

/**
 * A claim's lease, renewed every RENEW_MS while the task runs: a run of any length keeps its task, and a process killed
 * mid-run (kill -9, out of memory, a power cut) holds it at most this long, after which any process runs it again.
 * (A fixed 30-minute lease left the report rollup, due at every tick, stopped for half an hour after such a crash, and
 * let a second process start a run that took longer than 30 minutes.)
 */
export const LEASE_MS = 2 * 60_000;
export const RENEW_MS = 30_000;
/**
 * The period of a task that runs at every tick, however long ticks are (SCHEDULER_TICK_SECONDS): it becomes due again
 * half a tick after a run, so this process's next tick runs it and processes ticking in between mostly do not.
 */
export const EVERY_TICK = 0;
/** The period of a daily task. */
export const DAY_MS = 24 * 3600_000;
const TICK_MS = 60_000;

export interface TickOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Only these tasks (tests). */
  only?: string[];
  /** The tick's length, which an EVERY_TICK task's period follows (60 s unless SCHEDULER_TICK_SECONDS says otherwise). */
  tickMs?: number;
  /** How often a running task's lease is renewed (tests shorten it). */
  renewMs?: number;
}

/** One pass over every registered task: answers the names this process ran. */
export async function tick(ctx: AppContext, opts: TickOptions = {}): Promise<string[]> {
  const clock = opts.now ?? (() => new Date());
  const ran: string[] = [];
  // Schedules are read first and only a task that looks due is claimed: a tick whose tasks are not due writes nothing.
  // (On SQLite a write waits for the file's write lock, synchronously, while the event writer thread commits.)
  const schedules = new Map((await ctx.db.selectFrom('scheduled_tasks').select(['name', 'next_run_at', 'locked_until']).execute()).map((r) => [r.name, r]));
  for (const task of tasks.values()) {
    if (opts.only && !opts.only.includes(task.name)) continue;
    const period = task.everyMs === EVERY_TICK ? (opts.tickMs ?? TICK_MS) / 2 : task.everyMs;
    const now = clock();
    const nowIso = now.toISOString();
    const known = schedules.get(task.name);
    const crashed = known?.locked_until != null && known.locked_until < nowIso;
    if (known && !crashed && (known.next_run_at > nowIso || known.locked_until !== null)) continue;
    // A task seen for the first time is due now; ON CONFLICT keeps an existing schedule as it is.
    if (!known) {
      await ctx.db.insertInto('scheduled_tasks').values({ name: task.name, next_run_at: nowIso, locked_until: null, last_run_at: null, last_error: null })
        .onConflict((oc) => oc.column('name').doNothing()).execute();
    }
    const claim = await ctx.db.updateTable('scheduled_tasks')
      .set({ locked_until: new Date(now.getTime() + LEASE_MS).toISOString(), next_run_at: new Date(now.getTime() + period).toISOString() })
      .where('name', '=', task.name)
      .where((eb) => eb.or([eb.and([eb('locked_until', 'is', null), eb('next_run_at', '<=', nowIso)]), eb('locked_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    let error: string | null = null;
    const renew = setInterval(() => {
      ctx.db.updateTable('scheduled_tasks').set({ locked_until: new Date(clock().getTime() + LEASE_MS).toISOString() })
        .where('name', '=', task.name).where('locked_until', 'is not', null).execute()
        .catch((e: unknown) => ctx.errors.capture(e, { tags: { source: 'scheduler', task: task.name } }).catch(() => undefined));
    }, opts.renewMs ?? RENEW_MS);
    renew.unref();
    try {
      await task.run(ctx);
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
      await ctx.errors.capture(e, { tags: { source: 'scheduler', task: task.name } }).catch(() => undefined);
    } finally {
      clearInterval(renew);
    }
    await ctx.db.updateTable('scheduled_tasks').set({ locked_until: null, last_run_at: clock().toISOString(), last_error: error })
      .where('name', '=', task.name).execute();
    ran.push(task.name);
  }
  return ran;
}

/** Starts the tick timer; the returned function stops it (the app calls it on close). */
export function startScheduler(ctx: AppContext, everyMs = TICK_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = tick(ctx, { tickMs: everyMs }).catch((e) => ctx.errors.capture(e, { tags: { source: 'scheduler' } })).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Starts ticking with the app and stops on close; API tests (env test) tick by hand with their own clock. */
export function registerScheduler(app: import('fastify').FastifyInstance, ctx: AppContext): void {
  if (ctx.config.env === 'test') return;
  const stop = startScheduler(ctx, ctx.config.schedulerTickMs);
  app.addHook('onClose', async () => { await stop(); });
}
