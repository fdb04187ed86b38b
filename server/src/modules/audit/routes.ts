import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { keysetRows, registerCsvExport } from '../../http/csv-export.ts';
import { requireUser } from '../../http/auth.ts';
import { applyFilters, paginate, parseListQuery } from '../../http/list-query.ts';
import { AUDIT_COLUMNS, auditActions, auditListDefinition, toEntries } from './list.ts';

const CSV_COLUMNS = ['id', 'created_at', 'user_id', 'via', 'ip', 'method', 'action', 'record_type', 'record_id', 'status', 'changes'];

/** The audit log screen's calls: the filtered list, the filter choices and the CSV export. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const view = { config: { permission: 'audit_log.view' } };
  const def = auditListDefinition(ctx);
  const filtered = (rawQuery: unknown) => applyFilters(ctx.db.selectFrom('audit_log').select([...AUDIT_COLUMNS]) as any, def, parseListQuery(rawQuery).filterItems);

  const exportLog = registerCsvExport(ctx, {
    resource: 'audit-log',
    subject: 'Your audit log export is ready',
    columns: CSV_COLUMNS,
    rows: (rawQuery) => keysetRows((after, limit) => filtered(rawQuery).where('audit_log.id', '>', after).orderBy('audit_log.id').limit(limit).execute(),
      (r: any) => [r.id, r.created_at, r.user_id, r.via, r.ip, r.method, r.action, r.record_type, r.record_id, r.status, r.changes]),
    count: async (rawQuery) => Number((await filtered(rawQuery).clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst() as { n?: unknown } | undefined)?.n ?? 0),
  });

  app.get('/api/v1/audit-log', view, async (req) => {
    const page = await paginate(ctx.db.selectFrom('audit_log').select([...AUDIT_COLUMNS]), req.query, def);
    return { pagination: { ...page, data: await toEntries(ctx, page.data) } };
  });

  app.get('/api/v1/audit-log/actions', view, async () => ({ actions: auditActions(ctx) }));

  app.post('/api/v1/audit-log/csv/export', view, async (req) => {
    const userId = requireUser(req);
    const me = await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    return exportLog({ id: userId, email: me.email }, req.query);
  });
}
