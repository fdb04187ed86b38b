import type { Tag } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { filters, paginate, type ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';

export const TAG_COLUMNS = ['tags.id', 'tags.name', 'tags.display_name', 'tags.type', 'tags.created_at', 'tags.updated_at'] as const;

export function tagsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { name: 'tags.name', display_name: 'tags.display_name', type: 'tags.type', created_at: 'tags.created_at', updated_at: 'tags.updated_at' },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'tags.id',
    filters: {
      type: (qb, f) => qb.where('tags.type', f.operator === '!=' ? '!=' : '=', String(f.value)),
      created_at: filters.date('tags.created_at'),
      updated_at: filters.date('tags.updated_at'),
    },
    search: trigramSearch(ctx.db, ctx.dialect, { table: 'tags', expression: "coalesce(name, '') || ' ' || coalesce(display_name, '')", prefixColumn: 'tags.name' }),
  };
}

export async function findTag(db: Db, id: number): Promise<Tag | null> {
  return (await db.selectFrom('tags').select(TAG_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** One page of the tags list (filters, search and sort from the list query). */
export async function listTags(ctx: AppContext, query: unknown) {
  return paginate(ctx.db.selectFrom('tags').select(TAG_COLUMNS), query, tagsListDefinition(ctx));
}
