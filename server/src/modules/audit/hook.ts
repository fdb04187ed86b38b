import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { AuditRecorder } from './recorder.ts';
import { diff, SNAPSHOTS, type Snapshot } from './snapshots.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auditBefore?: Snapshot | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A viewer's own activity, not administration: watching, signing in and out. */
const NOT_ADMINISTRATION = new Set(['/api/v1/videos/:id/plays', '/api/v1/videos/:id/progress', '/api/v1/auth/login', '/api/v1/auth/logout']);

const recorders = new WeakMap<AppContext, AuditRecorder>();
/** The app's recorder (tests flush it to read what was logged). */
export const auditRecorder = (ctx: AppContext): AuditRecorder => recorders.get(ctx)!;

/** The record a call acts on: the module's path segment and the id (or ids) in the URL. */
function recordOf(req: FastifyRequest, route: string): { type: string | null; id: string | null } {
  const type = /^\/api\/v1\/([a-z_-]+)/.exec(route)?.[1] ?? null;
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const name of ['id', 'ids', 'uuid', 'name', 'slugOrId', 'articleId', 'productId']) {
    if (!Object.hasOwn(params, name)) continue;
    // Route schemas hand over parsed params: an id is a number, a bulk call's ids an array.
    const value = params[name];
    if (typeof value === 'string' || typeof value === 'number') return { type, id: String(value).slice(0, 100) };
    if (Array.isArray(value)) return { type, id: value.join(',').slice(0, 100) };
  }
  return { type, id: null };
}

/** Who an audited write comes from: anyone with a token, and admin-area users acting on the site's data. */
function audited(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (READS.has(req.method) || !route?.startsWith('/api/v1/') || NOT_ADMINISTRATION.has(route)) return false;
  if (!req.auth?.userId) return false;
  return req.auth.via === 'token' || req.auth.can('admin.access');
}

/**
 * Logs every write made through the admin or with a token. The before-image of compared records is read ahead of the
 * handler; the after-image and the row itself are made once the answer is sent, then written in batches.
 */
export function registerAudit(app: FastifyInstance, ctx: AppContext): AuditRecorder {
  const recorder = new AuditRecorder(ctx);
  recorders.set(ctx, recorder);

  app.addHook('preHandler', async (req) => {
    if (!audited(req)) return;
    const snapshot = SNAPSHOTS.get(`${req.method} ${req.routeOptions.url}`);
    if (snapshot) req.auditBefore = await snapshot(ctx, req).catch(() => null);
  });

  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 400 || !audited(req)) return;
    const route = req.routeOptions.url!;
    const createdAt = nowIso();
    const status = reply.statusCode;
    recorder.make(async () => {
      const snapshot = SNAPSHOTS.get(`${req.method} ${route}`);
      const after = snapshot ? await snapshot(ctx, req).catch(() => null) : null;
      const record = recordOf(req, route);
      const changes = snapshot ? diff(req.auditBefore ?? null, after) : null;
      return {
        user_id: req.auth.userId,
        via: req.auth.via === 'token' ? 'token' : 'session',
        ip: req.ip?.slice(0, 45) ?? null,
        method: req.method,
        action: route.slice(0, 255),
        record_type: record.type,
        record_id: record.id,
        status,
        changes: changes ? JSON.stringify(changes) : null,
        created_at: createdAt,
      };
    });
  });

  app.addHook('onClose', async () => recorder.flush());
  return recorder;
}
