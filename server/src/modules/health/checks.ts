import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

/**
 * GET /api/v1/health for load balancers, Docker and systemd watchdogs (issue 17 item 17): the database, queue, cache
 * and storage are each tried for real. 200 when all answer, 503 naming the part that failed. No sign-in and no
 * secrets: a failed part says only that it failed or timed out (driver errors echo hosts), the details go to the log.
 * The result is kept for two seconds so a flood of probes cannot turn into a flood of storage writes.
 */
const PART_TIMEOUT_MS = 3000;
export type Part = 'database' | 'queue' | 'cache' | 'storage';
export type Result = { ok: boolean; checks: Record<Part, { ok: boolean; ms: number; error?: string }> };

function withTimeout(work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), PART_TIMEOUT_MS); });
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

export async function runChecks(ctx: AppContext, log: (err: unknown, part: Part) => void): Promise<Result> {
  const probe = `health-${crypto.randomBytes(6).toString('hex')}`;
  const parts: Record<Part, () => Promise<unknown>> = {
    database: () => sql`select 1`.execute(ctx.db),
    queue: () => ctx.queue.health(),
    cache: async () => {
      await ctx.cache.set(probe, 1, 10);
      if ((await ctx.cache.get<number>(probe)) !== 1) throw new Error('cache did not keep a value');
      await ctx.cache.delete(probe);
    },
    storage: async () => {
      // The private uploads disk: written, read back by stat and removed.
      const key = `health-checks/${probe}`;
      await ctx.storage.put(key, Buffer.from('ok'));
      if (!(await ctx.storage.stat(key))) throw new Error('storage did not keep a file');
      await ctx.storage.delete(key);
    },
  };
  const entries = await Promise.all((Object.keys(parts) as Part[]).map(async (part) => {
    const started = performance.now();
    try {
      await withTimeout(parts[part]());
      return [part, { ok: true, ms: Math.round(performance.now() - started) }] as const;
    } catch (err) {
      log(err, part);
      const timedOut = err instanceof Error && err.message === 'timed out';
      return [part, { ok: false, ms: Math.round(performance.now() - started), error: timedOut ? 'Timed out.' : 'Failed.' }] as const;
    }
  }));
  const checks = Object.fromEntries(entries) as Result['checks'];
  return { ok: entries.every(([, r]) => r.ok), checks };
}

