import type { AppContext } from '../../context.ts';
import { applyFilters, paginate, parseListQuery, type ListDefinition } from '../../http/list-query.ts';
import { AUDIT_COLUMNS, toEntries } from './list.ts';

/** The audit rows a list query's filters select, unordered (the CSV export pages through them by id). */
export const filteredAudit = (ctx: AppContext, def: ListDefinition, rawQuery: unknown) =>
  applyFilters(ctx.db.selectFrom('audit_log').select([...AUDIT_COLUMNS]) as any, def, parseListQuery(rawQuery).filterItems);

/** One page of the audit log screen, each entry with its user. */
export async function listAudit(ctx: AppContext, def: ListDefinition, query: unknown) {
  const page = await paginate(ctx.db.selectFrom('audit_log').select([...AUDIT_COLUMNS]), query, def);
  return { ...page, data: await toEntries(ctx, page.data) };
}
