import type { SearchDocument } from '../../drivers/search/search.ts';
import type { AppContext } from '../../context.ts';

/** A kind of record the search engines index: its documents come in batches, by id. */
export interface SearchModel {
  model: string;
  name: string;
  documents(ctx: AppContext): AsyncIterable<SearchDocument[]>;
  /** The documents of these ids that still exist (a write's sync); the others are removed from the index. */
  find?(ctx: AppContext, ids: number[]): Promise<SearchDocument[]>;
}

const MODELS = new Map<string, SearchModel>();

/** Feature modules add their searchable models here (titles, people, ... as they land). */
export function registerSearchModel(m: SearchModel): void {
  MODELS.set(m.model, m);
}

export const searchModels = () => [...MODELS.values()];
export const searchModel = (model: string) => MODELS.get(model);

const BATCH = 500;

registerSearchModel({
  model: 'users',
  name: 'Users',
  find: (ctx, ids) => ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', ids).execute(),
  async *documents(ctx) {
    let after = 0;
    for (;;) {
      const rows = await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name'])
        .where('id', '>', after).orderBy('id').limit(BATCH).execute();
      if (!rows.length) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  },
});
