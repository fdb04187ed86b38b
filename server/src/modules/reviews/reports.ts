import type { FastifyInstance } from 'fastify';
import { contentReportsResponse, reportsDismissedResponse, type ContentReport } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, typed } from '../../http/schema.ts';
import { REPORTABLE, authorsOf, type ReportableType } from './posting.ts';

/** The newest reports a moderator reads for one item; an item reported more often than this is dismissed as a whole. */
export const REPORTS_SHOWN = 100;

async function assertReportable(ctx: AppContext, type: ReportableType, id: number): Promise<void> {
  const { table, missing } = REPORTABLE.get(type)!;
  const item = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!item) throw notFound(missing);
}

/** Who reported a review, comment or video, why (the optional reason) and when, newest first. */
export async function itemReports(ctx: AppContext, type: ReportableType, id: number): Promise<ContentReport[]> {
  await assertReportable(ctx, type, id);
  const rows = await ctx.db.selectFrom('content_reports').select(['id', 'user_id', 'reason', 'created_at'])
    .where('reportable_type', '=', type).where('reportable_id', '=', id).orderBy('id', 'desc').limit(REPORTS_SHOWN).execute();
  const authors = await authorsOf(ctx.db, rows.map((r) => r.user_id), 'admin');
  return rows.map((r) => ({ id: r.id, reason: r.reason, created_at: r.created_at, user: authors.get(r.user_id) ?? null }));
}

/**
 * A moderator has checked the item: its reports go and its count is back to 0 (so it leaves the "Reported"
 * filter), in one transaction. Members may report it again later. Answers how many reports were dismissed.
 */
export async function dismissReports(ctx: AppContext, type: ReportableType, id: number): Promise<number> {
  await assertReportable(ctx, type, id);
  const { table } = REPORTABLE.get(type)!;
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('content_reports').where('reportable_type', '=', type).where('reportable_id', '=', id).executeTakeFirst();
    await trx.updateTable(table).set({ reports_count: 0 }).where('id', '=', id).execute();
    return Number(res.numDeletedRows);
  });
}

/** `GET {base}/{id}/reports` and `DELETE {base}/{id}/reports` for the moderators of one kind of item. */
export function reportModerationRoutes(app: FastifyInstance, ctx: AppContext, type: ReportableType, base: string, permission: string): void {
  const api = typed(app);
  api.get(`/api/v1/${base}/:id/reports`, { config: { permission }, schema: { params: idParam, response: { 200: contentReportsResponse } } }, async (req) =>
    ({ reports: await itemReports(ctx, type, req.params.id) }));
  api.delete(`/api/v1/${base}/:id/reports`, { config: { permission }, schema: { params: idParam, response: { 200: reportsDismissedResponse } } }, async (req) =>
    ({ dismissed: await dismissReports(ctx, type, req.params.id), message: 'Reports dismissed' }));
}
