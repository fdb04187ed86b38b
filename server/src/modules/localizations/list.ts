import type { AppContext } from '../../context.ts';
import type { ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';

// Language codes are short: a query under three characters is a language-code prefix ("pt" finds pt and pt-BR).
const INDEX = { table: 'localizations', expression: "name || ' ' || language", prefixColumn: 'localizations.language' };

export function localizationsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { name: 'localizations.name', language: 'localizations.language', created_at: 'localizations.created_at', updated_at: 'localizations.updated_at', id: 'localizations.id' },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'localizations.id',
    filters: {},
    search: trigramSearch(ctx.db, ctx.dialect, INDEX),
  };
}
