import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { ListDefinition } from '../../http/list-query.ts';

/** Matching ids through the trigram index; queries under three characters match a language-code prefix. */
function searchIds(ctx: AppContext, query: string) {
  const q = query.trim();
  if (q.length < 3) {
    // Language codes are short: their unique index answers a prefix match ("pt" finds pt and pt-BR).
    return ctx.db.selectFrom('localizations').select('id').where('language', '>=', q).where('language', '<', `${q}\uffff`);
  }
  if (ctx.dialect === 'sqlite') {
    const phrase = `"${q.replace(/"/g, '""')}"`;
    return ctx.db.selectFrom(sql`localizations_fts`.as('f')).select(sql<number>`rowid`.as('id')).where(sql`localizations_fts`, 'match', phrase);
  }
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ctx.db.selectFrom('localizations').select('id').where(sql`(name || ' ' || language)`, 'ilike', pattern);
}

export function localizationsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { name: 'localizations.name', language: 'localizations.language', created_at: 'localizations.created_at', updated_at: 'localizations.updated_at', id: 'localizations.id' },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'localizations.id',
    filters: {},
    search: (qb, q) => qb.where('localizations.id', 'in', searchIds(ctx, q)),
  };
}
