import type { FastifyInstance } from 'fastify';
import { healthResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { runChecks, type Part, type Result } from './checks.ts';

/** Results are kept this long (see checks.ts). */
const KEEP_MS = 2000;

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  let last: { at: number; result: Promise<Result> } | null = null;
  app.get('/api/v1/health', { config: { permission: 'public' }, schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (req, reply) => {
    if (!last || Date.now() - last.at > KEEP_MS) {
      last = { at: Date.now(), result: runChecks(ctx, (err, part) => req.log.error({ err, part }, 'health check failed')) };
    }
    const { ok, checks } = await last.result;
    const failed = (Object.keys(checks) as Part[]).filter((p) => !checks[p].ok);
    reply.header('cache-control', 'no-store').status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'failing', failed, checks };
  });
}
