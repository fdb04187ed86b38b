import type { AuditEntry } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { filters, type FilterHandler, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { readCounter } from '../../db/versions.ts';
import { displayName } from '../users/repository.ts';

/** Exact match on a text column (action, record type, record id). */
const text = (column: string): FilterHandler => (qb, f) => {
  if (typeof f.value !== 'string' && typeof f.value !== 'number') throw invalidFilter(f.key);
  return qb.where(column, '=', String(f.value));
};

export const AUDIT_COLUMNS = ['audit_log.id', 'audit_log.user_id', 'audit_log.via', 'audit_log.ip', 'audit_log.method', 'audit_log.action', 'audit_log.record_type', 'audit_log.record_id', 'audit_log.status', 'audit_log.changes', 'audit_log.created_at'] as const;

/** Newest first; every filter has an index that ends in the list order (0031_audit_log). */
export function auditListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { created_at: 'audit_log.created_at' },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'audit_log.id',
    filters: {
      user_id: filters.id('audit_log.user_id'),
      action: text('audit_log.action'),
      record_type: text('audit_log.record_type'),
      record_id: text('audit_log.record_id'),
      created_at: filters.date('audit_log.created_at'),
    },
    unfilteredTotal: () => readCounter(ctx.db, 'rows:audit_log'),
    countCap: { db: ctx.db, max: 10_000 },
  };
}

/** The audit rows of a page with their users (one query for all of them). */
export async function toEntries(ctx: AppContext, rows: any[]): Promise<AuditEntry[]> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const users = ids.length ? await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'avatar']).where('id', 'in', ids).execute() : [];
  const byId = new Map(users.map((u) => [u.id, { id: u.id, email: u.email, avatar: u.avatar, display_name: displayName(u) }]));
  return rows.map((r) => ({
    id: r.id, via: r.via, ip: r.ip, method: r.method, action: r.action, record_type: r.record_type, record_id: r.record_id,
    status: r.status, created_at: r.created_at, user: (r.user_id !== null && byId.get(r.user_id)) || null,
    changes: r.changes ? JSON.parse(r.changes) : null,
  }));
}

/** The calls the log can hold (every write route), for the action filter's choices: no scan of the log. */
export function auditActions(ctx: AppContext): string[] {
  return [...new Set(ctx.routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method)).map((r) => r.url))].sort();
}
