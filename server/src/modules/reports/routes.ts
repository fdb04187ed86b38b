import type { FastifyInstance } from 'fastify';
import {
  BEACON_MAX_BYTES, adminReportResponse, doneResponse, insightsQuerySchema, insightsResponse, pageViewBeaconSchema, reportQuerySchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { parse } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { isBot } from '../plays/device.ts';
import { visitorId } from '../videos/watch.ts';
import { BeaconLimiter } from './beacon-limit.ts';
import { adminReport, insights } from './service.ts';
import { referrerDomain, visitTracker } from './visits.ts';
import './rollup.ts';

/** Page views from one address: a person browsing never gets near it; a script flooding the table does. */
export const BEACON_LIMIT: RateLimit = { name: 'page-view-beacon', max: 120, windowSeconds: 60, message: 'Too many requests. Please try again in :seconds seconds.' };

/**
 * The visit beacon and the report calls. The beacon validates, checks the address's rate and queues (202); the
 * batcher writes page views off the request path and the rollup job turns them into the hour and day rows reports read.
 */
export function reportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tracker = visitTracker(ctx);
  const limiter = new BeaconLimiter(BEACON_LIMIT);
  // Parsed once: the beacon is the busiest call there is.
  const ownHost = new URL(ctx.config.appUrl).hostname;
  app.addHook('onClose', () => tracker.close());
  const api = typed(app);

  app.post('/api/v1/reports/visits', { config: { permission: 'public' }, bodyLimit: BEACON_MAX_BYTES, schema: { response: { 202: doneResponse } } }, async (req, reply) => {
    // Counted before validation (so the body is parsed here, not by a route schema): a flood of forged beacons is
    // limited like a flood of good ones.
    limiter.consume(req.ip);
    const input = parse(pageViewBeaconSchema, req.body);
    const ua = req.headers['user-agent'];
    // A crawler's view is accepted and dropped: it learns nothing from a different answer.
    if (!isBot(ua)) {
      tracker.push({
        visitorId: req.auth.userId ? `u${req.auth.userId}` : visitorId(req, reply), userId: req.auth.userId ?? null, path: input.path,
        modelType: input.model_type ?? null, modelId: input.model_id ?? null, referrer: referrerDomain(input.referrer, ownHost),
        at: nowIso(), ip: req.ip, userAgent: ua!,
      });
    }
    return reply.status(202).send({});
  });

  // Reports read rollups (a handful of indexed range sums; insights, a model's raw plays by index), so they answer on the request path.
  api.get('/api/v1/admin/reports', { config: { permission: 'reports.view' }, schema: { querystring: reportQuerySchema, response: { 200: adminReportResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return adminReport(ctx, req.query);
  });

  api.get('/api/v1/reports/insights', { config: { permission: 'reports.view' }, schema: { querystring: insightsQuerySchema, response: { 200: insightsResponse } } }, async (req, reply) => {
    // Insight reports are never treated as stale (spec): the client keeps them; the server answers fresh each time.
    reply.header('cache-control', 'private, no-store');
    return insights(ctx, req.query);
  });
}
