import type { FastifyInstance } from 'fastify';
import { translate, auditActionsResponse, auditListResponse, csvExportResponse, listQuerySchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { keysetRows, registerCsvExport } from '../../http/csv-export.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { findUser } from '../users/repository.ts';
import { auditActions, auditListDefinition } from './list.ts';
import { filteredAudit, listAudit } from './repository.ts';

const CSV_COLUMNS = ['id', 'created_at', 'user_id', 'via', 'ip', 'method', 'action', 'record_type', 'record_id', 'status', 'changes'];

/** The audit log screen's calls: the filtered list, the filter choices and the CSV export. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const view = { permission: 'audit_log.view' };
  const def = auditListDefinition(ctx);
  const filtered = (rawQuery: unknown) => filteredAudit(ctx, def, rawQuery);

  const exportLog = registerCsvExport(ctx, {
    resource: 'audit-log',
    subject: translate(undefined, 'Your audit log export is ready'),
    columns: CSV_COLUMNS,
    rows: (rawQuery) => keysetRows((after, limit) => filtered(rawQuery).where('audit_log.id', '>', after).orderBy('audit_log.id').limit(limit).execute(),
      (r: any) => [r.id, r.created_at, r.user_id, r.via, r.ip, r.method, r.action, r.record_type, r.record_id, r.status, r.changes]),
    count: async (rawQuery) => Number((await filtered(rawQuery).clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst() as { n?: unknown } | undefined)?.n ?? 0),
  });

  api.get('/api/v1/audit-log', { config: view, schema: { querystring: listQuerySchema, response: { 200: auditListResponse } } }, async (req) => ({ pagination: await listAudit(ctx, def, req.query) }));

  api.get('/api/v1/audit-log/actions', { config: view, schema: { response: { 200: auditActionsResponse } } }, async () => ({ actions: auditActions(ctx) }));

  api.post('/api/v1/audit-log/csv/export', { config: view, schema: { querystring: listQuerySchema, response: { 200: csvExportResponse } } }, async (req) => {
    const userId = requireUser(req);
    const me = await findUser(ctx.db, userId);
    return exportLog({ id: userId, email: me!.email }, req.query);
  });
}
